import { SOCKET_EVENTS, useLiveQuery, type StudentPrintingLog } from 'shared-api';
import { getHeldAtPrinter } from '../api/held-at-printer';

const NONE: StudentPrintingLog[] = [];

/** The caller's held jobs at a printer, read again (quietly) on update-student-history. */
export function useHeldAtPrinter(printerId: string) {
  const query = useLiveQuery(printerId, (signal) => getHeldAtPrinter(printerId, signal), {
    refetchOn: SOCKET_EVENTS.updateStudentHistory,
  });
  return {
    jobs: query.data ?? NONE,
    loading: query.loading,
    failed: query.error !== null,
    reload: () => query.reload(true),
  };
}
