import { apiClient } from '../client';
import type {
  AdjustmentRequest,
  AdjustmentResponse,
  StudentHistoryDetailRow,
  StudentLedgerView,
  StudentListEnvelope,
  StudentListQuery,
} from '../contracts';
import { definedParams } from './query-params';
import { apiGet, apiPost } from './request';

/** One page of the student list and the paging of the whole search. */
export type StudentListPage = Pick<StudentListEnvelope, 'data' | 'total' | 'page' | 'per_page'>;

/**
 * GET /v1/spso/students: one page of the students matching the search (code, name with or without
 * diacritics), sorted by name or payment. The paging sits beside `data` at the top of the envelope.
 */
export async function getStudents(query: StudentListQuery, signal?: AbortSignal): Promise<StudentListPage> {
  const body = (await apiClient.get<StudentListEnvelope>('/v1/spso/students', { params: definedParams(query), signal }))
    .data;
  const data = Array.isArray(body.data) ? body.data : [];
  return {
    data,
    total: typeof body.total === 'number' ? body.total : data.length,
    page: typeof body.page === 'number' ? body.page : (query.page ?? 1),
    per_page: typeof body.per_page === 'number' ? body.per_page : (query.per_page ?? data.length),
  };
}

/** GET /v1/spso/detailStudent?studentId: the student's printing by day, newest first (404 unknown student). */
export function getStudentDetail(studentId: string, signal?: AbortSignal): Promise<StudentHistoryDetailRow[]> {
  return apiGet<StudentHistoryDetailRow[]>('/v1/spso/detailStudent', { params: { studentId }, signal });
}

/** A page of a student's page movements. */
export interface StudentLedgerQuery {
  studentId: string;
  page: number;
  per_page: number;
}

/** GET /v1/spso/studentLedger: the student's balance and one page of their page movements, newest first. */
export function getStudentLedger(query: StudentLedgerQuery, signal?: AbortSignal): Promise<StudentLedgerView> {
  return apiGet<StudentLedgerView>('/v1/spso/studentLedger', { params: definedParams(query), signal });
}

/**
 * POST /v1/spso/adjustment: adds (positive) or takes (negative) pages with a reason. The same requestId
 * sent again answers the first adjustment (applied false) instead of making a second; 422 when the
 * balance would go below zero.
 */
export function postAdjustment(request: AdjustmentRequest): Promise<AdjustmentResponse> {
  return apiPost<AdjustmentResponse>('/v1/spso/adjustment', request);
}
