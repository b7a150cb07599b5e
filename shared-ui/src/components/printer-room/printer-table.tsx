import { useTranslation } from 'react-i18next';
import { Button, Flex, Skeleton, Tag } from 'antd';
import type { AdminPrinter } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { DeviceStateTag } from '../device-state/device-state';
import { PrinterStatusTag } from '../print-status-tag/printer-status-tag';
import { ResponsiveTable, type ResponsiveColumn } from '../responsive-table/responsive-table';
import { formatVietnamDate } from '../vietnam-time/vietnam-time';
import { locationText } from './location-text';

/**
 * The columns a role's printer table shows, in order: the officer's table is printer ID, status, location,
 * activation date, waiting count, the 'Hiện tại'/'Lịch sử' buttons and 'Cấu hình'; the staff table is
 * printer ID, the queue count with its details button, 'Lịch sử', status and 'Cấu hình'. The status shows a
 * real printer's device state beside it, and a held printer says so.
 */
export type PrinterColumnKey =
  'printerId' | 'status' | 'location' | 'activatedTime' | 'waiting' | 'requests' | 'queue' | 'history' | 'configure';

export const SPSO_PRINTER_COLUMNS: PrinterColumnKey[] = [
  'printerId',
  'status',
  'location',
  'activatedTime',
  'waiting',
  'requests',
  'configure',
];
export const STAFF_PRINTER_COLUMNS: PrinterColumnKey[] = ['printerId', 'queue', 'history', 'status', 'configure'];

export interface PrinterTableProps {
  printers: AdminPrinter[];
  loading: boolean;
  columns: PrinterColumnKey[];
  /** 'Hiện tại' / the queue's details: the printer's current queue. */
  onCurrent(printer: AdminPrinter): void;
  /** 'Lịch sử': the printer's print log. */
  onHistory(printer: AdminPrinter): void;
  /** 'Cấu hình': the configuration dialog. */
  onConfigure(printer: AdminPrinter): void;
}

const SKELETON_ROWS = 5;

/** Placeholder rows while the first list loads, in the table's place. */
function PrinterTableSkeleton() {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <div role="status" aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <div
          key={i}
          data-testid="printer-skeleton-row"
          style={{ display: 'flex', gap: 16, padding: '12px 8px', borderBottom: '1px solid #f0f0f0' }}
        >
          <Skeleton.Input active size="small" style={{ width: 90, minWidth: 0 }} />
          <Skeleton.Input active size="small" block />
          <Skeleton.Button active size="small" />
        </div>
      ))}
    </div>
  );
}

/**
 * Every printer of the room as a table, or as cards below 992 px (readable at 360 px: each value labelled,
 * the buttons always in view). The columns are the role's; the buttons open the dialogs the page holds.
 */
export function PrinterTable({ printers, loading, columns, onCurrent, onHistory, onConfigure }: PrinterTableProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  if (loading && printers.length === 0) return <PrinterTableSkeleton />;

  const all: Record<PrinterColumnKey, ResponsiveColumn<AdminPrinter>> = {
    printerId: {
      key: 'printerId',
      title: t('printerRoom.columns.printerId'),
      dataIndex: 'printerId',
      width: 120,
      card: 'title',
    },
    status: {
      key: 'status',
      title: t('printerRoom.columns.status'),
      width: 150,
      // a real printer's device state beside its status (nothing for a simulated one)
      render: (_, printer) => (
        <Flex gap={4} align="flex-start" wrap>
          <PrinterStatusTag status={printer.status} />
          <DeviceStateTag device={printer.device} />
          {printer.releaseMode === 'held' && <Tag color="purple">{t('printerRoom.form.heldMark')}</Tag>}
        </Flex>
      ),
    },
    location: {
      key: 'location',
      title: t('printerRoom.columns.location'),
      width: 170,
      render: (_, printer) => locationText(printer.location, t),
    },
    activatedTime: {
      key: 'activatedTime',
      title: t('printerRoom.columns.activatedTime'),
      width: 170,
      render: (_, printer) => formatVietnamDate(printer.activatedTime) || t('printerRoom.placeholder'),
    },
    waiting: {
      key: 'waiting',
      title: t('printerRoom.columns.waiting'),
      dataIndex: 'waiting_amount',
      width: 110,
      align: 'center',
    },
    requests: {
      key: 'requests',
      title: t('printerRoom.columns.requests'),
      width: 190,
      card: 'actions',
      render: (_, printer) => (
        <Flex gap={8} wrap>
          <Button size="small" onClick={() => onCurrent(printer)}>
            {t('printerRoom.actions.current')}
          </Button>
          <Button size="small" onClick={() => onHistory(printer)}>
            {t('printerRoom.actions.history')}
          </Button>
        </Flex>
      ),
    },
    queue: {
      key: 'queue',
      title: t('printerRoom.columns.queue'),
      width: 150,
      render: (_, printer) => (
        <Flex gap={8} align="center" justify="flex-end" wrap style={{ display: 'inline-flex' }}>
          <span data-testid="waiting-amount">{printer.waiting_amount}</span>
          <Button size="small" onClick={() => onCurrent(printer)}>
            {t('printerRoom.actions.details')}
          </Button>
        </Flex>
      ),
    },
    history: {
      key: 'history',
      title: t('printerRoom.columns.history'),
      width: 120,
      card: 'actions',
      render: (_, printer) => (
        <Button size="small" onClick={() => onHistory(printer)}>
          {t('printerRoom.actions.history')}
        </Button>
      ),
    },
    configure: {
      key: 'configure',
      title: t('printerRoom.columns.setup'),
      width: 120,
      card: 'actions',
      render: (_, printer) => (
        <Button size="small" type="primary" onClick={() => onConfigure(printer)}>
          {t('printerRoom.actions.configure')}
        </Button>
      ),
    },
  };

  return (
    <ResponsiveTable<AdminPrinter>
      aria-label={t('printerRoom.list.label')}
      rowKey="printerId"
      columns={columns.map((key) => all[key])}
      dataSource={printers}
      loading={loading}
      pageSize={20}
      emptyText={t('printerRoom.list.empty')}
    />
  );
}
