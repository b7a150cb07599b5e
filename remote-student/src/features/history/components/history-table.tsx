import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { StudentPrintingLog } from 'shared-api';
import {
  optionsSummary,
  PrintStatusTag,
  ResponsiveTable,
  toVietnamTime,
  UI_NAMESPACE,
  type ResponsiveColumn,
} from 'shared-ui';

interface Props {
  logs: StudentPrintingLog[];
  loading: boolean;
  onOpen(log: StudentPrintingLog): void;
  onCancel(log: StudentPrintingLog): void;
  /** A search or filter is set: an empty list then means nothing matches, not no requests yet. */
  filtered: boolean;
}

/** The history table: a row opens its details; a queued row also offers to cancel. */
export function HistoryTable({ logs, loading, onOpen, onCancel, filtered }: Props) {
  const { t } = useTranslation('student');
  const { t: ui } = useTranslation(UI_NAMESPACE);
  const columns: ResponsiveColumn<StudentPrintingLog>[] = [
    {
      key: 'file',
      title: t('history.columns.fileName'),
      width: 220,
      ellipsis: true,
      card: 'title',
      render: (_, log) => log.document.title,
    },
    {
      key: 'status',
      title: t('history.columns.status'),
      width: 110,
      render: (_, log) => <PrintStatusTag status={log.status} />,
    },
    { key: 'printer', title: t('history.columns.printerId'), width: 110, dataIndex: 'printerId' },
    {
      key: 'position',
      title: t('history.columns.position'),
      width: 80,
      render: (_, log) => (log.status === 'Queued' && log.position != null ? log.position : '—'),
    },
    {
      key: 'date',
      title: t('history.columns.printDate'),
      width: 120,
      render: (_, log) => {
        const { date, time } = toVietnamTime(log.createdAt);
        return (
          <span data-testid="print-date">
            {date}
            <br />
            {time}
          </span>
        );
      },
    },
    { key: 'options', title: t('history.columns.options'), width: 300, render: (_, log) => optionsSummary(log, ui) },
    {
      key: 'actions',
      title: t('history.columns.actions'),
      width: 150,
      card: 'actions',
      render: (_, log) =>
        log.status === 'Queued' ? (
          <Button
            danger
            size="small"
            icon={<StopOutlined />}
            onClick={(event) => {
              event.stopPropagation();
              onCancel(log);
            }}
          >
            {t('history.cancelAction')}
          </Button>
        ) : null,
    },
  ];
  return (
    <ResponsiveTable<StudentPrintingLog>
      aria-label={t('history.title')}
      rowKey="_id"
      columns={columns}
      dataSource={logs}
      loading={loading}
      minWidth={1090}
      emptyText={filtered ? t('history.noMatch') : t('history.empty')}
      onOpen={onOpen}
      openLabel={(log) => t('history.openDetail', { name: log.document.title })}
    />
  );
}
