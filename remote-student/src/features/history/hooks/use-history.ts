import {
  fetchUserInformation,
  SOCKET_EVENTS,
  useLiveQuery,
  useSessionStore,
  type StudentFilterLogsResponse,
} from 'shared-api';
import { filterLogs, type HistoryFilters } from '../api/filter-logs';

const EMPTY: StudentFilterLogsResponse = { printingLogs: [], printedA3: 0, printedA4: 0 };

/**
 * The student's history for the filters. On update-student-history it reloads quietly and refetches
 * the user's information: a failed job is refunded by the server, and the header balance follows.
 */
export function useHistory(filters: HistoryFilters) {
  const setBalance = useSessionStore((s) => s.setBalance);
  const query = useLiveQuery(filters, (signal) => filterLogs(filters, signal), {
    refetchOn: SOCKET_EVENTS.updateStudentHistory,
    onEvent: () => {
      fetchUserInformation()
        .then((user) => setBalance(user.balance))
        .catch(() => undefined);
    },
  });
  return {
    ...(query.data ?? EMPTY),
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(true),
  };
}
