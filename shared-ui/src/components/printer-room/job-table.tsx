import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Typography } from 'antd';
import type { StaffJobEntry } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { failureReasonText } from '../print-log/options-summary';
import { PrintStatusTag } from '../print-status-tag/print-status-tag';
import { ResponsiveTable, type ResponsiveColumn, type ServerPaging } from '../responsive-table/responsive-table';
import { formatVietnamDateTime } from '../vietnam-time/vietnam-time';

/** The columns a job list shows, in order (queue, printer log, a student's history). */
export type JobColumnKey =
  | 'createdAt'
  | 'studentCode'
  | 'studentName'
  | 'printerId'
  | 'document'
  | 'fileName'
  | 'pageCount'
  | 'copies'
  | 'status'
  | 'pages'
  /** Queue answers only: the waiting job's place (1 = next). */
  | 'position'
  /** Queue answers only: when the waiting job should start, relative to now ('~ 5 phút nữa'). */
  | 'estimatedStart';

export interface JobTableProps {
  jobs: StaffJobEntry[];
  loading: boolean;
  columns: JobColumnKey[];
  emptyText: string;
  /** One page of a list paged on the server. */
  serverPaging?: ServerPaging;
  'aria-label'?: string;
}

/** How often the relative start times are drawn again while the table is open. */
const CLOCK_TICK_MS = 30_000;

/** The time now, moved on every `tickMs` while `on` (a relative time must not freeze in an open dialog). */
function useNow(on: boolean, tickMs = CLOCK_TICK_MS): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [on, tickMs]);
  return now;
}

/**
 * A waiting job's estimated start, relative to `now`: 'Sắp in' within half a minute (or past: the job
 * ahead is running late), else '~ 5 phút nữa' / '~ 1 giờ 20 phút nữa' rounded to the minute; the server
 * says null while the printer cannot print (paused, its device in error).
 */
export function estimatedStartText(iso: string | null | undefined, now: number, t: TFunction<'ui'>): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return t('printerRoom.jobs.startUnknown');
  const ms = at - now;
  if (ms <= 30_000) return t('printerRoom.jobs.startsSoon');
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return t('printerRoom.jobs.startsInMinutes', { count: minutes });
  return t('printerRoom.jobs.startsInHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** 'Nguyễn Văn An' (family name first), or null for a job with no student. */
function studentName(job: StaffJobEntry): string | null {
  const name = [job.lastName, job.firstName].filter(Boolean).join(' ');
  return name || null;
}

/**
 * Print jobs as staff and officers see them: a table in a dialog, cards on a phone. A job with no student
 * (the account removed) shows '—' in the student's columns; a cancelled one says why.
 */
export function JobTable({ jobs, loading, columns, emptyText, serverPaging, 'aria-label': ariaLabel }: JobTableProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const none = t('printerRoom.placeholder');
  const now = useNow(columns.includes('estimatedStart'));
  // the estimate is a waiting job's only (the job printing has started)
  const waiting = (job: StaffJobEntry) => job.status === 'Queued';
  const all: Record<JobColumnKey, ResponsiveColumn<StaffJobEntry>> = {
    createdAt: {
      key: 'createdAt',
      title: t('printerRoom.jobs.createdAt'),
      width: 160,
      render: (_, job) => formatVietnamDateTime(job.createdAt),
    },
    studentCode: {
      key: 'studentCode',
      title: t('printerRoom.jobs.studentCode'),
      width: 100,
      render: (_, job) => (job.user_id && job.mssv) || none,
    },
    studentName: {
      key: 'studentName',
      title: t('printerRoom.jobs.studentName'),
      width: 160,
      render: (_, job) => (job.user_id && studentName(job)) || none,
    },
    printerId: { key: 'printerId', title: t('printerRoom.jobs.printerId'), dataIndex: 'printerId', width: 110 },
    document: {
      key: 'document',
      title: t('printerRoom.jobs.document'),
      width: 200,
      ellipsis: true,
      card: 'title',
      render: (_, job) => job.document.title,
    },
    fileName: {
      key: 'fileName',
      title: t('printerRoom.jobs.fileName'),
      width: 200,
      ellipsis: true,
      card: 'title',
      render: (_, job) => job.document.title,
    },
    pageCount: {
      key: 'pageCount',
      title: t('printerRoom.jobs.pageCount'),
      width: 90,
      align: 'center',
      render: (_, job) => job.document.pages,
    },
    copies: { key: 'copies', title: t('printerRoom.jobs.copies'), dataIndex: 'numVersion', width: 80, align: 'center' },
    status: {
      key: 'status',
      title: t('printerRoom.jobs.status'),
      width: 150,
      render: (_, job) => (
        <>
          <PrintStatusTag status={job.status} />
          {job.status === 'Failed' && job.failureReason && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {failureReasonText(job.failureReason, t)}
            </Typography.Text>
          )}
        </>
      ),
    },
    pages: {
      key: 'pages',
      title: t('printerRoom.jobs.pages'),
      width: 110,
      render: (_, job) => t('printerRoom.jobs.pagesValue', { count: job.total_pages, size: job.paperSize }),
    },
    position: {
      key: 'position',
      title: t('printerRoom.jobs.position'),
      width: 80,
      align: 'center',
      render: (_, job) => (waiting(job) && job.queuePosition) || none,
    },
    estimatedStart: {
      key: 'estimatedStart',
      title: t('printerRoom.jobs.estimatedStart'),
      width: 140,
      render: (_, job) =>
        waiting(job) ? (
          <span title={job.estimatedStart ? formatVietnamDateTime(job.estimatedStart) : undefined}>
            {estimatedStartText(job.estimatedStart, now, t)}
          </span>
        ) : (
          none
        ),
    },
  };
  return (
    <ResponsiveTable<StaffJobEntry>
      aria-label={ariaLabel}
      rowKey="_id"
      size="small"
      columns={columns.map((key) => all[key])}
      dataSource={jobs}
      loading={loading}
      pageSize={serverPaging?.pageSize ?? 100}
      serverPaging={serverPaging}
      minWidth={columns.length * 110}
      emptyText={emptyText}
    />
  );
}
