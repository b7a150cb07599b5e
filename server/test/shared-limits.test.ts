import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { SharedSlots } from '../src/lib/shared-slots';
import { SharedTokenBuckets } from '../src/lib/shared-token-buckets';
import { DRIVER, openTestDb } from './helpers';

/**
 * The limits kept in the database for every instance (issue 23): token buckets (code attempts at release
 * stations) and slots per owner (a student's uploads in flight). Same SQL on both drivers; the two-instance
 * proof over HTTP is instances-limits.test.ts.
 */
describe(`limits shared by every instance (${DRIVER})`, () => {
  let db: Db;

  /** A bare student row (this database has no seed). */
  const createStudent = async (): Promise<string> => {
    const row = await db.one<{ id: string }>(
      `INSERT INTO users (email, password_hash, role) VALUES ('sv.' || gen_random_uuid() || '@hcmut.edu.vn', '', 'student')
       RETURNING id`,
    );
    if (!row) throw new Error('no student');
    return row.id;
  };

  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });

  describe('token buckets in the database', () => {
    it('allows the burst, then one per refill, for each key apart', async () => {
      let now = 1_000_000;
      // 6 a minute = one every 10 s, 3 at once
      const buckets = new SharedTokenBuckets(db, 'test-a', 6 / 60, 3, () => now);
      expect([await buckets.take('s1'), await buckets.take('s1'), await buckets.take('s1')]).toEqual([
        true,
        true,
        true,
      ]);
      expect(await buckets.take('s1')).toBe(false);
      expect(await buckets.waitMs('s1')).toBe(10_000);
      expect(await buckets.take('s2')).toBe(true);
      now += 5_000;
      expect(await buckets.take('s1')).toBe(false);
      expect(await buckets.waitMs('s1')).toBe(5_000);
      now += 5_000;
      expect(await buckets.waitMs('s1')).toBe(0);
      expect(await buckets.take('s1')).toBe(true);
      expect(await buckets.take('s1')).toBe(false);
      // a clock behind the bucket's (another instance's) refills nothing
      now -= 60_000;
      expect(await buckets.take('s1')).toBe(false);
    });

    it('is one bucket for two instances, and takes at once never spend one token twice', async () => {
      const now = () => 2_000_000;
      const first = new SharedTokenBuckets(db, 'test-b', 1 / 60, 5, now);
      const second = new SharedTokenBuckets(db, 'test-b', 1 / 60, 5, now);
      const taken = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? first : second).take('printer')),
      );
      expect(taken.filter(Boolean)).toHaveLength(5);
      expect(await second.waitMs('printer')).toBeGreaterThan(0);
      // another name is another limit
      expect(await new SharedTokenBuckets(db, 'test-c', 1 / 60, 5, now).take('printer')).toBe(true);
    });
  });

  describe('slots per owner in the database', () => {
    it('holds the cap for instances at once, gives slots back, and ignores a dead instance after a while', async () => {
      const student = await createStudent();
      const one = new SharedSlots(db, { instanceId: 'one', staleMs: 60_000 });
      const two = new SharedSlots(db, { instanceId: 'two', staleMs: 60_000 });
      try {
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? one : two).acquire(student, 2)),
        );
        const granted = answers.filter((answer) => answer.ok);
        expect(granted).toHaveLength(2);
        expect(answers.find((answer) => !answer.ok)).toEqual({ ok: false, held: 2 });
        const rows = await db.query<{ instance_id: string }>(
          'SELECT instance_id FROM uploads_in_flight WHERE user_id = $1',
          [student],
        );
        expect(rows).toHaveLength(2);
        for (const answer of granted) if (answer.ok) await answer.release();
        // given back once, however often release is called
        for (const answer of granted) if (answer.ok) await answer.release();
        expect(await db.query('SELECT 1 FROM uploads_in_flight WHERE user_id = $1', [student])).toHaveLength(0);
        expect(one.held + two.held).toBe(0);

        // a row of an instance that stopped renewing it: counted while fresh, not once stale
        await db.query(
          `INSERT INTO uploads_in_flight (user_id, instance_id, seen_at) VALUES ($1, 'dead', now() - interval '30 seconds')`,
          [student],
        );
        expect(await one.acquire(student, 1)).toEqual({ ok: false, held: 1 });
        await db.query(
          `UPDATE uploads_in_flight SET seen_at = now() - interval '2 minutes' WHERE instance_id = 'dead'`,
        );
        const after = await one.acquire(student, 1);
        expect(after.ok).toBe(true);
        expect(await db.query(`SELECT 1 FROM uploads_in_flight WHERE instance_id = 'dead'`)).toHaveLength(0);
        if (after.ok) await after.release();
      } finally {
        one.stop();
        two.stop();
      }
    });

    it('renews the rows of uploads still going on, so a long upload never looks dead', async () => {
      const student = await createStudent();
      const slots = new SharedSlots(db, { instanceId: 'renewing', staleMs: 300 });
      try {
        const slot = await slots.acquire(student, 1);
        expect(slot.ok).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 700));
        // still counted after more than twice the stale time: it was renewed
        expect(await slots.acquire(student, 1)).toEqual({ ok: false, held: 1 });
        if (slot.ok) await slot.release();
      } finally {
        slots.stop();
      }
    });
  });
});
