import {
  REPORT_FIRST_YEAR,
  type ReportArchiveResponse,
  type ReportFileFormat,
  type ReportResponse,
  type ReportSortDirection,
  type StoredReport,
  type YearReportResponse,
} from 'shared-api/contracts';
import type { Db } from '../../db';
import { lockKeySql } from '../../db/migrate';
import { AppError, errors } from '../../lib/errors';
import { finishedPeriods, periodBounds, periodKey, vietnamMonthOf, type PeriodRef } from './report-periods';
import { renderReportCsv, renderReportPdf, reportFileName, type ReportFileMeta } from './report-files';
import { reportMessages } from './report-texts';
import {
  findStoredReport,
  firstReportDay,
  insertStoredReport,
  listStoredReports,
  monthlyPages,
  printerMonthRows,
  printersInService,
  storedPeriodKeys,
  yearsWithJobs,
  type NewStoredReport,
  type StoredReportRow,
} from './reports.repository';

/** The report query as it arrives (query strings): month and sortDirection may be a "no filter" value. */
export interface ReportQueryInput {
  year: number;
  month?: string | number | null;
  sortDirection?: string | number | null;
}

/** A period's figures without the filter's year list (what a stored report keeps). */
export type PeriodReport = Omit<ReportResponse, 'years'>;

export interface GenerationResult {
  /** The periods this call stored (another instance may have stored the rest). */
  stored: string[];
  /** The finished periods that were missing when this call looked. */
  missing: number;
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

export interface ReportsService {
  /** GET /v1/spso/reports: a month's or a year's figures, live. */
  report(query: ReportQueryInput): Promise<ReportResponse>;
  /** GET /v1/spso/viewReport: total_pages of each month of a year, January first. */
  yearTotals(year: number): Promise<YearReportResponse>;
  /** The figures of one period (live), as a stored report keeps them. */
  periodReport(year: number, month: number | null): Promise<PeriodReport>;
  /** Stores every finished period that has no stored report yet; once per period across instances. */
  generateMissing(now?: Date): Promise<GenerationResult>;
  /** GET /v1/spso/report-archive */
  archive(): Promise<ReportArchiveResponse>;
  /** GET /v1/spso/report-archive/:id?format= */
  file(id: string, format: string): Promise<ReportFile>;
  /** GET /v1/spso/report-download?year=&month=&sortDirection=&format=: the report being viewed, live, as a file. */
  liveFile(query: ReportQueryInput, format: string): Promise<ReportFile>;
}

const NO_FILTER = new Set(['', 'all', 'null', 'undefined']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const round2 = (value: number) => Math.round(value * 100) / 100;
const perPrinter = (value: number, printers: number) => (printers > 0 ? round2(value / printers) : 0);

function parseMonth(raw: ReportQueryInput['month']): number | null {
  if (raw === undefined || raw === null) return null;
  const text = String(raw).trim();
  if (NO_FILTER.has(text.toLowerCase())) return null;
  const month = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
  if (!(month >= 1 && month <= 12)) throw new AppError(400, 'VALIDATION_FAILED', reportMessages.monthInvalid);
  return month;
}

function parseSort(raw: ReportQueryInput['sortDirection']): ReportSortDirection {
  if (raw === undefined || raw === null) return 1;
  const text = String(raw).trim();
  if (NO_FILTER.has(text.toLowerCase()) || text === '1') return 1;
  if (text === '-1') return -1;
  throw new AppError(400, 'VALIDATION_FAILED', reportMessages.sortInvalid);
}

function storedOf(row: Omit<StoredReportRow, 'rows'>): StoredReport {
  return {
    id: row.id,
    period: row.period,
    year: row.year,
    month: row.month,
    generatedAt: row.generated_at,
    total_pages: row.total_pages,
    total_A3: row.total_a3,
    total_A4: row.total_a4,
    total_Printed: row.total_printed,
  };
}

/** A stored row back into the figures it was made from (the files are drawn from these). */
export function periodReportOf(row: StoredReportRow): PeriodReport {
  return {
    total_pages: row.total_pages,
    total_A3: row.total_a3,
    total_A4: row.total_a4,
    total_Printed: row.total_printed,
    avg_A3: row.avg_a3,
    avg_A4: row.avg_a4,
    avg_Printed: row.avg_printed,
    printerCount: row.printer_count,
    all_printers: row.rows,
  };
}

/**
 * The officers' reports: live figures from report_daily, the archive of finished periods and its files.
 * `now` is the clock that decides the current year (tests move it).
 */
export function createReportsService(db: Db, now: () => Date = () => new Date()): ReportsService {
  const checkYear = (year: number) => {
    const current = vietnamMonthOf(now()).year;
    if (!Number.isInteger(year) || year < REPORT_FIRST_YEAR || year > current) {
      throw new AppError(400, 'VALIDATION_FAILED', reportMessages.yearOutOfRange(current));
    }
  };

  const periodReport = async (year: number, month: number | null): Promise<PeriodReport> => {
    const bounds = periodBounds(year, month);
    const rows = await printerMonthRows(db, bounds.fromDay, bounds.toDay);
    const printerCount = await printersInService(db, bounds);
    // the totals are the rows added up: they cannot disagree
    let a3 = 0;
    let a4 = 0;
    let printed = 0;
    for (const row of rows) {
      a3 += row.totalA3Pages;
      a4 += row.totalA4Pages;
      printed += row.printed;
    }
    return {
      total_pages: a3 + a4,
      total_A3: a3,
      total_A4: a4,
      total_Printed: printed,
      avg_A3: perPrinter(a3, printerCount),
      avg_A4: perPrinter(a4, printerCount),
      avg_Printed: perPrinter(printed, printerCount),
      printerCount,
      all_printers: rows,
    };
  };

  const storePeriod = async (ref: PeriodRef): Promise<boolean> => {
    const figures = await periodReport(ref.year, ref.month);
    const row: NewStoredReport = {
      period: ref.period,
      year: ref.year,
      month: ref.month,
      total_pages: figures.total_pages,
      total_a4: figures.total_A4,
      total_a3: figures.total_A3,
      total_printed: figures.total_Printed,
      avg_a4: figures.avg_A4,
      avg_a3: figures.avg_A3,
      avg_printed: figures.avg_Printed,
      printer_count: figures.printerCount,
      rows: figures.all_printers,
    };
    return insertStoredReport(db, row);
  };

  const service: ReportsService = {
    async report(query) {
      checkYear(query.year);
      const month = parseMonth(query.month);
      const sort = parseSort(query.sortDirection);
      const figures = await periodReport(query.year, month);
      // read latest month first; oldest first is the months reversed, each month's printers in the same
      // order (a stable sort on the month alone)
      const rows =
        sort === 1
          ? figures.all_printers
          : [...figures.all_printers].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const current = vietnamMonthOf(now()).year;
      const years = new Set((await yearsWithJobs(db)).filter((y) => y >= REPORT_FIRST_YEAR && y <= current));
      years.add(current);
      return { ...figures, all_printers: rows, years: [...years].sort((a, b) => b - a) };
    },

    async yearTotals(year) {
      checkYear(year);
      const totals: number[] = Array.from({ length: 12 }, () => 0);
      for (const { month, pages } of await monthlyPages(db, year)) totals[month - 1] = pages;
      return totals;
    },

    periodReport,

    async generateMissing(at = now()) {
      // one generator at a time over the whole database (the lock ends with the transaction); a second
      // instance waits here, then finds the periods stored and stores nothing
      return db.tx(async (t) => {
        await t.query(`SELECT pg_advisory_xact_lock(${lockKeySql('reports')})`);
        const first = await firstReportDay(t);
        if (!first) return { stored: [], missing: 0 };
        const done = await storedPeriodKeys(t);
        const missing = finishedPeriods(first, at).filter((ref) => !done.has(periodKey(ref)));
        const stored: string[] = [];
        for (const ref of missing) {
          if (await storePeriod(ref)) stored.push(periodKey(ref));
        }
        return { stored, missing: missing.length };
      });
    },

    async archive() {
      return { reports: (await listStoredReports(db)).map(storedOf) };
    },

    async file(id, format) {
      const kind = fileFormat(format);
      const row = UUID.test(id) ? await findStoredReport(db, id) : undefined;
      if (!row) throw errors.notFound(reportMessages.notFound);
      return renderFile({ year: row.year, month: row.month, generatedAt: row.generated_at }, periodReportOf(row), kind);
    },

    async liveFile(query, format) {
      const kind = fileFormat(format);
      const { years: _years, ...figures } = await service.report(query);
      const meta = { year: query.year, month: parseMonth(query.month), generatedAt: now().toISOString() };
      return renderFile(meta, figures, kind);
    },
  };
  return service;
}

function fileFormat(format: string): ReportFileFormat {
  if (format !== 'csv' && format !== 'pdf') throw new AppError(400, 'VALIDATION_FAILED', reportMessages.formatInvalid);
  return format;
}

/** The CSV or PDF of a report's figures (a stored one, or the live one being viewed). */
async function renderFile(meta: ReportFileMeta, figures: PeriodReport, kind: ReportFileFormat): Promise<ReportFile> {
  return kind === 'csv'
    ? {
        fileName: reportFileName(meta, 'csv'),
        contentType: 'text/csv; charset=utf-8',
        body: renderReportCsv(meta, figures),
      }
    : {
        fileName: reportFileName(meta, 'pdf'),
        contentType: 'application/pdf',
        body: await renderReportPdf(meta, figures),
      };
}
