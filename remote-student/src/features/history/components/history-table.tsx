import { useTranslation } from 'react-i18next';
import { Button, Table, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { StudentPrintingLog } from 'shared-api';
import { PrintStatusTag, toVietnamTime } from 'shared-ui';
import { optionsSummary } from './options-summary';

interface Props {
  logs: StudentPrintingLog[];
  loading: boolean;
  onOpen(log: StudentPrintingLog): void;
  onCancel(log: StudentPrintingLog): void;
}

/** The history table: a row opens its details; a queued row also offers to cancel. */
export function HistoryTable({ logs, loading, onOpen, onCancel }: Props) {
  const { t } = useTranslation('student');
  const columns: TableColumnsType<StudentPrintingLog> = [
    {
      key: 'file',
      title: t('history.columns.fileName'),
      width: 220,
      ellipsis: true,
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
    { key: 'options', title: t('history.columns.options'), width: 300, render: (_, log) => optionsSummary(log, t) },
    {
      key: 'actions',
      title: t('history.columns.actions'),
      width: 150,
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
    <Table<StudentPrintingLog>
      rowKey="_id"
      size="middle"
      columns={columns}
      dataSource={logs}
      loading={loading}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      scroll={{ x: 1090, y: 470 }}
      locale={{ emptyText: t('history.empty') }}
      onRow={(log) => ({ onClick: () => onOpen(log), style: { cursor: 'pointer' } })}
    />
  );
}
