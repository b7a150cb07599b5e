import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { StudentPrintingLog } from 'shared-api';
import { PrintLogTable } from 'shared-ui';

interface Props {
  logs: StudentPrintingLog[];
  loading: boolean;
  onOpen(log: StudentPrintingLog): void;
  onCancel(log: StudentPrintingLog): void;
  /** A search or filter is set: an empty list then means nothing matches, not no requests yet. */
  filtered: boolean;
}

/** The history table: a row opens its details; a queued row also shows its place and offers to cancel. */
export function HistoryTable({ logs, loading, onOpen, onCancel, filtered }: Props) {
  const { t } = useTranslation('student');
  return (
    <PrintLogTable<StudentPrintingLog>
      aria-label={t('history.title')}
      logs={logs}
      loading={loading}
      minWidth={1090}
      emptyText={filtered ? t('history.noMatch') : t('history.empty')}
      onOpen={onOpen}
      extraColumns={[
        {
          key: 'position',
          title: t('history.columns.position'),
          width: 80,
          render: (_, log) => (log.status === 'Queued' && log.position != null ? log.position : '—'),
        },
      ]}
      actions={(log) =>
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
        ) : null
      }
    />
  );
}
