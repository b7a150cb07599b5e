import { SOCKET_EVENTS, useLiveQuery, type StudentPrinterItem } from 'shared-api';
import { getPrinters, type PrinterFilters } from '../api/get-printers';

export interface PrintersState {
  printers: StudentPrinterItem[];
  /** True until the first answer for the current filters. */
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/**
 * The printer list for the filters; reloads on change and on the realtime update-printer-list (quietly:
 * the cards stay on screen, no skeleton flash, while the new list arrives).
 */
export function usePrinters(filters: PrinterFilters): PrintersState {
  const query = useLiveQuery(filters, (signal) => getPrinters(filters, signal), {
    refetchOn: SOCKET_EVENTS.updatePrinterList,
  });
  return {
    printers: query.data?.printers ?? [],
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(false),
  };
}
