import { apiClient, type ApiEnvelope, type LedgerEntry, type StudentLedgerResponse } from 'shared-api';

/** GET /v1/student/ledger: the student's own page movements, newest first (the latest 100). */
export async function fetchLedger(): Promise<LedgerEntry[]> {
  const res = await apiClient.get<ApiEnvelope<StudentLedgerResponse>>('/v1/student/ledger', {
    params: { page: 1, per_page: 100 },
  });
  return res.data.data.entries;
}
