import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import type { AdminPrinter } from 'shared-api';
import {
  DEFAULT_PRINTER_ROOM_FILTERS,
  PageFrame,
  PrinterRoomToolbar,
  PrinterTable,
  PRINTER_QUERY_KEY,
  PrinterTotals,
  PrintingQueueDialog,
  PrintLogDialog,
  STAFF_PRINTER_COLUMNS,
  StaffPrinterDialog,
  UI_NAMESPACE,
  usePrinterRoom,
  type PrinterRoomFilters,
} from 'shared-ui';
import { StudentHistoryDialog } from '../features/student-history/components/student-history-dialog';

type OpenDialog = { kind: 'current' | 'history' | 'configure'; printer: AdminPrinter } | null;

/**
 * /ManageStaff: the counter staff's printer room. Every printer with its queue (and details), its print
 * log, its status and the enable switch; a student's print history by code and dates; live on
 * update-printer-list.
 */
export default function ManageStaffPage() {
  const { t } = useTranslation('staff');
  const { t: ui } = useTranslation(UI_NAMESPACE);
  // A notice's printer link opens the page with that printer searched (?printer=H6-605).
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<PrinterRoomFilters>(() => ({
    ...DEFAULT_PRINTER_ROOM_FILTERS,
    searchField: params.get(PRINTER_QUERY_KEY) ?? '',
  }));
  const { printers, totalPrinter, activatedPrinter, loading, failed, reload } = usePrinterRoom('staff', filters);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [studentHistory, setStudentHistory] = useState(false);
  const close = () => setDialog(null);
  const opened = (kind: NonNullable<OpenDialog>['kind']) => (dialog?.kind === kind ? dialog.printer : null);

  return (
    <PageFrame title={t('manage.title')}>
      <PrinterTotals total={totalPrinter} active={activatedPrinter} />
      <PrinterRoomToolbar
        filters={filters}
        onChange={setFilters}
        extra={
          <Button icon={<HistoryOutlined />} onClick={() => setStudentHistory(true)}>
            {t('studentHistory.open')}
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
        columns={STAFF_PRINTER_COLUMNS}
        onCurrent={(printer) => setDialog({ kind: 'current', printer })}
        onHistory={(printer) => setDialog({ kind: 'history', printer })}
        onConfigure={(printer) => setDialog({ kind: 'configure', printer })}
      />
      <PrintingQueueDialog role="staff" printer={opened('current')} onClose={close} />
      <PrintLogDialog role="staff" printer={opened('history')} onClose={close} />
      <StaffPrinterDialog printer={opened('configure')} onClose={close} onSaved={reload} />
      <StudentHistoryDialog open={studentHistory} onClose={() => setStudentHistory(false)} />
    </PageFrame>
  );
}
