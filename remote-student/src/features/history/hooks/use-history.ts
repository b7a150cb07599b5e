import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchUserInformation,
  SOCKET_EVENTS,
  useSessionStore,
  useSocketEvent,
  type StudentFilterLogsResponse,
} from 'shared-api';
import { filterLogs, type HistoryFilters } from '../api/filter-logs';

const EMPTY: StudentFilterLogsResponse = { printingLogs: [], printedA3: 0, printedA4: 0 };

/**
 * The student's history for the filters. On update-student-history it reloads quietly and refetches
 * the user's information: a failed job is refunded by the server, and the header balance follows.
 */
export function useHistory(filters: HistoryFilters) {
  const [data, setData] = useState<StudentFilterLogsResponse>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const setBalance = useSessionStore((s) => s.setBalance);

  const load = useCallback(
    (quiet: boolean) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      if (!quiet) setLoading(true);
      filterLogs(filters, current.signal)
        .then((next) => {
          if (current.signal.aborted) return;
          setData(next);
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

  useSocketEvent(SOCKET_EVENTS.updateStudentHistory, () => {
    load(true);
    fetchUserInformation()
      .then((user) => setBalance(user.balance))
      .catch(() => undefined);
  });

  return { ...data, loading, failed, reload: () => load(true) };
}
