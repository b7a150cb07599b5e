import type { FastifyInstance } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import {
  sheetCount,
  type ReportArchiveResponse,
  type ReportPrinterRow,
  type ReportResponse,
  type YearReportResponse,
} from 'shared-api/contracts';
import type { Db } from '../src/db';
import { claimNextJob, completeJob } from '../src/print-queue/queue.repository';
import { pdfPageCount, renderReportPdf } from '../src/modules/reports/report-files';
import { finishedPeriods, nextMonthStart, periodKey, vietnamMonthOf } from '../src/modules/reports/report-periods';
import { ReportScheduler } from '../src/modules/reports/report-scheduler';
import { createReportsService, periodReportOf } from '../src/modules/reports/reports.service';
import { findStoredReport, firstReportDay } from '../src/modules/reports/reports.repository';
import { createStudent } from './factories';
import { bearer, body, createTestApp, DRIVER, openTestDb, PG_URL, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
const tokens: Record<'student' | 'staff' | 'spso', string> = { student: '', staff: '', spso: '' };

interface JobSpec {
  printerId: string;
  status: 'Queued' | 'InProgress' | 'Completed' | 'Failed';
  size: 'A4' | 'A3';
  selected: number;
  pagesPerSheet?: 1 | 2 | 4;
  sides?: 1 | 2;
  copies?: number;
  finish?: string | null;
  cancelled?: boolean;
  /** Inserted InProgress, then made Completed by an UPDATE (the row trigger, as the dispatcher does). */
  viaUpdate?: boolean;
}

let owner = '';

/** One job as the server stores it: total_pages = sheets (copies, n-up and duplex applied). */
async function insertJob(spec: JobSpec): Promise<string> {
  const options = { pagesPerSheet: spec.pagesPerSheet ?? 1, numSides: spec.sides ?? 1, numVersion: spec.copies ?? 1 };
  const sheets = sheetCount(spec.selected, options);
  const status = spec.viaUpdate ? 'InProgress' : spec.status;
  const finish = spec.viaUpdate ? null : (spec.finish ?? null);
  const row = await db.one<{ id: string }>(
    `WITH d AS (INSERT INTO documents (owner_id, title, file_type, pages, size_bytes)
                VALUES ($1, 'báo cáo.pdf', 'pdf', $5, 10) RETURNING id)
     INSERT INTO printing_logs (user_id, printer_id, document_id, status, paper_size, num_version, pages_per_sheet,
                                num_sides, selected_pages, total_pages, cost, finish_date, cancelled_by, failure_reason)
     SELECT $1, $2, d.id, $3, $4, $6, $7, $8, $5, $9, $10, $11::timestamptz,
            CASE WHEN $12 THEN $1::uuid END, CASE WHEN $3 = 'Failed' THEN 'thử' END FROM d RETURNING id`,
    [
      owner,
      spec.printerId,
      status,
      spec.size,
      spec.selected,
      options.numVersion,
      options.pagesPerSheet,
      options.numSides,
      sheets,
      spec.size === 'A3' ? sheets * 2 : sheets,
      finish,
      Boolean(spec.cancelled),
    ],
  );
  if (!row) throw new Error('no job');
  if (spec.viaUpdate) {
    await db.query(`UPDATE printing_logs SET status = $2, finish_date = $3::timestamptz WHERE id = $1`, [
      row.id,
      spec.status,
      spec.finish ?? null,
    ]);
  }
  return row.id;
}

async function get<T>(url: string, query: Record<string, string> = {}, token = tokens.spso) {
  const response = await app.inject({ method: 'GET', url, query, headers: token ? bearer(token) : {} });
  const json = /^application\/json/.test(String(response.headers['content-type']));
  return { status: response.statusCode, body: json ? body<T>(response) : (null as never), response };
}

async function report(query: Record<string, string>) {
  const answer = await get<ReportResponse>('/v1/spso/reports', query);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** report_daily must always equal the Completed logs counted from scratch. */
async function dailyMismatches(): Promise<number> {
  const row = await db.one<{ n: number }>(
    `WITH counted AS (
       SELECT report_day(finish_date) AS day, printer_id, count(*)::int AS printed,
              coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0)::bigint AS a4,
              coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)::bigint AS a3
       FROM printing_logs WHERE status = 'Completed' AND finish_date IS NOT NULL GROUP BY 1, 2),
     kept AS (SELECT day, printer_id, printed, a4, a3 FROM report_daily WHERE printed <> 0 OR a4 <> 0 OR a3 <> 0)
     SELECT count(*)::int AS n FROM (
       (SELECT * FROM counted EXCEPT SELECT * FROM kept) UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM counted)) x`,
  );
  return Number(row?.n);
}

// Fixture in 2021 and January 2022 (the demo seed's logs cover only the last twelve months, its printers
// start in 2022-09): printers R-A and R-B in service all 2021, R-C from June to September, R-D activated
// in 2022 but with a job in November 2021 (it counts where it printed).
const JAN_2021 = '2021-01-05T02:00:00Z';
beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  db = app.db;
  for (const role of ['student', 'staff', 'spso'] as const) {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: `${role}@hcmut.edu.vn`, password: 'Demo@12345' },
    });
    tokens[role] = body<{ accessToken: string }>(response).data.accessToken;
  }
  owner = await createStudent(db, 0);
  await db.query(
    `INSERT INTO printers (printer_id, brand, model, facility, department, room, activated_time, created_at, retired_at)
     VALUES ('R-A', 'HP', 'M1', 'CS1', 'B1', '109', $1, $1, NULL),
            ('R-B', 'HP', 'M1', 'CS2', 'H6', '101', $1, $1, NULL),
            ('R-C', 'HP', 'M1', 'CS1', 'B4', '301', '2021-06-01T03:00:00Z', '2021-06-01T03:00:00Z', '2021-09-01T03:00:00Z'),
            ('R-D', 'HP', 'M1', 'CS2', 'H1', '102', '2022-05-01T03:00:00Z', '2022-05-01T03:00:00Z', NULL)`,
    [JAN_2021],
  );
  const jobs: JobSpec[] = [
    // March 2021: 10 pages × 2 copies = 20 A4
    { printerId: 'R-A', status: 'Completed', size: 'A4', selected: 10, copies: 2, finish: '2021-03-10T03:00:00Z' },
    // 5 pages 2-up = 3 A3 sheets (the row trigger)
    {
      printerId: 'R-A',
      status: 'Completed',
      size: 'A3',
      selected: 5,
      pagesPerSheet: 2,
      finish: '2021-03-15T09:00:00Z',
      viaUpdate: true,
    },
    // 17:00 UTC on 28 February is midnight of 1 March in Vietnam: March, 1 A4
    { printerId: 'R-A', status: 'Completed', size: 'A4', selected: 1, finish: '2021-02-28T17:00:00Z' },
    // 23:30 UTC on 31 March is 06:30 on 1 April in Vietnam: April. 9 pages 2-up duplex = 3 sheets × 3 copies
    {
      printerId: 'R-B',
      status: 'Completed',
      size: 'A4',
      selected: 9,
      pagesPerSheet: 2,
      sides: 2,
      copies: 3,
      finish: '2021-03-31T23:30:00Z',
    },
    // excluded: Failed, Cancelled (Failed with cancelled_by), Queued, InProgress
    { printerId: 'R-B', status: 'Failed', size: 'A4', selected: 7, finish: '2021-03-20T03:00:00Z' },
    { printerId: 'R-B', status: 'Failed', size: 'A3', selected: 4, finish: '2021-03-21T03:00:00Z', cancelled: true },
    { printerId: 'R-A', status: 'Queued', size: 'A4', selected: 3 },
    { printerId: 'R-A', status: 'InProgress', size: 'A4', selected: 3 },
    // July: 3 pages duplex × 2 copies = 4 A3 sheets; 16:59 UTC on 1 July is 23:59 the same day in Vietnam
    {
      printerId: 'R-C',
      status: 'Completed',
      size: 'A3',
      selected: 3,
      sides: 2,
      copies: 2,
      finish: '2021-07-01T16:59:00Z',
      viaUpdate: true,
    },
    // November: R-D, not yet activated, printed 4 A4 (4 pages 1-up)
    { printerId: 'R-D', status: 'Completed', size: 'A4', selected: 4, finish: '2021-11-10T03:00:00Z' },
    // 17:30 UTC on 31 December 2021 is January 2022 in Vietnam
    { printerId: 'R-A', status: 'Completed', size: 'A4', selected: 6, finish: '2021-12-31T17:30:00Z' },
  ];
  for (const job of jobs) await insertJob(job);
});
afterAll(() => t.close());

const row = (date: string, printerId: string, printed: number, a3: number, a4: number) =>
  expect.objectContaining({ date, printerId, printed, totalA3Pages: a3, totalA4Pages: a4 });

describe(`live reports (${DRIVER})`, () => {
  it('a month: the hand-computed totals, rows and averages; excluded statuses do not count', async () => {
    const march = await report({ year: '2021', month: '3' });
    expect(march).toMatchObject({
      total_Printed: 3,
      total_A4: 21,
      total_A3: 3,
      total_pages: 24,
      // R-A and R-B in service in March (R-C from June, R-D from 2022)
      printerCount: 2,
      avg_A4: 10.5,
      avg_A3: 1.5,
      avg_Printed: 1.5,
    });
    expect(march.all_printers).toEqual([row('2021-03', 'R-A', 3, 3, 21)]);
    expect(march.all_printers[0]?.location).toEqual({ facility: 'CS1', department: 'B1', room: '109' });
  });

  it('a job finished at 23:30 UTC on the last day of a month counts in the next month (Vietnam time)', async () => {
    const april = await report({ year: '2021', month: '4' });
    expect(april).toMatchObject({ total_Printed: 1, total_A4: 9, total_A3: 0, total_pages: 9 });
    expect(april.all_printers).toEqual([row('2021-04', 'R-B', 1, 0, 9)]);
    const january2022 = await report({ year: '2022', month: '1' });
    expect(january2022.all_printers).toEqual([row('2022-01', 'R-A', 1, 0, 6)]);
    const december = await report({ year: '2021', month: '12' });
    expect(december.total_Printed).toBe(0);
  });

  it('a year: rows add up to the totals; averages per printer in service, rounded to 2 decimals', async () => {
    const year = await report({ year: '2021' });
    expect(year).toMatchObject({
      total_Printed: 6,
      total_A4: 34,
      total_A3: 7,
      total_pages: 41,
      printerCount: 4,
      avg_A4: 8.5,
      avg_A3: 1.75,
      avg_Printed: 1.5,
    });
    const sum = (pick: (r: ReportPrinterRow) => number) => year.all_printers.reduce((s, r) => s + pick(r), 0);
    expect(sum((r) => r.printed)).toBe(year.total_Printed);
    expect(sum((r) => r.totalA3Pages)).toBe(year.total_A3);
    expect(sum((r) => r.totalA4Pages)).toBe(year.total_A4);
    // July: three in service (R-C retired in September), 4 A3 / 3 = 1.33
    expect(await report({ year: '2021', month: '7' })).toMatchObject({
      printerCount: 3,
      avg_A3: 1.33,
      avg_Printed: 0.33,
    });
    // November: R-C retired, R-D counts because it printed
    expect(await report({ year: '2021', month: '11' })).toMatchObject({ printerCount: 3, total_A4: 4, avg_A4: 1.33 });
    // no printer in service, no job: zeros, never a division by zero
    expect(await report({ year: '2020' })).toMatchObject({
      printerCount: 0,
      total_pages: 0,
      avg_A4: 0,
      avg_A3: 0,
      avg_Printed: 0,
      all_printers: [],
    });
    // every year with data, the current one always, newest first
    const current = vietnamMonthOf(new Date()).year;
    expect(year.years).toEqual(expect.arrayContaining([2021, 2022, current]));
    expect(year.years).not.toContain(2020);
    expect(year.years).toEqual([...year.years].sort((a, b) => b - a));
    // a year known only by its stored report (its jobs long purged) is offered too
    await t.app.db.query(
      `INSERT INTO stored_reports (period, year, total_pages, total_a4, total_a3, total_printed, avg_a4, avg_a3,
                                   avg_printed, printer_count, rows)
       VALUES ('year', 2020, 0, 0, 0, 0, 0, 0, 0, 0, '[]'::jsonb)`,
    );
    try {
      expect((await report({ year: '2021' })).years).toContain(2020);
    } finally {
      await t.app.db.query("DELETE FROM stored_reports WHERE period = 'year' AND year = 2020");
    }
  });

  it('sortDirection 1 lists the latest month first (the default), -1 the oldest first', async () => {
    const latest = ['2021-11', '2021-07', '2021-04', '2021-03'];
    expect((await report({ year: '2021' })).all_printers.map((r) => r.date)).toEqual(latest);
    expect((await report({ year: '2021', sortDirection: '1' })).all_printers.map((r) => r.date)).toEqual(latest);
    expect((await report({ year: '2021', sortDirection: '-1' })).all_printers.map((r) => r.date)).toEqual(
      [...latest].reverse(),
    );
    // the spec's client's "no filter" values
    expect((await report({ year: '2021', month: 'all', sortDirection: 'null' })).total_pages).toBe(41);
  });

  it('viewReport answers the 12 monthly total_pages of a year, adding up to the year report', async () => {
    const answer = await get<YearReportResponse>('/v1/spso/viewReport', { year: '2021' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([0, 0, 24, 9, 0, 0, 4, 0, 0, 0, 4, 0]);
    const current = String(vietnamMonthOf(new Date()).year);
    const months = (await get<YearReportResponse>('/v1/spso/viewReport', { year: current })).body.data;
    expect(months).toHaveLength(12);
    expect(months.reduce((a, b) => a + b, 0)).toBe((await report({ year: current })).total_pages);
  });

  it('a job that completes moves the live figures at once', async () => {
    const { year, month } = vietnamMonthOf(new Date());
    const query = { year: String(year), month: String(month) };
    const before = await report(query);
    const printerId = 'R-LIVE';
    await db.query(
      `INSERT INTO printers (printer_id, brand, model, facility, department, room) VALUES ($1, 'HP', 'M1', 'CS1', 'B1', '109')`,
      [printerId],
    );
    const s = await newStudent(app, 50);
    const submitted = await submitPrint(app, s.token, [{ name: 'bai-tap.pdf', content: await makePdf(3) }], {
      printerId,
      documents: [{ paperSize: 'A3', numVersion: 2, pagesPerSheet: 1, numSides: 1 }],
    });
    expect(submitted.statusCode).toBe(200);
    // queued: nothing yet
    expect((await report(query)).total_Printed).toBe(before.total_Printed);
    const claimed = await claimNextJob(db, printerId, 'test-instance');
    expect(claimed).toBeDefined();
    await completeJob(db, claimed?.id ?? '', 'test-instance');
    const after = await report(query);
    expect(after.total_Printed).toBe(before.total_Printed + 1);
    expect(after.total_A3).toBe(before.total_A3 + 6);
    expect(after.total_A4).toBe(before.total_A4);
    expect(after.printerCount).toBe(before.printerCount + 1);
    expect(after.all_printers).toEqual(
      expect.arrayContaining([row(`${year}-${String(month).padStart(2, '0')}`, printerId, 1, 6, 0)]),
    );
    expect(await dailyMismatches()).toBe(0);
  });

  it('keeps report_daily equal to the logs through edits, deletions and a printer rename', async () => {
    const id = await insertJob({
      printerId: 'R-B',
      status: 'Completed',
      size: 'A4',
      selected: 2,
      finish: '2021-05-05T03:00:00Z',
    });
    await db.query(`UPDATE printing_logs SET paper_size = 'A3', finish_date = '2021-06-06T03:00:00Z' WHERE id = $1`, [
      id,
    ]);
    expect(await dailyMismatches()).toBe(0);
    expect((await report({ year: '2021', month: '6' })).total_A3).toBe(2);
    await db.query(`UPDATE printing_logs SET status = 'Failed' WHERE id = $1`, [id]);
    expect((await report({ year: '2021', month: '6' })).total_A3).toBe(0);
    await db.query(`UPDATE printing_logs SET status = 'Completed' WHERE id = $1`, [id]);
    await db.query(`DELETE FROM printing_logs WHERE id = $1`, [id]);
    expect(await dailyMismatches()).toBe(0);
    await db.query(
      `INSERT INTO printers (printer_id, brand, model, facility, department, room) VALUES ('R-OLD', 'HP', 'M1', 'CS1', 'B1', '109')`,
    );
    await insertJob({
      printerId: 'R-OLD',
      status: 'Completed',
      size: 'A4',
      selected: 5,
      finish: '2020-05-05T03:00:00Z',
    });
    await db.query(`UPDATE printers SET printer_id = 'R-NEW' WHERE printer_id = 'R-OLD'`);
    expect(await dailyMismatches()).toBe(0);
    expect((await report({ year: '2020', month: '5' })).all_printers).toEqual([row('2020-05', 'R-NEW', 1, 0, 5)]);
    // leave 2020 as it was for the archive tests
    await db.query(`DELETE FROM printing_logs WHERE printer_id = 'R-NEW'`);
    await db.query(`DELETE FROM report_daily WHERE printer_id = 'R-NEW'`);
    await db.query(`DELETE FROM printers WHERE printer_id = 'R-NEW'`);
    expect(await dailyMismatches()).toBe(0);
  });

  it('refuses a bad year, month or sortDirection with 400 and a Vietnamese message', async () => {
    const next = String(vietnamMonthOf(new Date()).year + 1);
    const cases: [string, Record<string, string>][] = [
      ['/v1/spso/reports', { year: '2021', month: '13' }],
      ['/v1/spso/reports', { year: '2021', month: '0' }],
      ['/v1/spso/reports', { year: '2019' }],
      ['/v1/spso/reports', { year: next }],
      ['/v1/spso/reports', { year: '2021', sortDirection: '2' }],
      ['/v1/spso/reports', { year: 'hai nghìn' }],
      ['/v1/spso/reports', { year: '2021.5' }],
      ['/v1/spso/reports', { year: '2021', month: 'ba' }],
      ['/v1/spso/reports', {}],
      ['/v1/spso/viewReport', { year: '2019' }],
      ['/v1/spso/viewReport', { year: next }],
      ['/v1/spso/viewReport', { year: 'abc' }],
      ['/v1/spso/viewReport', {}],
    ];
    for (const [url, query] of cases) {
      const answer = await get(url, query);
      expect([url, query, answer.status]).toEqual([url, query, 400]);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
  });

  it('answers only officers: 403 for students and staff, 401 without a token', async () => {
    const urls: [string, Record<string, string>][] = [
      ['/v1/spso/reports', { year: '2021' }],
      ['/v1/spso/viewReport', { year: '2021' }],
      ['/v1/spso/report-archive', {}],
      ['/v1/spso/report-archive/00000000-0000-0000-0000-000000000000', { format: 'csv' }],
      ['/v1/spso/report-download', { year: '2021', format: 'csv' }],
    ];
    for (const [url, query] of urls) {
      expect((await get(url, query, tokens.student)).status).toBe(403);
      expect((await get(url, query, tokens.staff)).status).toBe(403);
      expect((await get(url, query, '')).status).toBe(401);
    }
  });
});

describe(`stored reports (${DRIVER})`, () => {
  const NOW = new Date();

  it('two schedulers at once on one database store every finished period once, equal to the live figures', async () => {
    // a second, independent connection (pool) to the same database plays the other instance
    const other = PG_URL ? await openTestDb(t.schema, false) : db;
    try {
      const now = () => NOW;
      const a = new ReportScheduler({ reports: createReportsService(db, now), now, intervalMs: 3_600_000 });
      const b = new ReportScheduler({ reports: createReportsService(other, now), now, intervalMs: 3_600_000 });
      const results = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce()]);
      const expected = finishedPeriods((await firstReportDay(db)) ?? '', NOW).map(periodKey);
      // from January 2021 (R-A's activation) to last month, and every finished year
      expect(expected[0]).toBe('month:2021-01');
      expect(expected).toContain('year:2021');
      const stored = [...new Set(results)].flatMap((result) => result?.stored ?? []);
      expect(stored.sort()).toEqual([...expected].sort());
      const counts = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM stored_reports GROUP BY period, year, month HAVING count(*) > 1',
      );
      expect(counts).toEqual([]);
    } finally {
      if (other !== db) await other.close();
    }
    const archive = await get<ReportArchiveResponse>('/v1/spso/report-archive');
    expect(archive.status).toBe(200);
    const reports = archive.body.data.reports;
    // newest period first: a year just before its December
    const current = vietnamMonthOf(NOW);
    const last = current.month === 1 ? { year: current.year - 1, month: 12 } : { ...current, month: current.month - 1 };
    expect(reports[0]).toMatchObject({ period: 'month' });
    expect(reports.at(-1)).toMatchObject({ period: 'month', year: 2021, month: 1 });
    const year2021 = reports.findIndex((r) => r.period === 'year' && r.year === 2021);
    expect(reports[year2021 + 1]).toMatchObject({ period: 'month', year: 2021, month: 12 });
    expect(reports.some((r) => r.year === last.year && r.month === last.month)).toBe(true);
    // stored = live, for every period
    const service = createReportsService(db, () => NOW);
    for (const summary of reports) {
      const storedRow = await findStoredReport(db, summary.id);
      if (!storedRow) throw new Error('stored report missing');
      expect([summary.year, summary.month, periodReportOf(storedRow)]).toEqual([
        summary.year,
        summary.month,
        await service.periodReport(summary.year, summary.month),
      ]);
    }
    expect(reports.find((r) => r.period === 'month' && r.year === 2021 && r.month === 3)).toMatchObject({
      total_pages: 24,
      total_A4: 21,
      total_A3: 3,
      total_Printed: 3,
    });
    expect(reports.find((r) => r.period === 'year' && r.year === 2021)).toMatchObject({ total_pages: 41 });
  });

  it('after a restart stores nothing again; after time down it catches up on the missed months and year', async () => {
    const count = async () => Number((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM stored_reports'))?.n);
    const before = await count();
    // a new instance (a restart) on the same clock: nothing to do
    const again = await createTestApp({ db, seed: false, reports: { enabled: true, now: () => NOW } });
    try {
      await again.app.reportScheduler?.idle();
      expect(again.app.reportScheduler).not.toBeNull();
      expect(await again.app.reportScheduler?.runOnce()).toEqual({ stored: [], missing: 0 });
    } finally {
      await again.close();
    }
    expect(await count()).toBe(before);
    // down for a while: started again 14 months later, it stores the months missed and the finished year
    const later = new Date(NOW.getTime());
    later.setUTCMonth(later.getUTCMonth() + 14);
    const scheduler = new ReportScheduler({
      reports: createReportsService(db, () => later),
      now: () => later,
      intervalMs: 3_600_000,
    });
    const result = await scheduler.runOnce();
    const first = (await firstReportDay(db)) ?? '';
    const done = new Set(finishedPeriods(first, NOW).map(periodKey));
    const missed = finishedPeriods(first, later)
      .map(periodKey)
      .filter((key) => !done.has(key));
    const { year } = vietnamMonthOf(NOW);
    // fourteen months and at least the year that was running
    expect(missed.filter((key) => key.startsWith('month:'))).toHaveLength(14);
    expect(missed).toEqual(expect.arrayContaining([`year:${year}`, `month:${year}-12`]));
    expect(result?.stored).toEqual(missed);
    expect(await count()).toBe(before + missed.length);
    expect((await scheduler.runOnce())?.stored).toEqual([]);
  });

  it('wakes at least every interval and just after each month boundary (Vietnam time)', () => {
    const scheduler = new ReportScheduler({
      reports: { generateMissing: async () => ({ stored: [], missing: 0 }) },
      intervalMs: 3_600_000,
    });
    // 16:59:30 UTC on 31 October is 23:59:30 in Vietnam: the month ends in 30 s
    expect(scheduler.delayAfter(new Date('2026-10-31T16:59:30Z'))).toBe(31_000);
    expect(scheduler.delayAfter(new Date('2026-10-15T00:00:00Z'))).toBe(3_600_000);
    expect(nextMonthStart(new Date('2026-12-31T17:00:00Z')).toISOString()).toBe('2027-01-31T17:00:00.000Z');
    expect(nextMonthStart(new Date('2026-12-31T16:00:00Z')).toISOString()).toBe('2026-12-31T17:00:00.000Z');
    // a period is finished when its last Vietnam day is over: 16:59 UTC on 31 December is 23:59 in Hanoi
    expect(finishedPeriods('2025-11-05', new Date('2025-12-31T16:59:00Z')).map(periodKey)).toEqual(['month:2025-11']);
    expect(finishedPeriods('2025-11-05', new Date('2025-12-31T17:00:00Z')).map(periodKey)).toEqual([
      'month:2025-11',
      'month:2025-12',
      'year:2025',
    ]);
    // never before the first report year
    expect(finishedPeriods('2019-06-01', new Date('2020-02-10T00:00:00Z')).map(periodKey)).toEqual(['month:2020-01']);
  });

  it('downloads a stored report as CSV: UTF-8 with a BOM, Vietnamese headers, totals, averages, rows', async () => {
    const { reports } = (await get<ReportArchiveResponse>('/v1/spso/report-archive')).body.data;
    const march = reports.find((r) => r.period === 'month' && r.year === 2021 && r.month === 3);
    const answer = await get(`/v1/spso/report-archive/${march?.id}`, { format: 'csv' });
    expect(answer.status).toBe(200);
    expect(answer.response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(answer.response.headers['content-disposition']).toBe('attachment; filename="bao-cao-2021-03.csv"');
    const raw = answer.response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    expect(text).toMatch(VIETNAMESE);
    expect(text).toContain('Tháng 03/2021');
    expect(text).toContain('Tổng số trang,24\r\n');
    expect(text).toContain('Trung bình trang A4 mỗi máy,10.50\r\n');
    expect(text).toContain('Thời gian,Mã máy in,Cơ sở,Tòa,Phòng,Số lượt in,Số trang A3,Số trang A4\r\n');
    expect(text).toContain('2021-03,R-A,CS1,B1,109,3,3,21\r\n');
    // the default format is CSV
    expect((await get(`/v1/spso/report-archive/${march?.id}`)).response.headers['content-type']).toMatch(/text\/csv/);
  });

  it('downloads the report being viewed, live, without the archive: CSV of the month, PDF of the year', async () => {
    const csv = await get('/v1/spso/report-download', { year: '2021', month: '3', format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.response.headers['content-disposition']).toBe('attachment; filename="bao-cao-2021-03.csv"');
    const text = csv.response.rawPayload.toString('utf8').slice(1);
    // the same figures as the stored report of the month
    expect(text).toContain('Tổng số trang,24\r\n');
    expect(text).toContain('2021-03,R-A,CS1,B1,109,3,3,21\r\n');
    const pdf = await get('/v1/spso/report-download', { year: '2021', format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-disposition']).toBe('attachment; filename="bao-cao-2021.pdf"');
    expect((await PDFDocument.load(new Uint8Array(pdf.response.rawPayload))).getPageCount()).toBeGreaterThan(0);
    expect((await get('/v1/spso/report-download', { year: '2021', format: 'xls' })).status).toBe(400);
    expect((await get('/v1/spso/report-download', { year: '1999', format: 'csv' })).status).toBe(400);
  });

  it('downloads a stored report as a PDF that pdf-lib loads, with a page per rows that fit', async () => {
    const { reports } = (await get<ReportArchiveResponse>('/v1/spso/report-archive')).body.data;
    const march = reports.find((r) => r.period === 'month' && r.year === 2021 && r.month === 3);
    const small = await get(`/v1/spso/report-archive/${march?.id}`, { format: 'pdf' });
    expect(small.status).toBe(200);
    expect(small.response.headers['content-type']).toBe('application/pdf');
    expect(small.response.headers['content-disposition']).toBe('attachment; filename="bao-cao-2021-03.pdf"');
    expect(small.response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await PDFDocument.load(new Uint8Array(small.response.rawPayload))).getPageCount()).toBe(1);
    // the busiest stored year (the demo's months): many rows, several pages
    const year = reports.filter((r) => r.period === 'year').sort((a, b) => b.total_Printed - a.total_Printed)[0];
    const stored = await findStoredReport(db, year?.id ?? '');
    const big = await get(`/v1/spso/report-archive/${year?.id}`, { format: 'pdf' });
    expect(big.status).toBe(200);
    const pages = (await PDFDocument.load(new Uint8Array(big.response.rawPayload))).getPageCount();
    expect(pages).toBe(pdfPageCount(stored?.rows.length ?? 0));
    expect(pages).toBeGreaterThan(1);
    // many more rows than a page holds
    const rows: ReportPrinterRow[] = Array.from({ length: 200 }, (_, i) => ({
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}`,
      printerId: `Máy-${i}`,
      location: { facility: 'CS1', department: 'B1', room: '109' },
      printed: i,
      totalA3Pages: i,
      totalA4Pages: i,
    }));
    const pdf = await renderReportPdf(
      { year: 2026, month: null, generatedAt: new Date().toISOString() },
      {
        total_pages: 0,
        total_A3: 0,
        total_A4: 0,
        total_Printed: 0,
        avg_A3: 0,
        avg_A4: 0,
        avg_Printed: 0,
        printerCount: 0,
        all_printers: rows,
      },
    );
    expect((await PDFDocument.load(new Uint8Array(pdf))).getPageCount()).toBe(pdfPageCount(200));
    expect(pdfPageCount(200)).toBeGreaterThan(4);
  });

  it('answers 404 for an unknown report and 400 for a format other than csv or pdf', async () => {
    const { reports } = (await get<ReportArchiveResponse>('/v1/spso/report-archive')).body.data;
    for (const id of ['00000000-0000-0000-0000-000000000000', 'khong-co', '12345']) {
      const answer = await get(`/v1/spso/report-archive/${id}`, { format: 'csv' });
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
    for (const format of ['xlsx', 'CSV', '']) {
      const answer = await get(`/v1/spso/report-archive/${reports[0]?.id}`, { format });
      expect([format, answer.status]).toEqual([format, 400]);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
  });
});
