import { useCallback, useEffect, useRef, useState } from 'react';
import { SOCKET_EVENTS, useSocketEvent, type StudentPrinterItem } from 'shared-api';
import { getPrinters, type PrinterFilters } from '../api/get-printers';

export interface PrintersState {
  printers: StudentPrinterItem[];
  /** True until the first answer for the current filters. */
  loading: boolean;
  failed: boolean;
  reload(): void;
}

/** The printer list for the filters; reloads on change and on the realtime update-printer-list. */
export function usePrinters(filters: PrinterFilters): PrintersState {
  const [printers, setPrinters] = useState<StudentPrinterItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(
    (quiet: boolean) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      if (!quiet) setLoading(true);
      getPrinters(filters, current.signal)
        .then((data) => {
          if (current.signal.aborted) return;
          setPrinters(data.printers);
          setFailed(false);
        })
        .catch(() => {
          if (!current.signal.aborted) setFailed(true);
        })
        .finally(() => {
          if (!current.signal.aborted) setLoading(false);
        });
    },
    [filters],
  );

  useEffect(() => {
    load(false);
    return () => controller.current?.abort();
  }, [load]);

  // A realtime reload keeps the cards on screen (no skeleton flash) while the new list arrives.
  useSocketEvent(SOCKET_EVENTS.updatePrinterList, () => load(true));

  return { printers, loading, failed, reload: () => load(false) };
}
