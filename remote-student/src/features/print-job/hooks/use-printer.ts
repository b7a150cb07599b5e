import type { AxiosError } from 'axios';
import { SOCKET_EVENTS, useLiveQuery, type StudentPrinterDetail } from 'shared-api';
import { getPrinter } from '../api/get-printer';

export interface PrinterState {
  printer: StudentPrinterDetail | null;
  loading: boolean;
  /** 'notFound' for a 404, 'failed' for anything else. */
  error: 'notFound' | 'failed' | null;
  /** Reads the printer again, quietly (its info stays on screen). */
  reload(): void;
}

/** One printer's info; refreshed on update-printer-list so the queue length, status and device state stay live. */
export function usePrinter(printerId: string): PrinterState {
  const query = useLiveQuery(printerId, (signal) => getPrinter(printerId, signal), {
    refetchOn: SOCKET_EVENTS.updatePrinterList,
  });
  const notFound = query.error !== null && (query.error as AxiosError).response?.status === 404;
  return {
    printer: notFound ? null : (query.data ?? null),
    loading: query.loading,
    error: query.error === null ? null : notFound ? 'notFound' : 'failed',
    reload: () => query.reload(true),
  };
}
