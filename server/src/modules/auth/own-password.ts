import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { backoffDelayMs } from '../../lib/backoff';
import { AppError } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';

/**
 * A signed-in person typing their own password again (an officer confirming a configuration change, anyone
 * changing their password): checked against the account's hash, its failures kept with the logins' under
 * a key of their own and limited the same way (free failures, then doubling waits, 429 with Retry-After).
 */

/** The caller's own password hash ('' for an account of the school sign-in; undefined when disabled or gone). */
export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  return (
    await db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1 AND is_active', [userId])
  )?.password_hash;
}

/** Wrong passwords under one key (any address) within the window, and since the last. */
async function countPasswordFailures(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ failures: number; sinceLastMs: number | null }> {
  const row = await db.one<{ failures: number; since_ms: number | null }>(
    `SELECT count(*)::int AS failures, (extract(epoch FROM now() - max(at)) * 1000)::float8 AS since_ms
     FROM login_failures WHERE email = $1 AND at > now() - make_interval(secs => $2)`,
    [key, windowMs / 1000],
  );
  return {
    failures: row?.failures ?? 0,
    sinceLastMs: row?.since_ms === null || row?.since_ms === undefined ? null : Number(row.since_ms),
  };
}

async function clearPasswordFailures(db: Db, key: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1', [key]);
}

async function recordPasswordFailure(db: Db, key: string, ip: string): Promise<void> {
  await db.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [key, ip]);
}

export interface OwnPasswordTexts {
  wrong: string;
  tooMany: (seconds: number) => string;
}

export interface OwnPasswordCheck {
  /** `key` names what the password is typed for (e.g. `config-password:<id>`): each has its own count. */
  (input: { userId: string; password: string; ip: string; key: string; texts: OwnPasswordTexts }): Promise<void>;
}

export function createOwnPasswordCheck(db: Db, config: Pick<AppConfig, 'login'>): OwnPasswordCheck {
  const { freeFailuresPerPair, maxDelayMs, windowMs } = config.login;
  return async ({ userId, password, ip, key, texts }) => {
    // counted as a failure before the password is checked (forgiven if it is right), under the key's lock:
    // tries sent at once, on one instance or several, each see the ones before them
    const refusedForMs = await db.tx(async (t) => {
      await t.query(
        `SELECT pg_advisory_xact_lock(hashtext('smart-printing:own-password:' || $1 || ':' || coalesce(current_schema(), '')))`,
        [key],
      );
      const recent = await countPasswordFailures(t, key, windowMs);
      const wait = backoffDelayMs(recent.failures, freeFailuresPerPair, maxDelayMs);
      if (wait > 0 && recent.sinceLastMs !== null && recent.sinceLastMs < wait) return wait - recent.sinceLastMs;
      await recordPasswordFailure(t, key, ip);
      return 0;
    });
    if (refusedForMs > 0) {
      const seconds = Math.max(1, Math.ceil(refusedForMs / 1000));
      throw new AppError(429, 'TOO_MANY_REQUESTS', texts.tooMany(seconds), { retryAfterSeconds: seconds });
    }
    const hash = await findPasswordHash(db, userId);
    // an empty hash (school sign-in) is checked against the dummy like a missing one: same time, refused
    const valid = await verifyPassword(password, hash || (await dummyPasswordHash()));
    // (the failure is already counted)
    if (!hash || !valid) throw new AppError(422, 'WRONG_PASSWORD', texts.wrong);
    await clearPasswordFailures(db, key);
  };
}
