import type { Db } from '../src/db';
import { createDb, type Connection } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import type { AppError } from '../src/lib/errors';
import { applyLedgerEntry, ledgerSum } from '../src/modules/ledger/ledger.repository';
import { openTestDb } from './helpers';

describe('database and ledger', () => {
  let db: Db;
  let userId: string;

  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
    const row = await db.one<{ id: string }>(
      "INSERT INTO users (email, password_hash, role) VALUES ('ledger@hcmut.edu.vn', 'x', 'student') RETURNING id",
    );
    userId = row?.id ?? '';
  });
  afterAll(async () => {
    await db.close();
  });

  const balance = async () =>
    (await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]))?.balance;

  describe('transactions', () => {
    it('commits, and rolls back when the function throws', async () => {
      await db.tx(async (t) => {
        await t.query("INSERT INTO app_secrets (name, value) VALUES ('a', '1')");
      });
      await expect(
        db.tx(async (t) => {
          await t.query("INSERT INTO app_secrets (name, value) VALUES ('b', '1')");
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      const names = await db.query<{ name: string }>("SELECT name FROM app_secrets WHERE name IN ('a','b')");
      expect(names).toEqual([{ name: 'a' }]);
    });

    it('nests as savepoints: an inner failure keeps the outer work', async () => {
      await db.tx(async () => {
        await db.query("INSERT INTO app_secrets (name, value) VALUES ('outer', '1')");
        expect(db.inTransaction()).toBe(true);
        await expect(
          db.tx(async () => {
            await db.query("INSERT INTO app_secrets (name, value) VALUES ('inner', '1')");
            throw new Error('inner fails');
          }),
        ).rejects.toThrow('inner fails');
        await db.tx(async () => {
          await db.query("INSERT INTO app_secrets (name, value) VALUES ('inner2', '1')");
        });
      });
      expect(db.inTransaction()).toBe(false);
      const names = await db.query<{ name: string }>(
        "SELECT name FROM app_secrets WHERE name IN ('outer','inner','inner2') ORDER BY name",
      );
      expect(names.map((n) => n.name)).toEqual(['inner2', 'outer']);
    });

    it('keeps each of two overlapping transactions on its own connection until its own end', async () => {
      // a driver whose transactions overlap (as a pool's do on PostgreSQL): each query says where it ran
      const ran: string[] = [];
      const connection = (name: string): Connection => ({
        async query(sql) {
          ran.push(`${name}: ${sql}`);
          return [];
        },
        async exec() {},
      });
      let opened = 0;
      const overlapping = createDb({
        driver: 'postgres',
        root: connection('root'),
        transaction: async (fn) => fn(connection(`tx${++opened}`)),
        close: async () => {},
      });
      const pause = () => new Promise((resolve) => setTimeout(resolve, 1));
      const first = overlapping.tx(async () => {
        await overlapping.query('a1');
        await pause();
        await pause();
        await overlapping.query('a2');
      });
      const second = overlapping.tx(async () => {
        await overlapping.query('b1');
        await pause();
        await overlapping.query('b2');
        // the second ends first: the first is still inside its own
      });
      await Promise.all([first, second]);
      await overlapping.query('after');
      // none running, then one again: ambient again
      await overlapping.tx(async () => {
        await pause();
        await overlapping.query('c1');
        expect(overlapping.inTransaction()).toBe(true);
      });
      expect(overlapping.inTransaction()).toBe(false);
      expect(ran.sort()).toEqual(['root: after', 'tx1: a1', 'tx1: a2', 'tx2: b1', 'tx2: b2', 'tx3: c1']);
    });

    it('returns the same value shapes on both drivers', async () => {
      const row = await db.one(
        "SELECT 1::int8 AS big, 2.5::numeric AS num, DATE '2026-01-15' AS day, now() AS ts, ARRAY['pdf','png'] AS arr, '{\"a\":1}'::jsonb AS j",
      );
      expect(row).toEqual({
        big: 1,
        num: 2.5,
        day: '2026-01-15',
        ts: expect.any(Date),
        arr: ['pdf', 'png'],
        j: { a: 1 },
      });
    });
  });

  describe('applyLedgerEntry', () => {
    it('changes the balance and writes the ledger row together', async () => {
      const result = await applyLedgerEntry(db, {
        userId,
        kind: 'grant',
        delta: 100,
        semesterKey: 'HK252',
        refType: 'semester',
        refId: 'HK252',
      });
      expect(result).toMatchObject({ applied: true, balance: 100 });
      expect(await balance()).toBe(100);
      const row = await db.one('SELECT kind, delta, balance_after FROM page_ledger WHERE user_id = $1', [userId]);
      expect(row).toEqual({ kind: 'grant', delta: 100, balance_after: 100 });
    });

    it('grants once per semester', async () => {
      const again = await applyLedgerEntry(db, {
        userId,
        kind: 'grant',
        delta: 100,
        semesterKey: 'HK252',
        refType: 'semester',
        refId: 'HK252',
      });
      expect(again).toEqual({ applied: false, balance: 100 });
      expect(await balance()).toBe(100);
    });

    it('refuses a charge larger than the balance (422) and changes nothing', async () => {
      await expect(
        applyLedgerEntry(db, { userId, kind: 'charge', delta: -101, refType: 'printing_log', refId: 'job-big' }),
      ).rejects.toMatchObject({ statusCode: 422, code: 'BUSINESS_RULE' } satisfies Partial<AppError>);
      expect(await balance()).toBe(100);
      expect(await db.one("SELECT count(*)::int AS n FROM page_ledger WHERE ref_id = 'job-big'")).toEqual({ n: 0 });
    });

    it('charges and refunds a job exactly once', async () => {
      const charge = await applyLedgerEntry(db, {
        userId,
        kind: 'charge',
        delta: -30,
        refType: 'printing_log',
        refId: 'job-1',
      });
      expect(charge).toMatchObject({ applied: true, balance: 70 });
      expect(
        await applyLedgerEntry(db, { userId, kind: 'charge', delta: -30, refType: 'printing_log', refId: 'job-1' }),
      ).toEqual({
        applied: false,
        balance: 70,
      });
      const refunds = await Promise.all([
        applyLedgerEntry(db, { userId, kind: 'refund', delta: 30, refType: 'printing_log', refId: 'job-1' }),
        applyLedgerEntry(db, { userId, kind: 'refund', delta: 30, refType: 'printing_log', refId: 'job-1' }),
      ]);
      expect(refunds.filter((r) => r.applied)).toHaveLength(1);
      expect(await balance()).toBe(100);
    });

    it('inside a caller transaction, rolls back with it', async () => {
      await expect(
        db.tx(async () => {
          await applyLedgerEntry(db, { userId, kind: 'adjustment', delta: 5, note: 'test' });
          throw new Error('caller fails');
        }),
      ).rejects.toThrow('caller fails');
      expect(await balance()).toBe(100);
    });

    it('keeps balance = sum of ledger', async () => {
      expect(await ledgerSum(db, userId)).toBe(await balance());
    });

    it('answers 404 for an unknown user', async () => {
      await expect(
        applyLedgerEntry(db, { userId: '00000000-0000-4000-8000-000000000000', kind: 'adjustment', delta: 1 }),
      ).rejects.toMatchObject({ statusCode: 404 });
    });
  });
});
