import type { Role, SignInProviderId } from 'shared-api/contracts';
import type { Db } from '../../db';

export interface NewAuthRequest {
  /** sha256 of the browser's cookie: the row is found only with that browser's cookie. */
  handleHash: string;
  provider: SignInProviderId;
  state: string | null;
  nonce: string | null;
  codeVerifier: string | null;
}

export async function insertAuthRequest(db: Db, request: NewAuthRequest): Promise<void> {
  await db.query(
    `INSERT INTO auth_requests (handle_hash, provider, state, nonce, code_verifier) VALUES ($1, $2, $3, $4, $5)`,
    [request.handleHash, request.provider, request.state, request.nonce, request.codeVerifier],
  );
}

export interface AuthRequestRow {
  provider: SignInProviderId;
  state: string | null;
  nonce: string | null;
  code_verifier: string | null;
  /** Older than the sign-in's allowed time (database clock). */
  expired: boolean;
}

/** Takes (deletes and returns) a sign-in under way: a callback can use it once. */
export async function takeAuthRequest(
  db: Db,
  handleHash: string,
  maxAgeMs: number,
): Promise<AuthRequestRow | undefined> {
  return db.one<AuthRequestRow>(
    `DELETE FROM auth_requests WHERE handle_hash = $1
     RETURNING provider, state, nonce, code_verifier, created_at < now() - make_interval(secs => $2) AS expired`,
    [handleHash, maxAgeMs / 1000],
  );
}

/** Sign-ins abandoned at the school's page and codes long expired or used: trimmed now and then. */
export async function pruneSignIns(db: Db, olderThanMs: number): Promise<void> {
  await db.query('DELETE FROM auth_requests WHERE created_at < now() - make_interval(secs => $1)', [
    olderThanMs / 1000,
  ]);
  await db.query('DELETE FROM auth_codes WHERE expires_at < now() - make_interval(secs => $1)', [olderThanMs / 1000]);
}

export interface AccountRow {
  id: string;
  email: string;
  mssv: string | null;
  role: Role;
  is_active: boolean;
}

/** The accounts a school identity may be: the one with its e-mail, the one with its student code. */
export async function findAccounts(db: Db, email: string | null, studentCode: string | null): Promise<AccountRow[]> {
  return db.query<AccountRow>(
    `SELECT id, email, mssv, role, is_active FROM users
     WHERE ($1::text IS NOT NULL AND email = $1) OR ($2::text IS NOT NULL AND mssv = $2)`,
    [email, studentCode],
  );
}

export interface NewStudent {
  email: string;
  mssv: string | null;
  firstName: string;
  lastName: string;
  source: SignInProviderId;
}

/**
 * A student from a school identity, without a password (an empty hash never verifies). Null when an
 * account with that e-mail or student code appeared meanwhile (a second tab signing in at once).
 */
export async function insertStudent(db: Db, student: NewStudent): Promise<AccountRow | null> {
  const row = await db.one<AccountRow>(
    `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, auth_source)
     VALUES ($1, '', 'student', $2, $3, $4, $5)
     ON CONFLICT DO NOTHING
     RETURNING id, email, mssv, role, is_active`,
    [student.email, student.mssv, student.firstName, student.lastName, student.source],
  );
  return row ?? null;
}

export async function insertAuthCode(
  db: Db,
  code: { codeHash: string; userId: string; provider: SignInProviderId; ttlMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO auth_codes (code_hash, user_id, provider, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [code.codeHash, code.userId, code.provider, code.ttlMs / 1000],
  );
}

export interface UsedCodeRow {
  user_id: string;
  provider: SignInProviderId;
  role: Role;
  is_active: boolean;
}

/**
 * Marks a one-time code used and returns its account, in one statement: of two exchanges of one code
 * at once, exactly one gets the row. Undefined for an unknown, expired or already used code.
 */
export async function useAuthCode(db: Db, codeHash: string): Promise<UsedCodeRow | undefined> {
  return db.one<UsedCodeRow>(
    `UPDATE auth_codes c SET used_at = now()
     FROM users u
     WHERE c.code_hash = $1 AND c.used_at IS NULL AND c.expires_at > now() AND u.id = c.user_id
     RETURNING c.user_id, c.provider, u.role, u.is_active`,
    [codeHash],
  );
}
