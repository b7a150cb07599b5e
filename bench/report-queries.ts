// The officers' reports at 1M jobs (issue 12): "report queries stay fast at 1M jobs; a job counts once it
// completes, live". One database with 1,000,000 Completed jobs over the 14 demo printers and the two
// years before now, made with generate_series while the portal is stopped (PGlite is single-process); the
// per-day figures (report_daily) are kept by the triggers of migration 8 as the rows go in. Then, with the
// server's own code on that database: the archive's generation (every finished period, then one month),
// and a year's figures counted from the logs themselves for comparison. Then through HTTP: a year's
// report, a month's report and viewReport, p50 and p99 of the server time (access log) and of the wall
// time over RUNS calls after 5 warm-ups.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  openServerDb,
  repoRoot,
  round1,
  signIn,
  startBenchPortal,
  type BenchPortal,
  type ServerDb,
} from './lib/portal';

const JOBS = Number(process.env.BENCH_REPORT_JOBS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 200);
const BATCH = 100_000;
const VIETNAM_MS = 7 * 3_600_000;

interface ReportsModule {
  createReportsService(db: ServerDb): {
    generateMissing(now?: Date): Promise<{ stored: string[]; missing: number }>;
  };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function fill(dataDir: string): Promise<number> {
  const db = await openServerDb(dataDir);
  try {
    const owner = await db.one<{ id: string }>(`SELECT id FROM users WHERE role = 'student' ORDER BY email LIMIT 1`);
    const printers = (
      await db.query<{ printer_id: string }>('SELECT printer_id FROM printers ORDER BY printer_id')
    ).map((p) => p.printer_id);
    await db.exec('DELETE FROM printing_logs; DELETE FROM documents; DELETE FROM stored_reports;');
    const doc = await db.one<{ id: string }>(
      `INSERT INTO documents (owner_id, title, file_type, pages) VALUES ($1, 'Tai lieu.pdf', 'pdf', 10) RETURNING id`,
      [owner?.id],
    );
    const started = performance.now();
    for (let from = 1; from <= JOBS; from += BATCH) {
      const to = Math.min(JOBS, from + BATCH - 1);
      // spread evenly over the 730 days before now, printers in turn, one job in five on A3
      await db.query(
        `INSERT INTO printing_logs (user_id, printer_id, document_id, status, paper_size, num_version, selected_pages,
                                    total_pages, cost, finish_date, created_at, updated_at)
         SELECT $1, ($3::text[])[1 + i % cardinality($3::text[])], $2, 'Completed',
                CASE WHEN i % 5 = 0 THEN 'A3' ELSE 'A4' END, 1 + i % 3, 1 + i % 20,
                (1 + i % 20) * (1 + i % 3), (1 + i % 20) * (1 + i % 3) * (CASE WHEN i % 5 = 0 THEN 2 ELSE 1 END),
                now() - interval '730 days' * (i::float / $5), now() - interval '730 days' * (i::float / $5),
                now() - interval '730 days' * (i::float / $5)
         FROM generate_series($4::int, $6::int) AS i`,
        [owner?.id, doc?.id, printers, from, JOBS, to],
      );
    }
    const ms = performance.now() - started;
    await db.exec('ANALYZE printing_logs; ANALYZE report_daily;');
    return ms;
  } finally {
    await db.close();
  }
}

/** The archive generated with the server's own code: every finished period, then one month again. */
async function generation(dataDir: string): Promise<void> {
  const db = await openServerDb(dataDir);
  try {
    const load = createRequire(__filename);
    const mod = load(
      path.join(repoRoot, 'server', 'dist', 'modules', 'reports', 'reports.service.js'),
    ) as ReportsModule;
    const reports = mod.createReportsService(db);
    let started = performance.now();
    const all = await reports.generateMissing();
    console.log(
      `  archive catch-up: ${all.stored.length} periods stored in ${round1(performance.now() - started)} ms ` +
        `(${round1((performance.now() - started) / Math.max(1, all.stored.length))} ms a period)`,
    );
    const month = all.stored.filter((key) => key.startsWith('month:')).at(-1) ?? '';
    const [year, m] = month.slice('month:'.length).split('-').map(Number);
    const times: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      await db.query('DELETE FROM stored_reports WHERE period = $1 AND year = $2 AND month = $3', ['month', year, m]);
      started = performance.now();
      const one = await reports.generateMissing();
      times.push(performance.now() - started);
      if (one.stored.length !== 1) throw new Error(`expected one period stored, got ${one.stored.join(', ')}`);
    }
    console.log(`  archive generation of one month (${month}): median ${round1(percentile(times, 50))} ms of 10`);

    // for comparison: the same year's rows counted from the logs themselves (what report_daily saves)
    const now = new Date(Date.now() + VIETNAM_MS);
    const y = now.getUTCFullYear();
    started = performance.now();
    await db.query(
      `SELECT to_char(report_day(finish_date), 'YYYY-MM') AS date, printer_id, count(*)::int AS printed,
              sum(total_pages) FILTER (WHERE paper_size = 'A3') AS a3, sum(total_pages) FILTER (WHERE paper_size = 'A4') AS a4
       FROM printing_logs
       WHERE status = 'Completed' AND finish_date >= $1::timestamptz AND finish_date < $2::timestamptz
       GROUP BY 1, 2`,
      [
        new Date(Date.UTC(y, 0, 1) - VIETNAM_MS).toISOString(),
        new Date(Date.UTC(y + 1, 0, 1) - VIETNAM_MS).toISOString(),
      ],
    );
    console.log(
      `  for comparison, the year ${y} counted from printing_logs: ${round1(performance.now() - started)} ms`,
    );
  } finally {
    await db.close();
  }
}

async function timeRoute(portal: BenchPortal, token: string, pathAndQuery: string) {
  const url = `${portal.url}${pathAndQuery}`;
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 5; i += 1) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const before = portal.accessLog.length;
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    wall.push(performance.now() - started);
  }
  const route = pathAndQuery.split('?')[0] ?? pathAndQuery;
  const lines = () => portal.accessLog.slice(before).filter((l) => l.url.startsWith(route));
  for (let i = 0; i < 100 && lines().length < RUNS; i += 1) await new Promise((r) => setTimeout(r, 20));
  const server = lines().map((l) => l.ms);
  return {
    server: { p50: round1(percentile(server, 50)), p99: round1(percentile(server, 99)) },
    wall: { p50: round1(percentile(wall, 50)), p99: round1(percentile(wall, 99)) },
  };
}

export async function benchReportQueries(): Promise<void> {
  console.log("\n== the officers' reports at 1M jobs (issue 12) ==");
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-reports-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    await (await startBenchPortal(dataDir, { env: { REPORT_SCHEDULER: 'false' } })).stop();
    const ms = await fill(dataDir);
    console.log(
      `${JOBS} Completed jobs over 14 printers and 730 days: inserted in ${round1(ms / 1000)} s ` +
        `(${BATCH}-row statements, the report triggers included)`,
    );
    await generation(dataDir);
    const portal = await startBenchPortal(dataDir, { accessLog: true, env: { REPORT_SCHEDULER: 'false' } });
    try {
      const { accessToken } = await signIn(portal.url, 'spso@hcmut.edu.vn');
      const now = new Date(Date.now() + VIETNAM_MS);
      const year = now.getUTCFullYear();
      const month = now.getUTCMonth() + 1;
      const cases: [string, string][] = [
        [`a year (${year})`, `/v1/spso/reports?year=${year}`],
        [`the last full year (${year - 1})`, `/v1/spso/reports?year=${year - 1}`],
        [`a month (${year}-${month})`, `/v1/spso/reports?year=${year}&month=${month}`],
        [`viewReport (${year})`, `/v1/spso/viewReport?year=${year}`],
      ];
      for (const [label, route] of cases) {
        const t = await timeRoute(portal, accessToken, route);
        console.log(
          `  ${label.padEnd(32)} server p50 ${t.server.p50} ms, p99 ${t.server.p99} ms; ` +
            `wall p50 ${t.wall.p50} ms, p99 ${t.wall.p99} ms (${RUNS} calls)`,
        );
      }
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
