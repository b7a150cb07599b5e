// GET /v1/spso/students (issue 12): the officers' student list "paged for 30,000 students". One database
// with 30,000 students (Vietnamese names from the seed's lists) and two paid payments for two students in
// three, made with generate_series while the portal is stopped (PGlite is single-process). Each case: the
// server time (access log) and the wall time of one call, median of 20 after 3 warm-ups.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openServerDb, round1, signIn, startBenchPortal, timeGet } from './lib/portal';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 30_000);

async function fill(dataDir: string): Promise<void> {
  const db = await openServerDb(dataDir);
  try {
    const hash = await db.one<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE role = 'student' LIMIT 1`,
    );
    await db.query(
      `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, major, classes)
       SELECT 'bench' || i || '@hcmut.edu.vn', $1, 'student', 'BK' || lpad(i::text, 6, '0'),
              (ARRAY['An','Bảo','Cường','Dũng','Đức','Hải','Hương','Lan','Linh','Mai','Ngân','Phúc','Quỳnh','Thảo','Vy','Ánh','Ân'])[1 + i % 17],
              (ARRAY['Nguyễn','Trần','Lê','Phạm','Hoàng','Võ','Đặng','Bùi','Đỗ','Hồ'])[1 + i % 10] || ' ' ||
              (ARRAY['Văn','Thị','Minh','Ngọc','Quốc','Thu','Hữu','Gia'])[1 + i % 8],
              'Khoa học và Kỹ thuật Máy tính', 'MT23KH0' || (1 + i % 9)
       FROM generate_series(1, $2::int) AS i`,
      [hash?.password_hash, STUDENTS],
    );
    await db.query(
      `INSERT INTO payments (user_id, stt, short_content, quantity, unit_price, money, paid_money, left_money, status, paid_at)
       SELECT u.id, 1000 + k, 'BKPay mua trang', 10 * k, 500, 5000 * k, 5000 * k, 0, 'paid', now()
       FROM users u CROSS JOIN generate_series(1, 2) AS k
       WHERE u.email LIKE 'bench%' AND right(u.mssv, 1) NOT IN ('0', '3', '6')`,
    );
    // the payments' trigger rewrote most students' rows: as autovacuum would leave the tables
    await db.exec('VACUUM ANALYZE users');
    await db.exec('VACUUM ANALYZE payments');
  } finally {
    await db.close();
  }
}

export async function benchStudentActivity(): Promise<void> {
  console.log('\n== GET /v1/spso/students (issue 12) ==');
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-students-'));
  const dataDir = path.join(dir, 'pglite');
  try {
    await (await startBenchPortal(dataDir)).stop();
    const started = performance.now();
    await fill(dataDir);
    console.log(
      `${STUDENTS} more students and their payments: made in ${round1((performance.now() - started) / 1000)} s`,
    );
    // no background work meanwhile: the grant scheduler would grant the new students their semester's
    // pages (30,000 ledger rows) on the one PGlite connection the measured calls use
    const portal = await startBenchPortal(dataDir, {
      accessLog: true,
      env: { GRANT_SCHEDULER: 'false', REPORT_SCHEDULER: 'false' },
    });
    try {
      const { accessToken } = await signIn(portal.url, 'spso@hcmut.edu.vn');
      const name = encodeURIComponent('nguyen van an');
      const cases: [string, string][] = [
        ['first page (20), code order', '/v1/spso/students?per_page=20'],
        ['by given name A–Z, first page', '/v1/spso/students?per_page=20&sortName=1'],
        ['by given name Z–A, page 500', '/v1/spso/students?per_page=20&sortName=-1&page=500'],
        ['by payment, most first', '/v1/spso/students?per_page=20&sortPayment=-1'],
        ['name "nguyen van an" (no diacritics)', `/v1/spso/students?per_page=20&studentName=${name}`],
        ['part of the code "K0123"', '/v1/spso/students?per_page=20&studentId=K0123'],
        ['last page, code order', `/v1/spso/students?per_page=20&page=${Math.ceil(STUDENTS / 20)}`],
      ];
      for (const [label, query] of cases) {
        const t = await timeGet(portal, accessToken, query);
        console.log(`  ${label.padEnd(40)} server ${t.server ?? '?'} ms, wall ${t.wall} ms (median of 20)`);
      }
    } finally {
      await portal.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
