/**
 * Student activity for the print-service officers (spec sections 2, 3; API.md students, detailStudent,
 * adjustment): the list, the detail, and the officer's page adjustment.
 */
import type { LedgerEntry } from './payments';

/** sortName: 1 A–Z, -1 Z–A by given name (then family and middle names); sortPayment: 1 ascending, -1 descending. */
export type ActivitySort = 1 | -1;

/** GET /v1/spso/students query. studentName matches with or without Vietnamese diacritics. */
export interface StudentListQuery {
  studentId?: string | null;
  studentName?: string | null;
  sortName?: ActivitySort | null;
  sortPayment?: ActivitySort | null;
  page?: number;
  per_page?: number;
}

export const STUDENT_LIST_PER_PAGE = 20;
export const STUDENT_LIST_PER_PAGE_MAX = 100;

/** One student of the list: data is an array of these; the envelope's top-level `total` counts the matches. */
export interface StudentRecord {
  _id: string;
  firstName: string;
  lastName: string;
  mssv: string;
  major: string | null;
  classes: string | null;
  /** VND paid, all time. */
  total_payment: number;
  /** Sheets printed (Completed jobs). */
  printedA4: number;
  printedA3: number;
  /** Pages left. */
  balance: number;
}

/** GET /v1/spso/detailStudent?studentId: one row per day with Completed jobs, newest first. */
export interface StudentHistoryDetailRow {
  /** The day, 'YYYY-MM-DD' (Vietnam time). */
  date: string;
  fileNames: string[];
  /** Jobs that day. */
  quantity: number;
  page_Quantity: { A4: number; A3: number };
}

/** GET /v1/spso/studentLedger?studentId&page&per_page: the student's page movements, newest first. */
export interface StudentLedgerView {
  student: Omit<StudentRecord, 'total_payment' | 'printedA4' | 'printedA3'>;
  entries: AdjustmentLedgerEntry[];
  total: number;
  page: number;
  per_page: number;
  balance: number;
}

/** A ledger row as the officer sees it: who made it, for an adjustment. */
export interface AdjustmentLedgerEntry extends LedgerEntry {
  createdBy: { firstName: string; lastName: string } | null;
}

/** Pages one adjustment may move, either way. */
export const ADJUSTMENT_PAGES_MAX = 2000;
export const ADJUSTMENT_REASON_MIN = 5;
export const ADJUSTMENT_REASON_MAX = 500;

/**
 * POST /v1/spso/adjustment body. requestId (a UUID the dialog makes when it opens) makes a double click
 * one adjustment: the repeat answers the same row.
 */
export interface AdjustmentRequest {
  studentId: string;
  pages: number;
  reason: string;
  requestId: string;
}

export interface AdjustmentResponse {
  entry: AdjustmentLedgerEntry;
  balance: number;
  /** false when this requestId was already applied (nothing changed). */
  applied: boolean;
}

export type AdjustmentProblem = 'pages-zero' | 'pages-range' | 'reason-short' | 'reason-long';

/** The dialog's and the server's rules (the balance rule is the server's: no balance below zero). */
export function adjustmentProblems(input: { pages?: unknown; reason?: unknown }): AdjustmentProblem[] {
  const problems: AdjustmentProblem[] = [];
  const pages = input.pages;
  if (typeof pages !== 'number' || !Number.isInteger(pages) || pages === 0) problems.push('pages-zero');
  else if (Math.abs(pages) > ADJUSTMENT_PAGES_MAX) problems.push('pages-range');
  const reason = typeof input.reason === 'string' ? input.reason.trim() : '';
  if (reason.length < ADJUSTMENT_REASON_MIN) problems.push('reason-short');
  else if (reason.length > ADJUSTMENT_REASON_MAX) problems.push('reason-long');
  return problems;
}

/** GET /v1/spso/students answer: the envelope with data the page of students and, beside it, the paging. */
export interface StudentListEnvelope {
  success: boolean;
  message: string;
  data: StudentRecord[];
  /** Students matching the search, all pages. */
  total: number;
  page: number;
  per_page: number;
}
