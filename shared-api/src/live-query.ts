import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocketEventName } from './contracts';
import { useSocketEvent, useSocketReconnect } from './hooks';

export interface LiveQueryOptions {
  /** Reload quietly (the last data stays on screen) when this realtime event arrives. */
  refetchOn?: SocketEventName;
  /** Also called on that event (e.g. refresh the balance in the header). */
  onEvent?: () => void;
}

export interface LiveQueryState<T> {
  /** The last answer (kept while reloading and after a failed reload); undefined before the first. */
  data: T | undefined;
  /** True while loading for a new key (not during quiet reloads). */
  loading: boolean;
  /** The last failure, null after a success. */
  error: unknown;
  /** Loads again now; quiet keeps `loading` false. */
  reload(quiet?: boolean): void;
}

/**
 * Fetches with `fetcher` whenever `key` changes (compared by identity: pass the filters object the
 * component keeps in state), and quietly again on the realtime event and when the realtime connection
 * comes back after being lost. A newer request aborts the one before it, so a late answer never
 * overwrites a newer one.
 */
export function useLiveQuery<T>(
  key: unknown,
  fetcher: (signal: AbortSignal) => Promise<T>,
  options: LiveQueryOptions = {},
): LiveQueryState<T> {
  const [state, setState] = useState<{ data: T | undefined; loading: boolean; error: unknown }>({
    data: undefined,
    loading: true,
    error: null,
  });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const onEventRef = useRef(options.onEvent);
  onEventRef.current = options.onEvent;
  const controller = useRef<AbortController | null>(null);

  const load = useCallback((quiet: boolean) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    if (!quiet) setState((s) => (s.loading ? s : { ...s, loading: true }));
    fetcherRef
      .current(current.signal)
      .then((data) => {
        if (!current.signal.aborted) setState({ data, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (!current.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
      });
  }, []);

  useEffect(() => {
    load(false);
    return () => controller.current?.abort();
  }, [key, load]);

  const refetch = () => {
    load(true);
    onEventRef.current?.();
  };
  useSocketEvent(options.refetchOn ?? null, refetch);
  // events sent while the connection was lost are gone: a live query reads again when it comes back
  useSocketReconnect(options.refetchOn !== undefined, refetch);

  const reload = useCallback((quiet = false) => load(quiet), [load]);
  return { ...state, reload };
}
