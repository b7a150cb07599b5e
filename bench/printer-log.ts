// GET /v1/spso/printingLog (issue 10): "a printer with 100,000 jobs opens as fast as one with ten".
// One database with a busy printer (100,000 logs, spread over the year before now) and a quiet one (10
// logs), made with generate_series while the portal is stopped (PGlite is single-process). For each
// printer, the server time (access log) and the wall time of one call, median of 20 after 3 warm-ups:
// the dialog's first page (per_page=20, no dates), the first page of a one-week range, and the last page
// of the busy printer (OFFSET 99,980: what paging to the end costs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openServerDb, round1, signIn, startBenchPortal, timeGet } from './lib/portal';

const BUSY = 'B1-109';
const QUIET = 'B2-105';
const BUSY_LOGS = Number(process.env.BENCH_PRINTER_LOGS ?? 100_000);
const CALLS = 20;

async function fill(dataDir: string): Promise<void> {
  const db = await openServerDb(dataDir);
  try {
    const owner = await db.one<{ id: string }>(`SELECT id FROM users WHERE role = 'student' ORDER BY email LIMIT 1`);
    await db.exec('DELETE FROM printing_logs; DELETE FROM documents;');
    for (const [printerId, count] of [
      [BUSY, BUSY_LOGS],
      [QUIET, 10],
    ] as const) {
      const at = `(now() - interval '365 days' * (i::float / $3))`;
      await db.query(
        `INSERT INTO documents (id, owner_id, title, file_type, pages, created_at)
         SELECT md5($2 || '-doc-' || i)::uuid, $1, 'Tai lieu ' || i || '.pdf', 'pdf', 1 + i % 40, ${at}
         FROM generate_series(1, $3::int) AS i`,
        [owner?.id, printerId, count],
      );
      await db.query(
        `INSERT INTO printing_logs (id, user_id, printer_id, document_id, status, selected_pages, total_pages, cost,
                                    finish_date, created_at, updated_at)
         SELECT md5($2 || '-log-' || i)::uuid, $1, $2, md5($2 || '-doc-' || i)::uuid, 'Completed', 1 + i % 40,
                1 + i % 40, 1 + i % 40, ${at} + interval '1 minute', ${at}, ${at}
         FROM generate_series(1, $3::int) AS i`,
        [owner?.id, printerId, count],
      );
    }
    await db.exec('ANALYZE printing_logs; ANALYZE documents;');
  } finally {
    await db.close();
  }
}

export async function benchPrinterLog(): Promise<void> {
  console.log('\n== GET /v1/spso/printingLog (issue 10) ==');
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-printer-log-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    await (await startBenchPortal(dataDir)).stop();
    const started = performance.now();
    await fill(dataDir);
    console.log(
      `${BUSY_LOGS} logs on ${BUSY}, 10 on ${QUIET}: made in ${round1((performance.now() - started) / 1000)} s`,
    );
    const portal = await startBenchPortal(dataDir, { accessLog: true });
    try {
      const { accessToken } = await signIn(portal.url, 'spso@hcmut.edu.vn');
      const week = (d: number) => new Date(Date.now() - d * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
      const range = `startDate=${week(60)}&endDate=${week(53)}`;
      const cases: [string, string][] = [
        [`quiet printer (10 logs), first page`, `printerId=${QUIET}&per_page=20`],
        [`busy printer (${BUSY_LOGS} logs), first page`, `printerId=${BUSY}&per_page=20`],
        [`quiet printer, one week`, `printerId=${QUIET}&per_page=20&${range}`],
        [`busy printer, one week (~${Math.round(BUSY_LOGS / 52)} logs)`, `printerId=${BUSY}&per_page=20&${range}`],
        [`busy printer, last page`, `printerId=${BUSY}&per_page=20&page=${Math.ceil(BUSY_LOGS / 20)}`],
      ];
      for (const [label, query] of cases) {
        const t = await timeGet(portal, accessToken, `/v1/spso/printingLog?${query}`, CALLS);
        console.log(`  ${label.padEnd(44)} server ${t.server ?? '?'} ms, wall ${t.wall} ms (median of ${CALLS})`);
      }
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
