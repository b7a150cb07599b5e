import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Db } from '../src/db';
import { ownConcern, type Ownership } from '../src/lib/ownership';
import { DRIVER, newSchemaName, openTestDb, PG_URL, sleep } from './helpers';

/**
 * The owner lease (lib/ownership.ts): one owner across instances, the others trying again every retryMs;
 * an owner that lets go or dies is replaced within that interval. On PGlite (one process) the instance
 * owns at once. The instances are Db handles of their own on one schema, and for a crash a process of
 * its own killed with SIGKILL.
 */

const RETRY_MS = 100;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return;
    await sleep(10);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`owner lease (${DRIVER})`, () => {
  const leases: Ownership[] = [];
  const own = (db: Db, name: string, seen: string[], tag: string): Ownership => {
    const lease = ownConcern(db, name, {
      onGain: () => void seen.push(`${tag} gained`),
      onLose: () => void seen.push(`${tag} lost`),
      retryMs: RETRY_MS,
    });
    leases.push(lease);
    return lease;
  };

  afterEach(async () => {
    await Promise.all(leases.splice(0).map((lease) => lease.release()));
  });

  (PG_URL ? it.skip : it)('on PGlite the one process owns at once, until it lets go', async () => {
    const db = await openTestDb();
    try {
      const seen: string[] = [];
      const lease = own(db, 'pglite-concern', seen, 'a');
      await lease.firstTry;
      expect(lease.owned).toBe(true);
      await lease.release();
      expect(lease.owned).toBe(false);
      expect(seen).toEqual(['a gained', 'a lost']);
    } finally {
      await db.close();
    }
  });

  // PGlite is one process: several owners need a PostgreSQL server (CI's PostgreSQL step runs these)
  (PG_URL ? describe : describe.skip)('several instances on one PostgreSQL database', () => {
    const schema = newSchemaName();
    let first: Db;
    let second: Db;
    let otherSchema: Db;

    beforeAll(async () => {
      first = await openTestDb(schema, false);
      second = await openTestDb(schema, true);
      otherSchema = await openTestDb();
    });

    afterAll(async () => {
      await first?.close();
      await second?.close();
      await otherSchema?.close();
    });

    /** The server processes holding the concern's lock (its key as lib/ownership.ts computes it). */
    const holders = async (name: string): Promise<number[]> =>
      (
        await second.query<{ pid: number }>(
          `WITH k AS (SELECT hashtext('smart-printing:owner:' || $1::text || ':' || coalesce(current_schema(), ''))::bigint AS key)
           SELECT l.pid FROM pg_locks l, k
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
             AND l.classid::text::bigint = (k.key >> 32) & 4294967295 AND l.objid::text::bigint = k.key & 4294967295`,
          [name],
        )
      ).map((row) => row.pid);

    it('two instances: one owns, the other takes over within the retry interval once the owner lets go', async () => {
      const seen: string[] = [];
      const a = own(first, 'concern-a', seen, 'a');
      await a.firstTry;
      const b = own(second, 'concern-a', seen, 'b');
      await b.firstTry;
      expect(a.owned).toBe(true);
      expect(b.owned).toBe(false);
      // b keeps trying and keeps failing while a holds it
      await sleep(RETRY_MS * 4);
      expect(b.owned).toBe(false);
      expect(seen).toEqual(['a gained']);
      expect(await holders('concern-a')).toHaveLength(1);

      const released = Date.now();
      await a.release();
      expect(seen).toEqual(['a gained', 'a lost']);
      await until(() => b.owned, 5_000, 'b owns');
      expect(Date.now() - released).toBeLessThan(RETRY_MS * 10);
      expect(seen).toEqual(['a gained', 'a lost', 'b gained']);
      expect(await holders('concern-a')).toHaveLength(1);
    });

    it('concerns of other names, and the same name on another schema, are owned apart', async () => {
      const seen: string[] = [];
      const a = own(first, 'concern-b', seen, 'a');
      const b = own(second, 'concern-c', seen, 'b');
      const c = own(otherSchema, 'concern-b', seen, 'c');
      await Promise.all([a.firstTry, b.firstTry, c.firstTry]);
      expect([a.owned, b.owned, c.owned]).toEqual([true, true, true]);
    });

    it('an owner whose connection breaks is told (onLose) and owns again once it can', async () => {
      const seen: string[] = [];
      const a = own(first, 'concern-d', seen, 'a');
      await a.firstTry;
      const [pid] = await holders('concern-d');
      expect(pid).toEqual(expect.any(Number));
      await second.query('SELECT pg_terminate_backend($1)', [pid]);
      await until(() => seen.includes('a lost'), 5_000, 'a told of the loss');
      await until(() => a.owned, 5_000, 'a owns again');
      expect(seen).toEqual(['a gained', 'a lost', 'a gained']);
      const again = await holders('concern-d');
      expect(again).toHaveLength(1);
      expect(again[0]).not.toBe(pid);
    });

    it('an owner killed with SIGKILL: its lock goes with its connection, another owns within the retry interval', async () => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join('test', 'fixtures', 'own-concern-child.ts'), schema, 'concern-e'],
        { cwd: path.join(__dirname, '..'), env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        let out = '';
        child.stdout.setEncoding('utf8');
        // as a plain emitter: a library's declaration merged into Readable hides its 'data' overload here
        (child.stdout as NodeJS.EventEmitter).on('data', (chunk: string) => {
          out += chunk;
        });
        await until(() => out.includes('gained'), 30_000, 'the child owns');
        const seen: string[] = [];
        const b = own(second, 'concern-e', seen, 'b');
        await b.firstTry;
        await sleep(RETRY_MS * 3);
        expect(b.owned).toBe(false);

        const killed = Date.now();
        child.kill('SIGKILL');
        await until(() => b.owned, 5_000, 'b owns after the kill');
        // the server sees the connection close at once: the next try wins
        expect(Date.now() - killed).toBeLessThan(RETRY_MS * 20);
        expect(seen).toEqual(['b gained']);
        expect(out).not.toContain('lost');
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });
  });
});
