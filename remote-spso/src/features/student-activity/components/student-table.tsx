import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { StudentRecord } from 'shared-api';
import { ResponsiveTable, type ResponsiveColumn, type ServerPaging } from 'shared-ui';
import { formatCount, formatVnd, fullName } from '../activity-format';

/** The students of one server page: name, code, faculty, class, sheets printed, total paid, history. */
export function StudentTable({
  students,
  loading,
  paging,
  onHistory,
}: {
  students: StudentRecord[];
  loading: boolean;
  paging: ServerPaging;
  onHistory(student: StudentRecord): void;
}) {
  const { t, i18n } = useTranslation('spso');
  const n = (value: number) => formatCount(value, i18n.language);
  const columns: ResponsiveColumn<StudentRecord>[] = [
    { key: 'name', title: t('activities.columns.name'), card: 'title', render: (_: unknown, row) => fullName(row) },
    { key: 'mssv', dataIndex: 'mssv', title: t('activities.columns.mssv') },
    {
      key: 'major',
      dataIndex: 'major',
      title: t('activities.columns.major'),
      render: (value: string | null) => value || '—',
    },
    {
      key: 'classes',
      dataIndex: 'classes',
      title: t('activities.columns.classes'),
      render: (value: string | null) => value || '—',
    },
    {
      key: 'printed',
      title: t('activities.columns.printed'),
      render: (_: unknown, row) => t('activities.printedValue', { a4: n(row.printedA4), a3: n(row.printedA3) }),
    },
    {
      key: 'payment',
      dataIndex: 'total_payment',
      title: t('activities.columns.payment'),
      align: 'right',
      render: (value: number) => formatVnd(value, i18n.language),
    },
    {
      key: 'history',
      title: t('activities.columns.history'),
      card: 'actions',
      render: (_: unknown, row) => (
        <Button
          size="small"
          icon={<HistoryOutlined />}
          aria-label={t('activities.historyOf', { name: fullName(row), mssv: row.mssv })}
          onClick={() => onHistory(row)}
        >
          {t('activities.history')}
        </Button>
      ),
    },
  ];
  return (
    <ResponsiveTable<StudentRecord>
      aria-label={t('activities.listLabel')}
      columns={columns}
      dataSource={students}
      rowKey="mssv"
      loading={loading}
      serverPaging={paging}
      emptyText={t('activities.empty')}
    />
  );
}
