import { apiClient, type ApiEnvelope } from 'shared-api';

export interface LedgerEntry {
  id: string | number;
  kind: 'grant' | 'purchase' | 'charge' | 'refund' | 'adjustment';
  delta: number;
  balance_after?: number;
  balanceAfter?: number;
  note?: string | null;
  created_at?: string;
  createdAt?: string;
}

/** GET /v1/student/ledger: the student's own page movements, newest first. */
export async function fetchLedger(): Promise<LedgerEntry[]> {
  const res = await apiClient.get<ApiEnvelope<{ entries?: LedgerEntry[]; ledger?: LedgerEntry[] } | LedgerEntry[]>>(
    '/v1/student/ledger',
    { params: { page: 1, per_page: 100 } },
  );
  const data = res.data.data;
  if (Array.isArray(data)) return data;
  return data.entries ?? data.ledger ?? [];
}
