import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db';

/** What a store answers @fastify/rate-limit: requests counted in the window, and the milliseconds it has left. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

type Callback = (error: Error | null, result?: RateLimitCount) => void;

/** The route a child store counts for (@fastify/rate-limit gives `routeInfo` to `child`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
}

/** At most one purge of ended windows this often per store (a few rows a minute: nothing urgent). */
const PURGE_EVERY_MS = 60_000;

/**
 * Counts one request of `key` in its window of `windowMs` and answers the count with the window's time
 * left. A window starts at the first request after the last one ended (as the built-in store's), on the
 * database's clock, which every instance shares. One statement: requests arriving at once on any number of
 * instances each get their own count (the upsert locks the key's row).
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<RateLimitCount> {
  const row = await db.one<{ count: number; ttl_ms: number }>(
    `INSERT INTO rate_limit_hits AS h (key, window_start, expires_at, count)
     VALUES ($1, now(), now() + make_interval(secs => $2::float8 / 1000), 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN h.expires_at <= now() THEN 1 ELSE h.count + 1 END,
       window_start = CASE WHEN h.expires_at <= now() THEN now() ELSE h.window_start END,
       expires_at = CASE WHEN h.expires_at <= now() THEN excluded.expires_at ELSE h.expires_at END
     RETURNING h.count, (extract(epoch FROM h.expires_at - now()) * 1000)::float8 AS ttl_ms`,
    [key, windowMs],
  );
  if (!row) throw new Error('rate limit count returned nothing');
  return { current: row.count, ttl: Math.max(0, Math.ceil(Number(row.ttl_ms))) };
}

/** The count of `key` in its current window without counting (0 when it has none). */
export async function readHits(db: Db, key: string): Promise<RateLimitCount> {
  const row = await db.one<{ count: number; ttl_ms: number }>(
    `SELECT count, (extract(epoch FROM expires_at - now()) * 1000)::float8 AS ttl_ms
     FROM rate_limit_hits WHERE key = $1 AND expires_at > now()`,
    [key],
  );
  return row ? { current: row.count, ttl: Math.max(0, Math.ceil(Number(row.ttl_ms))) } : { current: 0, ttl: 0 };
}

/** Forgets the windows that ended: the number of rows removed. */
export async function purgeEndedWindows(db: Db): Promise<number> {
  return (await db.query('DELETE FROM rate_limit_hits WHERE expires_at < now() RETURNING 1')).length;
}

/**
 * A store for @fastify/rate-limit whose counts live in PostgreSQL (rate_limit_hits), so a route's limit
 * holds for a client whichever instances its requests reach; the built-in store counts in one process.
 * `db` is asked for at the first request (the rate limiter is registered before the database plugin).
 * Each route counts apart (its method and URL prefix the key), as the built-in store does.
 * `continueExceeding` and `exponentialBackoff` are not supported (no route asks for them).
 */
export function pgRateLimitStore(db: () => Db): FastifyRateLimitStoreCtor {
  let lastPurge = 0;

  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const handle = db();
      countHit(handle, this.prefix + key, timeWindow).then(
        (count) => {
          callback(null, count);
          const now = Date.now();
          if (now - lastPurge < PURGE_EVERY_MS) return;
          lastPurge = now;
          // never in the request's way; a failed purge is retried a minute later
          purgeEndedWindows(handle).catch(() => undefined);
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback): void {
      readHits(db(), this.prefix + key).then(
        (count) => callback(null, count),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0] & ChildOptions): FastifyRateLimitStore {
      const method = routeOptions.routeInfo?.method ?? '';
      const route = `${Array.isArray(method) ? method.join(',') : method} ${routeOptions.routeInfo?.url ?? ''}|`;
      return new PgRateLimitStore(routeOptions, route);
    }
  }
  return PgRateLimitStore;
}
