import { useTranslation } from 'react-i18next';
import { Button, Flex } from 'antd';
import { ClockCircleOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import type { StudentPrintingLog } from 'shared-api';
import { PrintLogTable } from 'shared-ui';
import { HeldReleaseInfo } from './held-release-info';
import { QueueEstimate, queuePlace } from './queue-estimate';

interface Props {
  logs: StudentPrintingLog[];
  loading: boolean;
  onOpen(log: StudentPrintingLog): void;
  onCancel(log: StudentPrintingLog): void;
  /** Held job: 30 minutes more (once). */
  onExtend(log: StudentPrintingLog): void;
  /** Held or Queued job: to another printer. */
  onMove(log: StudentPrintingLog): void;
  /** The job whose extension is being sent (its button spins). */
  extending?: string | null;
  /** A search or filter is set: an empty list then means nothing matches, not no requests yet. */
  filtered: boolean;
}

/**
 * The history table (cards on a phone): a row opens its details; a queued row shows its place and when
 * it should start, a held row its release code and the time left; both can move, a held one extend.
 */
export function HistoryTable({ logs, loading, onOpen, onCancel, onExtend, onMove, extending, filtered }: Props) {
  const { t } = useTranslation('student');
  // a button inside a row must not open the row's details as well
  const act = (handler: (log: StudentPrintingLog) => void, log: StudentPrintingLog) => (event: React.MouseEvent) => {
    event.stopPropagation();
    handler(log);
  };
  return (
    <PrintLogTable<StudentPrintingLog>
      aria-label={t('history.title')}
      logs={logs}
      loading={loading}
      minWidth={1420}
      emptyText={filtered ? t('history.noMatch') : t('history.empty')}
      onOpen={onOpen}
      extraColumns={[
        {
          key: 'position',
          title: t('history.columns.position'),
          width: 80,
          render: (_, log) => queuePlace(log) ?? '—',
        },
        {
          key: 'estimate',
          title: t('history.columns.estimate'),
          width: 130,
          render: (_, log) => <QueueEstimate log={log} />,
        },
        {
          key: 'release',
          title: t('history.columns.release'),
          width: 200,
          render: (_, log) => (log.status === 'Held' ? <HeldReleaseInfo log={log} /> : '—'),
        },
      ]}
      actions={(log) =>
        log.status === 'Queued' || log.status === 'Held' ? (
          <Flex gap={8} wrap>
            {log.status === 'Held' && !log.extended ? (
              <Button
                type="primary"
                icon={<ClockCircleOutlined />}
                loading={extending === log._id}
                onClick={act(onExtend, log)}
              >
                {t('history.extendAction')}
              </Button>
            ) : null}
            <Button icon={<SwapOutlined />} onClick={act(onMove, log)}>
              {t('history.moveAction')}
            </Button>
            <Button danger icon={<StopOutlined />} onClick={act(onCancel, log)}>
              {t('history.cancelAction')}
            </Button>
          </Flex>
        ) : null
      }
    />
  );
}
