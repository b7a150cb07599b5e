/**
 * The system report of the print-service officers (spec sections 2, 3, 9; API.md "Reports"): what the
 * report routes answer, the filter's values, and the stored period reports.
 *
 * Definitions: printed = Completed jobs whose finish time (Vietnam time, UTC+7) falls in the period;
 * A4 / A3 pages = sheets of that size those jobs used (total_pages of the job: copies, n-up and duplex
 * already applied); total_pages = total_A4 + total_A3; averages are per printer in service over the
 * period (avg_Printed is jobs per printer).
 */
import type { Location } from './dto';

/** The first year the service has reports for: years before it answer 400. */
export const REPORT_FIRST_YEAR = 2020;

/** sortDirection of the report's printer rows: 1 latest month first, -1 oldest first. */
export type ReportSortDirection = 1 | -1;

/** GET /v1/spso/reports query: year (REPORT_FIRST_YEAR..this year), month 1..12 or absent (all). */
export interface ReportQuery {
  year: number;
  month?: number | null;
  sortDirection?: ReportSortDirection;
}

/** One printer in one month of the period: the rows add up to the totals. */
export interface ReportPrinterRow {
  /** The month, 'YYYY-MM' (Vietnam time). */
  date: string;
  printerId: string;
  location: Location;
  printed: number;
  totalA3Pages: number;
  totalA4Pages: number;
}

/** GET /v1/spso/reports answer. */
export interface ReportResponse {
  total_pages: number;
  total_A3: number;
  total_A4: number;
  /** Completed jobs in the period. */
  total_Printed: number;
  avg_A3: number;
  avg_A4: number;
  avg_Printed: number;
  /** Printers in service during the period (the averages' divisor). */
  printerCount: number;
  all_printers: ReportPrinterRow[];
  /** Every year that has data, up to this one, newest first (the filter's year list). */
  years: number[];
}

/** GET /v1/spso/viewReport?year: total_pages of each month, January first (always 12 numbers). */
export type YearReportResponse = number[];

export type ReportPeriod = 'month' | 'year';

/** A report stored at the end of its period. */
export interface StoredReport {
  id: string;
  period: ReportPeriod;
  year: number;
  /** 1..12 for a month, null for a year. */
  month: number | null;
  generatedAt: string;
  total_pages: number;
  total_A3: number;
  total_A4: number;
  total_Printed: number;
}

/** GET /v1/spso/report-archive answer: newest period first. */
export interface ReportArchiveResponse {
  reports: StoredReport[];
}

/** GET /v1/spso/report-archive/:id?format= */
export type ReportFileFormat = 'csv' | 'pdf';
