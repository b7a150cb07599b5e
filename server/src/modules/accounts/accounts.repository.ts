import type { AccountSource, Facility, Role } from 'shared-api/contracts';
import type { Db } from '../../db';
import type { ImportedStudent } from './student-import';

export interface AccountRow {
  id: string;
  email: string;
  mssv: string | null;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: boolean;
  last_login_at: Date | string | null;
  auth_source: AccountSource;
  facility: Facility | null;
  must_change_password: boolean;
  created_at: Date | string;
}

const ACCOUNT_COLUMNS = `u.id, u.email, u.mssv, u.first_name, u.last_name, u.role, u.is_active, u.last_login_at,
  u.auth_source, u.facility, u.must_change_password, u.created_at`;

export interface AccountFilter {
  role: Role | null;
  disabled: boolean | null;
  /** Lower case: a code part, an e-mail's start, or (folded) a name from a word's start. */
  search: string | null;
  searchFolded: string | null;
}

const escapeLike = (part: string) => part.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterWhere(filter: AccountFilter, params: unknown[]): string {
  const where: string[] = [];
  if (filter.role) {
    params.push(filter.role);
    where.push(`u.role = $${params.length}`);
  }
  if (filter.disabled !== null) {
    params.push(!filter.disabled);
    where.push(`u.is_active = $${params.length}`);
  }
  if (filter.search) {
    params.push(`%${escapeLike(filter.search)}%`, `${escapeLike(filter.search)}%`);
    const code = `lower(u.mssv) LIKE $${params.length - 1}`;
    const email = `u.email LIKE $${params.length}`;
    if (filter.searchFolded) {
      params.push(`% ${escapeLike(filter.searchFolded)}%`);
      where.push(`(${code} OR ${email} OR ' ' || u.name_search LIKE $${params.length})`);
    } else where.push(`(${code} OR ${email})`);
  }
  return where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
}

export async function countAccounts(db: Db, filter: AccountFilter): Promise<number> {
  const params: unknown[] = [];
  const row = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM users u ${filterWhere(filter, params)}`,
    params,
  );
  return row?.n ?? 0;
}

/** A page of accounts: officers, then staff, then students; by name (given name first) within each. */
export async function listAccounts(
  db: Db,
  filter: AccountFilter,
  limit: number,
  offset: number,
): Promise<AccountRow[]> {
  const params: unknown[] = [];
  const where = filterWhere(filter, params);
  params.push(limit, offset);
  return db.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM users u ${where}
     ORDER BY CASE u.role WHEN 'spso' THEN 0 WHEN 'staff' THEN 1 ELSE 2 END, u.name_order COLLATE "C", u.email
     LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

export async function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM users u WHERE u.id = $1`, [id]);
}

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'spso';
  facility: Facility | null;
  passwordHash: string;
}

/** A staff or officer account with a temporary password; null when the e-mail is taken. */
export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow | null> {
  const row = await db.one<AccountRow>(
    `INSERT INTO users AS u (email, password_hash, role, first_name, last_name, facility, must_change_password)
     VALUES ($1, $2, $3, $4, $5, $6, true)
     ON CONFLICT DO NOTHING
     RETURNING ${ACCOUNT_COLUMNS}`,
    [account.email, account.passwordHash, account.role, account.firstName, account.lastName, account.facility],
  );
  return row ?? null;
}

/** The active officers, locked: two officers disabling each other at once cannot leave none. */
export async function lockActiveOfficers(db: Db): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE role = 'spso' AND is_active ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}

export async function setActive(db: Db, id: string, active: boolean): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    `UPDATE users AS u SET is_active = $2, updated_at = now() WHERE u.id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
    [id, active],
  );
}

export async function setTemporaryPassword(db: Db, id: string, passwordHash: string): Promise<AccountRow | undefined> {
  return db.one<AccountRow>(
    `UPDATE users AS u SET password_hash = $2, must_change_password = true, updated_at = now()
     WHERE u.id = $1 RETURNING ${ACCOUNT_COLUMNS}`,
    [id, passwordHash],
  );
}

export type AccountAction = 'create' | 'disable' | 'enable' | 'reset_password' | 'import';

export async function recordAccountChange(
  db: Db,
  change: { userId: string | null; actorId: string; action: AccountAction; details?: Record<string, unknown> },
): Promise<void> {
  await db.query(`INSERT INTO account_changes (user_id, actor_id, action, details) VALUES ($1, $2, $3, $4::jsonb)`, [
    change.userId,
    change.actorId,
    change.action,
    JSON.stringify(change.details ?? {}),
  ]);
}

export interface ExistingAccount {
  id: string;
  mssv: string | null;
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  major: string | null;
  classes: string | null;
}

/** The accounts an import's codes or e-mails already name (two index reads, whatever the file's size). */
export async function findByCodesOrEmails(
  db: Db,
  codes: readonly string[],
  emails: readonly string[],
): Promise<ExistingAccount[]> {
  return db.query<ExistingAccount>(
    `SELECT id, mssv, email, role, first_name, last_name, major, classes FROM users WHERE mssv = ANY($1::text[])
     UNION
     SELECT id, mssv, email, role, first_name, last_name, major, classes FROM users WHERE email = ANY($2::text[])`,
    [codes, emails],
  );
}

/** Students created by an import: no password (the school sign-in, or a reset when it is off). */
export async function insertStudents(
  db: Db,
  students: readonly ImportedStudent[],
  source: AccountSource,
): Promise<number> {
  if (students.length === 0) return 0;
  const rows = await db.query(
    `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, major, classes, auth_source)
     SELECT v.email, '', 'student', v.mssv, v.first_name, v.last_name, v.major, v.classes, $7
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       AS v (email, mssv, first_name, last_name, major, classes)
     RETURNING id`,
    [
      students.map((s) => s.email),
      students.map((s) => s.mssv),
      students.map((s) => s.firstName),
      students.map((s) => s.lastName),
      students.map((s) => s.major),
      students.map((s) => s.classes),
      source,
    ],
  );
  return rows.length;
}

/** Updates students found by the import (their code, e-mail, names, major and classes from the file). */
export async function updateStudents(db: Db, students: readonly (ImportedStudent & { id: string })[]): Promise<number> {
  if (students.length === 0) return 0;
  const rows = await db.query(
    `UPDATE users u SET email = v.email, mssv = v.mssv, first_name = v.first_name, last_name = v.last_name,
       major = v.major, classes = v.classes, updated_at = now()
     FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       AS v (id, email, mssv, first_name, last_name, major, classes)
     WHERE u.id = v.id
     RETURNING u.id`,
    [
      students.map((s) => s.id),
      students.map((s) => s.email),
      students.map((s) => s.mssv),
      students.map((s) => s.firstName),
      students.map((s) => s.lastName),
      students.map((s) => s.major),
      students.map((s) => s.classes),
    ],
  );
  return rows.length;
}
