import { apiGet, type LedgerEntry, type StudentLedgerResponse } from 'shared-api';

/** GET /v1/student/ledger: the student's own page movements, newest first (the latest 100). */
export async function fetchLedger(): Promise<LedgerEntry[]> {
  const data = await apiGet<StudentLedgerResponse>('/v1/student/ledger', { params: { page: 1, per_page: 100 } });
  return data.entries;
}
