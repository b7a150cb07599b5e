import type { Role } from 'shared-api/contracts';
import type { Db } from '../../db';

export interface LoginUserRow {
  id: string;
  role: Role;
  password_hash: string;
  is_active: boolean;
  must_change_password: boolean;
}

export async function findUserByEmail(db: Db, email: string): Promise<LoginUserRow | undefined> {
  return db.one<LoginUserRow>(
    'SELECT id, role, password_hash, is_active, must_change_password FROM users WHERE email = $1',
    [email],
  );
}

export async function findUserById(db: Db, id: string): Promise<LoginUserRow | undefined> {
  return db.one<LoginUserRow>(
    'SELECT id, role, password_hash, is_active, must_change_password FROM users WHERE id = $1',
    [id],
  );
}

/** The account's new password, no longer temporary. */
export async function setOwnPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.query(
    `UPDATE users SET password_hash = $2, must_change_password = false, password_changed_at = now(), updated_at = now()
     WHERE id = $1`,
    [id, passwordHash],
  );
}

export async function recordSignIn(db: Db, id: string): Promise<void> {
  await db.query('UPDATE users SET last_login_at = now() WHERE id = $1', [id]);
}

/**
 * Ends every login of an account (all its refresh-token families), but `keepFamily` when given: the
 * families ended, for the in-memory list every instance checks.
 */
export async function revokeUserFamilies(db: Db, userId: string, keepFamily: string | null): Promise<string[]> {
  const rows = await db.query<{ family_id: string }>(
    `UPDATE refresh_tokens SET revoked_at = now()
     WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR family_id <> $2::uuid)
     RETURNING family_id`,
    [userId, keepFamily],
  );
  return [...new Set(rows.map((row) => row.family_id))];
}

export interface RecentFailures {
  /** Failures of this account from this address within the window. */
  byPair: number;
  /** Milliseconds since the pair's last failure (database clock); null without one. */
  sincePairLastMs: number | null;
  /** Failures from this address, any account, within the window. */
  byIp: number;
}

/** The failures that decide whether this (account, address) pair may try now, in one query. */
export async function countRecentFailures(
  db: Db,
  email: string,
  ip: string,
  windowMs: number,
): Promise<RecentFailures> {
  const row = await db.one<{ by_pair: number; since_ms: number | null; by_ip: number }>(
    `SELECT count(*) FILTER (WHERE email = $1)::int AS by_pair,
            (extract(epoch FROM now() - max(at) FILTER (WHERE email = $1)) * 1000)::float8 AS since_ms,
            count(*)::int AS by_ip
     FROM login_failures
     WHERE ip = $2 AND at > now() - make_interval(secs => $3)`,
    [email, ip, windowMs / 1000],
  );
  return {
    byPair: row?.by_pair ?? 0,
    sincePairLastMs: row?.since_ms === null || row?.since_ms === undefined ? null : Number(row.since_ms),
    byIp: row?.by_ip ?? 0,
  };
}

/**
 * Holds the (account, address) pair until the transaction ends: a login's count and its record happen one
 * attempt at a time, on whatever instance each arrives, so attempts sent at once each see the ones before.
 */
export async function lockLoginPair(db: Db, email: string, ip: string): Promise<void> {
  await db.query(
    `SELECT pg_advisory_xact_lock(hashtext('smart-printing:login:' || $1 || '|' || $2 || ':' || coalesce(current_schema(), '')))`,
    [email, ip],
  );
}

export async function recordFailure(db: Db, email: string, ip: string): Promise<void> {
  await db.query('INSERT INTO login_failures (email, ip) VALUES ($1, $2)', [email, ip]);
}

/** A successful login forgives its pair's failures (not those of other addresses on the account). */
export async function clearPairFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE email = $1 AND ip = $2', [email, ip]);
}

export async function pruneFailures(db: Db, olderThanMs: number): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE at < now() - make_interval(secs => $1)', [olderThanMs / 1000]);
}

export interface NewRefreshToken {
  userId: string;
  familyId: string;
  tokenHash: string;
  ttlMs: number;
  ip: string | null;
  userAgent: string | null;
}

export async function insertRefreshToken(db: Db, token: NewRefreshToken): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4), $5, $6) RETURNING id`,
    [
      token.userId,
      token.familyId,
      token.tokenHash,
      token.ttlMs / 1000,
      token.ip,
      token.userAgent?.slice(0, 400) ?? null,
    ],
  );
  if (!row) throw new Error('refresh token insert returned nothing');
  return row.id;
}

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  used: boolean;
  revoked: boolean;
  expired: boolean;
  role: Role;
  is_active: boolean;
  must_change_password: boolean;
}

/** The token row, locked for the rest of the transaction (two refreshes with one token serialise). */
export async function lockRefreshToken(db: Db, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  return db.one<RefreshTokenRow>(
    `SELECT t.id, t.user_id, t.family_id, t.used_at IS NOT NULL AS used, t.revoked_at IS NOT NULL AS revoked,
            t.expires_at <= now() AS expired, u.role, u.is_active, u.must_change_password
     FROM refresh_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.token_hash = $1
     FOR UPDATE OF t`,
    [tokenHash],
  );
}

export async function markRefreshTokenUsed(db: Db, id: string, replacedBy: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = now(), replaced_by = $2 WHERE id = $1', [id, replacedBy]);
}

/** Revokes every token of one login (family): the session ends. */
export async function revokeFamily(db: Db, familyId: string): Promise<number> {
  const rows = await db.query(
    'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL RETURNING id',
    [familyId],
  );
  return rows.length;
}

export async function findFamilyOwner(
  db: Db,
  tokenHash: string,
): Promise<{ family_id: string; user_id: string } | undefined> {
  return db.one('SELECT family_id, user_id FROM refresh_tokens WHERE token_hash = $1', [tokenHash]);
}
