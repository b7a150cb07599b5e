import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { AdminPrinter } from 'shared-api';
import {
  AddPrinterDialog,
  DEFAULT_PRINTER_ROOM_FILTERS,
  PageFrame,
  PrinterRoomToolbar,
  PrinterTable,
  PRINTER_QUERY_KEY,
  PrinterTotals,
  PrintingQueueDialog,
  PrintLogDialog,
  SPSO_PRINTER_COLUMNS,
  SpsoPrinterDialog,
  UI_NAMESPACE,
  usePrinterRoom,
  type PrinterRoomFilters,
} from 'shared-ui';

type OpenDialog = { kind: 'current' | 'history' | 'configure'; printer: AdminPrinter } | null;

/**
 * /ManageSpso: the officer's printer room. Totals, search and filter, 'Thêm máy in', and every printer
 * with its current queue, its print log and its configuration (edit, enable/disable, retire); live on
 * update-printer-list.
 */
export default function ManageSpsoPage() {
  const { t } = useTranslation('spso');
  const { t: ui } = useTranslation(UI_NAMESPACE);
  // A notice's printer link opens the page with that printer searched (?printer=H6-605).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<PrinterRoomFilters>(() => ({
    ...DEFAULT_PRINTER_ROOM_FILTERS,
    searchField: params.get(PRINTER_QUERY_KEY) ?? '',
  }));
  const { printers, totalPrinter, activatedPrinter, loading, failed, reload } = usePrinterRoom('spso', filters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [adding, setAdding] = useState(false);
  const close = () => setDialog(null);
  const opened = (kind: NonNullable<OpenDialog>['kind']) => (dialog?.kind === kind ? dialog.printer : null);

  return (
    <PageFrame title={t('manage.title')}>
      <PrinterTotals total={totalPrinter} active={activatedPrinter} />
      <PrinterRoomToolbar
        filters={filters}
        onChange={setFilters}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {ui('printerRoom.add.open')}
          </Button>
        }
      />
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={ui('printerRoom.list.loadFailed')}
          action={<Button onClick={reload}>{ui('printerRoom.list.retry')}</Button>}
        />
      )}
      <PrinterTable
        printers={printers}
        loading={loading}
        columns={SPSO_PRINTER_COLUMNS}
        onCurrent={(printer) => setDialog({ kind: 'current', printer })}
        onHistory={(printer) => setDialog({ kind: 'history', printer })}
        onConfigure={(printer) => setDialog({ kind: 'configure', printer })}
      />
      <PrintingQueueDialog role="spso" printer={opened('current')} onClose={close} />
      <PrintLogDialog role="spso" printer={opened('history')} onClose={close} />
      <SpsoPrinterDialog printer={opened('configure')} onClose={close} onSaved={reload} />
      <AddPrinterDialog open={adding} onClose={() => setAdding(false)} onAdded={reload} />
    </PageFrame>
  );
}
