import { apiGet, type PrintStatus, type StudentFilterLogsResponse } from 'shared-api';

/** What the student chose on /History. Dates are YYYY-MM-DD (Vietnam days; the server reads them so). */
export interface HistoryFilters {
  searchField: string;
  status: PrintStatus | null;
  facility: 'CS1' | 'CS2' | null;
  startDate: string | null;
  endDate: string | null;
  /** -1 latest first (default), 1 oldest first. */
  sortDirection: 1 | -1;
}

export const DEFAULT_HISTORY_FILTERS: HistoryFilters = {
  searchField: '',
  status: null,
  facility: null,
  startDate: null,
  endDate: null,
  sortDirection: -1,
};

/** The query of GET /v1/student/filterLogs (API.md); unset filters are left out. */
export function historyQuery(filters: HistoryFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { per_page: 100, sortDirection: filters.sortDirection };
  const search = filters.searchField.trim();
  if (search) query.searchField = search;
  if (filters.status) query.status = filters.status;
  if (filters.facility) query.facility = filters.facility;
  if (filters.startDate) query.startDate = filters.startDate;
  if (filters.endDate) query.endDate = filters.endDate;
  return query;
}

/** GET /v1/student/filterLogs: the student's own logs and the A4/A3 totals printed. */
export async function filterLogs(filters: HistoryFilters, signal?: AbortSignal): Promise<StudentFilterLogsResponse> {
  return apiGet<StudentFilterLogsResponse>('/v1/student/filterLogs', { params: historyQuery(filters), signal });
}
