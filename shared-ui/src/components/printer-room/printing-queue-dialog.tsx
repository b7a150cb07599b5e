import { useTranslation } from 'react-i18next';
import { Modal } from 'antd';
import {
  getPrintingQueue,
  SOCKET_EVENTS,
  useLiveQuery,
  type AdminPrinter,
  type PrinterRoomRole,
  type StaffJobEntry,
} from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { LoadError } from '../load-error/load-error';
import { PRINTER_DIALOG_WIDTH } from './dialog-width';
import { JobTable } from './job-table';

function QueueContent({ role, printerId }: { role: PrinterRoomRole; printerId: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const query = useLiveQuery(printerId, (signal) => getPrintingQueue(role, printerId, signal), {
    refetchOn: SOCKET_EVENTS.updatePrinterList,
  });
  // The job being printed first, then the waiting ones in the order they will print.
  const jobs: StaffJobEntry[] = query.data ? [...query.data.printingJob, ...query.data.printingQueue] : [];
  return (
    <>
      {query.error !== null && <LoadError title={t('printerRoom.queue.loadFailed')} onRetry={() => query.reload()} />}
      <JobTable
        aria-label={t('printerRoom.queue.label')}
        jobs={jobs}
        loading={query.loading}
        columns={[
          'createdAt',
          'studentName',
          'studentCode',
          'document',
          'copies',
          'status',
          'pages',
          'position',
          'estimatedStart',
        ]}
        emptyText={t('printerRoom.queue.empty')}
      />
    </>
  );
}

/**
 * 'Hiện tại': a printer's job being printed and the ones waiting, in print order, live while open (it
 * reloads on update-printer-list). `printer` null = closed.
 */
export function PrintingQueueDialog({
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
      title={printer ? t('printerRoom.queue.title', { id: printer.printerId }) : ''}
      width={PRINTER_DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      {printer && <QueueContent role={role} printerId={printer.printerId} />}
    </Modal>
  );
}
