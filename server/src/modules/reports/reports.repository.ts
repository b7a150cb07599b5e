import type { ReportPeriod, ReportPrinterRow } from 'shared-api/contracts';
import type { Db } from '../../db';

/**
 * The reports' SQL: every figure comes from report_daily (kept by triggers on printing_logs, migration 8),
 * never from the logs themselves, so a year of a million jobs reads a few thousand rows. Days are Vietnam
 * days ('YYYY-MM-DD'); bounds are half-open [from, to).
 */

/** One printer in one month: the figures of a report row, with the printer's location. */
interface PrinterMonthRow {
  date: string;
  printer_id: string;
  facility: string;
  department: string;
  room: string;
  printed: number;
  a3: number;
  a4: number;
}

/** The printer rows of a period, latest month first (then by printer id). Months without a job are left out. */
export async function printerMonthRows(db: Db, fromDay: string, toDay: string): Promise<ReportPrinterRow[]> {
  const rows = await db.query<PrinterMonthRow>(
    `SELECT m.date, m.printer_id, p.facility, p.department, p.room, m.printed, m.a3, m.a4
     FROM (SELECT to_char(day, 'YYYY-MM') AS date, printer_id,
                  sum(printed)::int AS printed, sum(a3)::float8 AS a3, sum(a4)::float8 AS a4
           FROM report_daily WHERE day >= $1::date AND day < $2::date
           GROUP BY 1, 2 HAVING sum(printed) > 0) m
     JOIN printers p ON p.printer_id = m.printer_id
     ORDER BY m.date DESC, m.printer_id COLLATE "C"`,
    [fromDay, toDay],
  );
  return rows.map((row) => ({
    date: row.date,
    printerId: row.printer_id,
    location: { facility: row.facility, department: row.department, room: row.room },
    printed: Number(row.printed),
    totalA3Pages: Number(row.a3),
    totalA4Pages: Number(row.a4),
  }));
}

/**
 * Printers in service during a period: activated (or created) before its end and not retired before its
 * start, plus any printer with a Completed job in it (whatever its dates say).
 */
export async function printersInService(
  db: Db,
  period: { fromDay: string; toDay: string; start: Date; end: Date },
): Promise<number> {
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM printers p
     WHERE (coalesce(p.activated_time, p.created_at) < $2::timestamptz
            AND (p.retired_at IS NULL OR p.retired_at >= $1::timestamptz))
        OR EXISTS (SELECT 1 FROM report_daily r
                   WHERE r.printer_id = p.printer_id AND r.day >= $3::date AND r.day < $4::date AND r.printed > 0)`,
    [period.start.toISOString(), period.end.toISOString(), period.fromDay, period.toDay],
  );
  return Number(row?.n ?? 0);
}

/** total_pages (A4 + A3 sheets) of each month of a year that has any; months without are absent. */
export async function monthlyPages(db: Db, year: number): Promise<{ month: number; pages: number }[]> {
  const rows = await db.query<{ month: number; pages: number }>(
    `SELECT extract(month FROM day)::int AS month, sum(a4 + a3)::float8 AS pages
     FROM report_daily WHERE day >= make_date($1::int, 1, 1) AND day < make_date($1::int + 1, 1, 1)
     GROUP BY 1`,
    [year],
  );
  return rows.map((row) => ({ month: Number(row.month), pages: Number(row.pages) }));
}

/** The years with at least one Completed job or a stored report (the filter offers each of them). */
export async function yearsWithJobs(db: Db): Promise<number[]> {
  const rows = await db.query<{ year: number }>(
    `SELECT DISTINCT extract(year FROM day)::int AS year FROM report_daily WHERE printed > 0
     UNION SELECT DISTINCT year FROM stored_reports`,
  );
  return rows.map((row) => Number(row.year));
}

/**
 * The first Vietnam day the service had anything to report: the earliest Completed job or the earliest
 * printer activation, whichever comes first; null on an empty database.
 */
export async function firstReportDay(db: Db): Promise<string | null> {
  const row = await db.one<{ day: string | null }>(
    `SELECT to_char(least((SELECT min(day) FROM report_daily WHERE printed > 0),
                          (SELECT report_day(min(coalesce(activated_time, created_at))) FROM printers)),
                    'YYYY-MM-DD') AS day`,
  );
  return row?.day ?? null;
}

// ---- stored reports ----

/** A stored report as the table holds it. */
export interface StoredReportRow {
  id: string;
  period: ReportPeriod;
  year: number;
  month: number | null;
  generated_at: string;
  total_pages: number;
  total_a4: number;
  total_a3: number;
  total_printed: number;
  avg_a4: number;
  avg_a3: number;
  avg_printed: number;
  printer_count: number;
  rows: ReportPrinterRow[];
}

export type NewStoredReport = Omit<StoredReportRow, 'id' | 'generated_at'>;

const STORED_COLUMNS = `id::text, period, year, month::int AS month,
  to_char(generated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS generated_at,
  total_pages::float8 AS total_pages, total_a4::float8 AS total_a4, total_a3::float8 AS total_a3,
  total_printed::float8 AS total_printed, avg_a4, avg_a3, avg_printed, printer_count`;

function normalise(row: StoredReportRow): StoredReportRow {
  return {
    ...row,
    year: Number(row.year),
    month: row.month === null ? null : Number(row.month),
    total_pages: Number(row.total_pages),
    total_a4: Number(row.total_a4),
    total_a3: Number(row.total_a3),
    total_printed: Number(row.total_printed),
    avg_a4: Number(row.avg_a4),
    avg_a3: Number(row.avg_a3),
    avg_printed: Number(row.avg_printed),
    printer_count: Number(row.printer_count),
  };
}

/** The periods already stored, as 'month:2026-10' / 'year:2026' keys. */
export async function storedPeriodKeys(db: Db): Promise<Set<string>> {
  const rows = await db.query<{ key: string }>(
    `SELECT CASE WHEN period = 'month' THEN 'month:' || year || '-' || lpad(month::text, 2, '0')
                 ELSE 'year:' || year END AS key
     FROM stored_reports`,
  );
  return new Set(rows.map((row) => row.key));
}

/** Stores a period's report unless one is stored already; answers whether this call stored it. */
export async function insertStoredReport(db: Db, report: NewStoredReport): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO stored_reports (period, year, month, total_pages, total_a4, total_a3, total_printed,
                                 avg_a4, avg_a3, avg_printed, printer_count, rows)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb)
     ON CONFLICT DO NOTHING RETURNING id`,
    [
      report.period,
      report.year,
      report.month,
      report.total_pages,
      report.total_a4,
      report.total_a3,
      report.total_printed,
      report.avg_a4,
      report.avg_a3,
      report.avg_printed,
      report.printer_count,
      JSON.stringify(report.rows),
    ],
  );
  return rows.length > 0;
}

/** Every stored report without its rows, newest period first (a year before its December). */
export async function listStoredReports(db: Db): Promise<Omit<StoredReportRow, 'rows'>[]> {
  const rows = await db.query<StoredReportRow>(
    `SELECT ${STORED_COLUMNS} FROM stored_reports ORDER BY year DESC, coalesce(month, 13) DESC`,
  );
  return rows.map((row) => normalise({ ...row, rows: [] }));
}

/** One stored report with its rows. */
export async function findStoredReport(db: Db, id: string): Promise<StoredReportRow | undefined> {
  const row = await db.one<StoredReportRow>(`SELECT ${STORED_COLUMNS}, rows FROM stored_reports WHERE id = $1::uuid`, [
    id,
  ]);
  return row ? normalise(row) : undefined;
}
