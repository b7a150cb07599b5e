// GET /v1/spso/notices (issue 11): "10,000 notices open as fast as ten". The demo officer's notice page
// (page 1 and page 50 of 20) and the badge's count (page 1 of 1), with the seed's notices and after
// 10,000 more to every officer (half of them seen by the reader), made while the portal is stopped
// (PGlite is single-process). Server time from the access log, median of 20 after 3 warm-ups.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { median, openServerDb, round1, signIn, startBenchPortal } from './lib/portal';

const MORE = Number(process.env.BENCH_NOTICES ?? 10_000);
const CALLS = 20;

async function timed(dataDir: string, label: string): Promise<void> {
  const portal = await startBenchPortal(dataDir, { accessLog: true });
  try {
    const { accessToken } = await signIn(portal.url, 'spso@hcmut.edu.vn');
    const headers = { authorization: `Bearer ${accessToken}` };
    for (const [what, query] of [
      ['page 1 of 20', 'page=1&per_page=20'],
      ['page 50 of 20', 'page=50&per_page=20'],
      ['the badge (1 row + count)', 'page=1&per_page=1'],
    ] as const) {
      const before = portal.accessLog.length;
      let news = 0;
      for (let i = 0; i < 3 + CALLS; i += 1) {
        const res = await fetch(`${portal.url}/v1/spso/notices?${query}`, { headers });
        const body = (await res.json()) as { data: { news: number; total: number } };
        news = body.data.news;
        if (!res.ok) throw new Error(`notices: HTTP ${res.status}`);
      }
      const lines = () => portal.accessLog.slice(before).filter((l) => l.url.startsWith('/v1/spso/notices'));
      for (let i = 0; i < 100 && lines().length < 3 + CALLS; i += 1) await new Promise((r) => setTimeout(r, 20));
      const server = lines()
        .slice(3)
        .map((l) => l.ms);
      console.log(`  ${label}, ${what.padEnd(26)} server ${round1(median(server))} ms (news ${news})`);
    }
  } finally {
    await portal.stop();
  }
}

export async function benchNoticeList(): Promise<void> {
  console.log('\n== GET /v1/spso/notices (issue 11) ==');
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-notices-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    await (await startBenchPortal(dataDir)).stop();
    await timed(dataDir, 'seed notices');
    const db = await openServerDb(dataDir);
    try {
      await db.query(
        `INSERT INTO notices (sender_id, receiver_role, facility, department, room, action, description, printer_id,
                              created_at, action_time)
         SELECT (SELECT id FROM users WHERE role = 'staff' ORDER BY email LIMIT 1), 'spso', 'CS1', 'B1', '109',
                'printer-disabled', 'Nhân viên <b>Bench</b> đã tạm dừng máy in <b>B1-109</b>.', 'B1-109',
                now() - i * interval '1 minute', now() - i * interval '1 minute'
         FROM generate_series(1, $1::int) AS i`,
        [MORE],
      );
      await db.query(
        `INSERT INTO notice_reads (notice_id, user_id)
         SELECT n.id, u.id FROM notices n, users u
         WHERE u.email = 'spso@hcmut.edu.vn' AND n.action = 'printer-disabled' AND n.created_at < now() - interval '${Math.floor(MORE / 2)} minutes'`,
      );
      await db.exec('ANALYZE notices; ANALYZE notice_reads;');
    } finally {
      await db.close();
    }
    await timed(dataDir, `+${MORE} notices`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
