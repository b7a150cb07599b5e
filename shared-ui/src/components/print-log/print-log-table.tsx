import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import type { PrintingLog } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { PrintStatusTag } from '../print-status-tag/print-status-tag';
import { ResponsiveTable, type ResponsiveColumn } from '../responsive-table/responsive-table';
import { toVietnamTime } from '../vietnam-time/vietnam-time';
import { failureReasonText, optionsSummary, type PrintLogOptions } from './options-summary';

export interface PrintLogTableProps<T extends PrintingLog & PrintLogOptions & { failureReason?: string | null }> {
  logs: T[];
  loading: boolean;
  onOpen(log: T): void;
  /** Columns of one role placed after the printer (e.g. the queue position). */
  extraColumns?: ResponsiveColumn<T>[];
  /** The row's actions (e.g. cancel a queued job): always in view, on a card too. */
  actions?(log: T): ReactNode;
  /** What an empty list says. */
  emptyText: ReactNode;
  minWidth?: number;
  'aria-label'?: string;
}

/**
 * A list of printing logs: file, status, printer, date and options, a table on wide screens and cards on
 * a phone; a row opens its details. The student's history uses it; a printer's log for staff and officers
 * is the same list.
 */
export function PrintLogTable<T extends PrintingLog & PrintLogOptions & { failureReason?: string | null }>({
  logs,
  loading,
  onOpen,
  extraColumns = [],
  actions,
  emptyText,
  minWidth,
  'aria-label': ariaLabel,
}: PrintLogTableProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const columns: ResponsiveColumn<T>[] = [
    {
      key: 'file',
      title: t('printLog.columns.fileName'),
      width: 220,
      ellipsis: true,
      card: 'title',
      render: (_, log) => log.document.title,
    },
    {
      key: 'status',
      title: t('printLog.columns.status'),
      width: 150,
      // a job ended by someone else says why on its row (a disabled printer, the printer's error)
      render: (_, log) => (
        <>
          <PrintStatusTag status={log.status} />
          {log.status === 'Failed' && log.failureReason ? (
            <Typography.Text type="secondary" data-testid="failure-reason" style={{ display: 'block', fontSize: 12 }}>
              {failureReasonText(log.failureReason, t)}
            </Typography.Text>
          ) : null}
        </>
      ),
    },
    { key: 'printer', title: t('printLog.columns.printerId'), width: 110, dataIndex: 'printerId' },
    ...extraColumns,
    {
      key: 'date',
      title: t('printLog.columns.printDate'),
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
    { key: 'options', title: t('printLog.columns.options'), width: 300, render: (_, log) => optionsSummary(log, t) },
    ...(actions
      ? [
          {
            key: 'actions',
            title: t('printLog.columns.actions'),
            width: 150,
            card: 'actions' as const,
            render: (_: unknown, log: T) => actions(log),
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable<T>
      aria-label={ariaLabel}
      rowKey="_id"
      columns={columns}
      dataSource={logs}
      loading={loading}
      minWidth={minWidth}
      emptyText={emptyText}
      onOpen={onOpen}
      openLabel={(log) => t('printLog.openDetail', { name: log.document.title })}
    />
  );
}
