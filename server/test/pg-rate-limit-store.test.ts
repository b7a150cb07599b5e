import type { FastifyRateLimitOptions } from '@fastify/rate-limit';
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import {
  countHit,
  pgRateLimitStore,
  purgeEndedWindows,
  readHits,
  type RateLimitCount,
} from '../src/lib/pg-rate-limit-store';
import { DRIVER, openTestDb, sleep } from './helpers';

/** The store's callback as a promise (what @fastify/rate-limit does with it). */
function incr(
  store: { incr(key: string, cb: (e: Error | null, r?: RateLimitCount) => void, w: number, m: number): void },
  key: string,
  windowMs: number,
): Promise<RateLimitCount> {
  return new Promise((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      windowMs,
      10,
    ),
  );
}

/**
 * The PostgreSQL store of the routes' rate limits (lib/pg-rate-limit-store.ts): the same SQL on both
 * drivers, so it is checked on each; the app uses it on PostgreSQL only.
 */
describe(`the rate limiter's PostgreSQL store (${DRIVER})`, () => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
  });
  afterAll(async () => {
    await db.close();
  });

  it('counts each key apart within a window, with the time the window has left', async () => {
    const first = await countHit(db, 'k1', 60_000);
    expect(first.current).toBe(1);
    // the window starts with the first request
    expect(first.ttl).toBeGreaterThan(55_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(db, 'k1', 60_000)).current).toBe(2);
    expect((await countHit(db, 'k2', 60_000)).current).toBe(1);
    expect((await countHit(db, 'k1', 60_000)).current).toBe(3);
    // reading does not count
    expect((await readHits(db, 'k1')).current).toBe(3);
    expect((await readHits(db, 'k1')).current).toBe(3);
    expect(await readHits(db, 'never')).toEqual({ current: 0, ttl: 0 });
  });

  it('gives requests arriving at once each their own count (one upsert, no lost update)', async () => {
    const counts = await Promise.all(Array.from({ length: 25 }, () => countHit(db, 'at-once', 60_000)));
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('starts a new window once the last ended, and forgets the windows that ended', async () => {
    expect((await countHit(db, 'short', 300)).current).toBe(1);
    expect((await countHit(db, 'short', 300)).current).toBe(2);
    expect((await countHit(db, 'gone', 200)).current).toBe(1);
    await sleep(350);
    expect(await readHits(db, 'short')).toEqual({ current: 0, ttl: 0 });
    const again = await countHit(db, 'short', 300);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(200);
    // 'gone' ended and nobody came back: forgotten; 'short' is in a window again and stays
    expect(await purgeEndedWindows(db)).toBeGreaterThanOrEqual(1);
    const left = await db.query<{ key: string; count: number }>(
      `SELECT key, count FROM rate_limit_hits WHERE key IN ('short', 'gone')`,
    );
    expect(left).toEqual([{ key: 'short', count: 1 }]);
  });

  it('works as @fastify/rate-limit calls it: a child store per route, counted apart', async () => {
    const Store = pgRateLimitStore(() => db);
    const root = new Store({} as FastifyRateLimitOptions);
    const child = (method: string, url: string) =>
      root.child({ routeInfo: { method, url } } as unknown as Parameters<typeof root.child>[0]);
    const ipnGet = child('GET', '/v1/payments/:gateway/ipn');
    const ipnPost = child('POST', '/v1/payments/:gateway/ipn');
    expect((await incr(ipnGet, '10.0.0.1', 60_000)).current).toBe(1);
    expect((await incr(ipnGet, '10.0.0.1', 60_000)).current).toBe(2);
    expect((await incr(ipnPost, '10.0.0.1', 60_000)).current).toBe(1);
    // another instance's store on the same database sees the same count
    const other = pgRateLimitStore(() => db);
    const otherGet = new other({} as FastifyRateLimitOptions).child({
      routeInfo: { method: 'GET', url: '/v1/payments/:gateway/ipn' },
    } as unknown as Parameters<typeof root.child>[0]);
    expect((await incr(otherGet, '10.0.0.1', 60_000)).current).toBe(3);
  });

  it('hands a database error to the limiter instead of throwing it away', async () => {
    const Store = pgRateLimitStore(() => ({ ...db, one: () => Promise.reject(new Error('database away')) }) as Db);
    const store = new Store({} as FastifyRateLimitOptions);
    await expect(incr(store, 'x', 1_000)).rejects.toThrow('database away');
  });
});
