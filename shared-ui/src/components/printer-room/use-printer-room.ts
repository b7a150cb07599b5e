import { getAdminPrinters, SOCKET_EVENTS, useLiveQuery, type AdminPrinter, type PrinterRoomRole } from 'shared-api';
import { printerRoomQuery, type PrinterRoomFilters } from './printer-room-filters';

export interface PrinterRoomState {
  printers: AdminPrinter[];
  /** Printers in service, over the whole system (whatever the filter); null before the first answer. */
  totalPrinter: number | null;
  activatedPrinter: number | null;
  /** True until the first answer for the current filters. */
  loading: boolean;
  failed: boolean;
  /** Loads again quietly (after an add, an edit or a status change). */
  reload(): void;
}

/**
 * The printer list of a staff member or an officer for the filters (pass the object kept in state): reloads
 * when they change and quietly on the realtime update-printer-list, so every open page follows the others.
 */
export function usePrinterRoom(role: PrinterRoomRole, filters: PrinterRoomFilters): PrinterRoomState {
  const query = useLiveQuery(filters, (signal) => getAdminPrinters(role, printerRoomQuery(filters), signal), {
    refetchOn: SOCKET_EVENTS.updatePrinterList,
  });
  return {
    printers: query.data?.printers ?? [],
    totalPrinter: query.data?.totalPrinter ?? null,
    activatedPrinter: query.data?.activatedPrinter ?? null,
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(true),
  };
}
