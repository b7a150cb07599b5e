import type { Db } from '../src/db';
import { GrantScheduler } from '../src/modules/grants/grant-scheduler';
import { grantDelta, nextGrantDate, runSemesterGrant } from '../src/modules/grants/grants.service';
import { bearer, body, createTestApp, DRIVER, newSchemaName, openTestDb, PG_URL, sleep, type TestApp } from './helpers';
import { balanceOf, createStudent, ledgerMismatches } from './factories';

const GRANT = 100;
// the seeded configuration: start_date1 15 January (HKxx2), start_date2 15 August (HKxx1)
const BEFORE_HK262 = Date.parse('2027-01-14T23:00:00Z');
const AFTER_HK262 = Date.parse('2027-01-20T08:00:00Z');
const AT_HK271 = Date.parse('2027-08-15T06:00:00Z');

describe('grant rules (unit)', () => {
  it('adds, or tops up to the configured amount', () => {
    expect(grantDelta('add', 100, 30)).toBe(100);
    expect(grantDelta('topup', 100, 30)).toBe(70);
    expect(grantDelta('topup', 100, 150)).toBe(0);
  });
  it('knows the next grant date', () => {
    const settings = {
      current_balance: 100,
      grant_policy: 'add' as const,
      start_date1: '2026-01-15',
      start_date2: '2026-08-15',
    };
    expect(nextGrantDate(settings, new Date(BEFORE_HK262))?.toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(nextGrantDate(settings, new Date(AFTER_HK262))?.toISOString()).toBe('2027-08-15T00:00:00.000Z');
  });
});

describe(`semester grants (${DRIVER})`, () => {
  let db: Db;
  const clock = { ms: Date.now() };
  const apps: TestApp[] = [];

  /** A server on the shared database, with the grant scheduler on and the test clock. */
  async function startServer(intervalMs = 3_600_000): Promise<TestApp & { scheduler: GrantScheduler }> {
    const t = await createTestApp({
      db,
      seed: { generatedStudents: 6, jobs: 30 },
      grants: { enabled: true, now: () => new Date(clock.ms), intervalMs },
    });
    apps.push(t);
    const scheduler = t.app.grantScheduler;
    if (!scheduler) throw new Error('no grant scheduler');
    // the run at start
    await scheduler.idle();
    return { ...t, scheduler };
  }

  async function stopServer(t: TestApp): Promise<void> {
    await t.close();
    const index = apps.findIndex((a) => a.app === t.app);
    if (index >= 0) apps.splice(index, 1);
  }

  /** Grants per student for a semester: every active student exactly once. */
  async function grantsPerStudent(key: string): Promise<{ students: number; once: number; other: number }> {
    const row = await db.one<{ students: number; once: number; other: number }>(
      `SELECT count(*)::int AS students,
              count(*) FILTER (WHERE g.n = 1)::int AS once,
              count(*) FILTER (WHERE g.n IS DISTINCT FROM 1)::int AS other
       FROM users u
       LEFT JOIN (SELECT user_id, count(*) AS n FROM page_ledger WHERE kind = 'grant' AND semester_key = $1
                  GROUP BY user_id) g ON g.user_id = u.id
       WHERE u.role = 'student' AND u.is_active`,
      [key],
    );
    if (!row) throw new Error('no row');
    return row;
  }

  beforeAll(async () => {
    db = await openTestDb(PG_URL ? newSchemaName() : null, true);
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await db.close();
  });
  afterEach(async () => {
    expect(await ledgerMismatches(db)).toEqual([]);
  });

  it('grants a student created after the date at the next run, once', async () => {
    clock.ms = Date.now();
    const t = await startServer();
    const { scheduler } = t;
    const late = await createStudent(db);
    // their information, kept before the grant, shows the granted pages at once after it (users-changed)
    const token = t.app.tokens.signAccess({ id: late, role: 'student' });
    const balance = async () =>
      body<{ balance: number }>(await t.app.inject({ url: '/v1/user/information', headers: bearer(token) })).data
        .balance;
    expect(await balance()).toBe(0);
    const first = await scheduler.runOnce();
    expect(first?.granted).toBe(1);
    expect(await balanceOf(db, late)).toBe(GRANT);
    expect(await balance()).toBe(GRANT);
    expect((await scheduler.runOnce())?.granted).toBe(0);
    expect(await balanceOf(db, late)).toBe(GRANT);
    const key = first?.semesterKey ?? '';
    expect(await grantsPerStudent(key)).toMatchObject({ other: 0 });
    await stopServer(t);
  });

  it('across a grant date, twice, with a restart and a server down on the date: each student once', async () => {
    clock.ms = BEFORE_HK262;
    let t = await startServer();
    expect((await t.scheduler?.runOnce())?.granted).toBe(0);
    expect((await grantsPerStudent('HK262')).once).toBe(0);
    const student = await createStudent(db, 7);
    await stopServer(t);

    // the server was down on 15 January: it grants when it starts again
    clock.ms = AFTER_HK262;
    t = await startServer();
    const after = await grantsPerStudent('HK262');
    expect(after.other).toBe(0);
    expect(after.once).toBe(after.students);
    expect(await balanceOf(db, student)).toBe(7 + GRANT);

    // running again, and restarting, grants nothing more
    expect((await t.scheduler?.runOnce())?.granted).toBe(0);
    await stopServer(t);
    clock.ms = AFTER_HK262 + 3_600_000;
    t = await startServer();
    expect((await t.scheduler?.runOnce())?.granted).toBe(0);
    expect(await grantsPerStudent('HK262')).toMatchObject({ other: 0 });
    expect(await balanceOf(db, student)).toBe(7 + GRANT);

    // moving the date after the grant grants nothing again
    await db.query(`UPDATE system_config SET start_date1 = DATE '2026-01-25'`);
    try {
      for (const at of ['2027-01-22T00:00:00Z', '2027-01-25T01:00:00Z', '2027-02-01T00:00:00Z']) {
        clock.ms = Date.parse(at);
        expect((await t.scheduler?.runOnce())?.granted).toBe(0);
      }
    } finally {
      await db.query(`UPDATE system_config SET start_date1 = DATE '2026-01-15'`);
    }
    expect(await grantsPerStudent('HK262')).toMatchObject({ other: 0 });
    expect(await balanceOf(db, student)).toBe(7 + GRANT);
    await stopServer(t);
  });

  it('two instances at once grant each student once', async () => {
    // a second, independent connection (pool) to the same database plays the other server
    const other = PG_URL ? await openTestDb(await currentSchema(db), false) : db;
    try {
      const now = () => new Date(AT_HK271);
      const a = new GrantScheduler({ db, now, intervalMs: 3_600_000 });
      const b = new GrantScheduler({ db: other, now, intervalMs: 3_600_000 });
      const results = await Promise.all([a.runOnce(), b.runOnce(), runSemesterGrant(other, now()), a.runOnce()]);
      const counts = await grantsPerStudent('HK271');
      expect(counts.other).toBe(0);
      expect(counts.once).toBe(counts.students);
      // a second runOnce of one scheduler joins its run in progress (the same result)
      const granted = [...new Set(results)].reduce((sum, result) => sum + (result?.granted ?? 0), 0);
      expect(granted).toBe(counts.students);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it('topup policy raises the balance to the configured amount, still a ledger row', async () => {
    const low = await createStudent(db, 30);
    const high = await createStudent(db, 150);
    // they were created after HK271's date: granted at the next run, topped up
    await db.query(`UPDATE system_config SET grant_policy = 'topup'`);
    try {
      const result = await runSemesterGrant(db, new Date(AT_HK271 + 60_000));
      expect(result).toMatchObject({ semesterKey: 'HK271', granted: 2 });
      expect(await balanceOf(db, low)).toBe(GRANT);
      expect(await balanceOf(db, high)).toBe(150);
      const rows = await db.query<{ user_id: string; delta: number }>(
        `SELECT user_id, delta FROM page_ledger WHERE kind = 'grant' AND semester_key = 'HK271' AND user_id = ANY($1::uuid[])`,
        [[low, high]],
      );
      expect(rows.map((r) => (r.user_id === low ? ['low', r.delta] : ['high', r.delta])).sort()).toEqual([
        ['high', 0],
        ['low', 70],
      ]);
      expect((await runSemesterGrant(db, new Date(AT_HK271 + 120_000))).granted).toBe(0);
    } finally {
      await db.query(`UPDATE system_config SET grant_policy = 'add'`);
    }
  });

  it('never grants an older semester after a newer one (the clock or the dates went back)', async () => {
    const result = await runSemesterGrant(db, new Date(AFTER_HK262));
    expect(result).toMatchObject({ semesterKey: 'HK262', granted: 0, skipped: true });
  });

  it('the running scheduler wakes at the grant date', async () => {
    clock.ms = Date.parse('2028-01-14T23:59:59Z');
    const t = await startServer(60_000);
    expect((await grantsPerStudent('HK272')).once).toBe(0);
    // the grant date passes while the server runs: it wakes a second after it (not at the 60 s check)
    clock.ms = Date.parse('2028-01-15T00:00:00Z');
    const deadline = Date.now() + 20_000;
    let counts = await grantsPerStudent('HK272');
    while (counts.once < counts.students && Date.now() < deadline) {
      await sleep(200);
      await t.scheduler.idle();
      counts = await grantsPerStudent('HK272');
    }
    expect(counts.once).toBe(counts.students);
    expect(counts.other).toBe(0);
    await stopServer(t);
  });
});

async function currentSchema(db: Db): Promise<string> {
  const row = await db.one<{ schema: string }>('SELECT current_schema() AS schema');
  return row?.schema ?? 'public';
}
