import { useCallback, useEffect, useRef, useState } from 'react';
import type { AxiosError } from 'axios';
import { SOCKET_EVENTS, useSocketEvent, type StudentPrinterDetail } from 'shared-api';
import { getPrinter } from '../api/get-printer';

export interface PrinterState {
  printer: StudentPrinterDetail | null;
  loading: boolean;
  /** 'notFound' for a 404, 'failed' for anything else. */
  error: 'notFound' | 'failed' | null;
}

/** One printer's info; refreshed on update-printer-list so the queue length and status stay live. */
export function usePrinter(printerId: string): PrinterState {
  const [state, setState] = useState<PrinterState>({ printer: null, loading: true, error: null });
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    getPrinter(printerId, current.signal)
      .then((printer) => {
        if (!current.signal.aborted) setState({ printer, loading: false, error: null });
      })
      .catch((error: AxiosError) => {
        if (current.signal.aborted) return;
        const notFound = error.response?.status === 404;
        setState((s) => ({
          printer: notFound ? null : s.printer,
          loading: false,
          error: notFound ? 'notFound' : 'failed',
        }));
      });
  }, [printerId]);

  useEffect(() => {
    load();
    return () => controller.current?.abort();
  }, [load]);

  useSocketEvent(SOCKET_EVENTS.updatePrinterList, load);
  return state;
}
