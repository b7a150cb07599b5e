import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Modal, Typography } from 'antd';
import { getPrintingLog, SOCKET_EVENTS, useLiveQuery, type AdminPrinter, type PrinterRoomRole } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { LoadError } from '../load-error/load-error';
import { DateRangeField, type DateRangeValue } from '../date-range-field/date-range-field';
import { PRINTER_DIALOG_WIDTH } from './dialog-width';
import { JobTable } from './job-table';

/** Entries per page of a printer's log (the server pages it, so a long log opens as fast as a short one). */
export const PRINT_LOG_PAGE_SIZE = 20;

const NO_RANGE: DateRangeValue = { start: null, end: null };

interface LogQuery {
  printerId: string;
  range: DateRangeValue;
  page: number;
}

function LogContent({ role, printerId }: { role: PrinterRoomRole; printerId: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [draft, setDraft] = useState<DateRangeValue>(NO_RANGE);
  const [applied, setApplied] = useState<LogQuery>({ printerId, range: NO_RANGE, page: 1 });
  // live like the queue: a job submitted, printed, failed or cancelled changes the log (update-printer-list)
  const query = useLiveQuery(
    applied,
    (signal) =>
      getPrintingLog(
        role,
        {
          printerId: applied.printerId,
          startDate: applied.range.start,
          endDate: applied.range.end,
          page: applied.page,
          per_page: PRINT_LOG_PAGE_SIZE,
        },
        signal,
      ),
    { refetchOn: SOCKET_EVENTS.updatePrinterList },
  );

  const handleApply = () => setApplied({ printerId, range: draft, page: 1 });
  const handleReset = () => {
    setDraft(NO_RANGE);
    setApplied({ printerId, range: NO_RANGE, page: 1 });
  };

  return (
    <>
      <div style={{ marginBottom: 12 }}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
          {t('printerRoom.log.range')}
        </Typography.Text>
        <DateRangeField id={`print-log-${printerId}`} value={draft} onChange={setDraft} />
        <Flex justify="flex-end" gap={8} style={{ marginTop: 8 }}>
          <Button onClick={handleReset}>{t('filter.reset')}</Button>
          <Button type="primary" onClick={handleApply}>
            {t('filter.apply')}
          </Button>
        </Flex>
      </div>
      {query.error !== null && <LoadError title={t('printerRoom.log.loadFailed')} onRetry={() => query.reload()} />}
      <JobTable
        aria-label={t('printerRoom.log.label')}
        jobs={query.data?.printingLog ?? []}
        loading={query.loading}
        columns={['createdAt', 'studentCode', 'studentName', 'fileName', 'pageCount', 'copies', 'status']}
        emptyText={t('printerRoom.log.empty')}
        serverPaging={{
          current: applied.page,
          pageSize: PRINT_LOG_PAGE_SIZE,
          total: query.data?.total ?? 0,
          onChange: (page) => setApplied((q) => ({ ...q, page })),
        }}
      />
    </>
  );
}

/**
 * 'Lịch sử': a printer's print log, newest first, paged on the server, with a from/to filter ('Hủy' clears
 * it, 'Áp dụng' applies it from the first page), following the printer's jobs live. `printer` null = closed.
 */
export function PrintLogDialog({
  role,
  printer,
  onClose,
}: {
  role: PrinterRoomRole;
  printer: AdminPrinter | null;
  onClose(): void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Modal
      open={printer !== null}
      title={printer ? t('printerRoom.log.title', { id: printer.printerId }) : ''}
      width={PRINTER_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {printer && <LogContent role={role} printerId={printer.printerId} />}
    </Modal>
  );
}
