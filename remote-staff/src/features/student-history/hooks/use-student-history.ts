import { getStudentHistory, useLiveQuery, type StudentHistoryResponse } from 'shared-api';

/** Lines per page of a student's history. */
export const STUDENT_HISTORY_PAGE_SIZE = 10;

/** What the staff member asked: a student code, an optional date range, a page. */
export interface StudentHistoryRequest {
  studentId: string;
  start: string | null;
  end: string | null;
  page: number;
}

export interface StudentHistoryState {
  data: StudentHistoryResponse | null;
  loading: boolean;
  error: unknown;
}

/** The student and one page of their jobs for `request` (pass the object kept in state); nothing before a search. */
export function useStudentHistory(request: StudentHistoryRequest | null): StudentHistoryState {
  const query = useLiveQuery(request, (signal) =>
    request ? getStudentHistory({ ...request, per_page: STUDENT_HISTORY_PAGE_SIZE }, signal) : Promise.resolve(null),
  );
  return { data: query.data ?? null, loading: request !== null && query.loading, error: query.error };
}
