import crypto from 'node:crypto';
import {
  IMPORT_CHANGES_SHOWN,
  type Account,
  type AccountChangeResponse,
  type AccountSource,
  type AccountsPage,
  type Facility,
  type ImportChange,
  type ImportError,
  type ImportResult,
  type NewAccountResponse,
  type Role,
} from 'shared-api/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { errors } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { foldVietnamese } from '../../lib/vietnamese';
import type { AuthUser } from '../../types';
import type { AuthService } from '../auth/auth.service';
import * as repo from './accounts.repository';
import { ACCOUNT_TEXTS, IMPORT_TEXTS } from './accounts.texts';
import { parseStudentCsv, type ImportedStudent } from './student-import';

export interface AccountsServiceDeps {
  db: Db;
  config: Pick<AppConfig, 'sso'>;
  /** Ends an account's logins (and sockets) on every instance. */
  auth: Pick<AuthService, 'endSessions'>;
  /** 'students-added' (the semester grant follows it). */
  events: DomainEvents;
}

// no 0/O, 1/l/I: read aloud or copied from a screen without a doubt
const TEMPORARY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A temporary password: three groups of four, e.g. `Xk7m-Pq2r-Tz9w` (about 70 bits). */
export function temporaryPassword(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += TEMPORARY_ALPHABET[crypto.randomInt(TEMPORARY_ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

export function toAccount(row: repo.AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    mssv: row.mssv,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    disabled: !row.is_active,
    lastLoginAt: iso(row.last_login_at),
    source: row.auth_source,
    facility: row.facility,
    mustChangePassword: row.must_change_password,
    createdAt: iso(row.created_at) ?? '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const cleanName = (value: string) => value.normalize('NFC').replace(/\s+/g, ' ').trim();

/** Postgres' unique_violation: a row another request wrote meanwhile. */
const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export interface AccountsQueryInput {
  role?: Role | '';
  searchField?: string;
  disabled?: 'true' | 'false' | '';
  page?: number;
  per_page?: number;
}

/**
 * The accounts the officers manage: list and search them, issue staff and officer accounts with a
 * temporary password (shown once, changed at the first sign-in), disable and enable them (a disabled
 * account's logins and sockets end at once; the last officer stays), reset a password, and import the
 * registrar's students. Every change is written to account_changes in its own transaction.
 */
export function createAccountsService({ db, config, auth, events }: AccountsServiceDeps) {
  /** How imported students sign in: the school's sign-in when one is configured. */
  const importSource: AccountSource = config.sso.cas ? 'cas' : config.sso.oidc ? 'oidc' : 'password';

  return {
    async list(query: AccountsQueryInput): Promise<AccountsPage & { page: number; per_page: number }> {
      const search = query.searchField?.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() || null;
      const filter: repo.AccountFilter = {
        role: query.role || null,
        disabled: query.disabled === 'true' ? true : query.disabled === 'false' ? false : null,
        search,
        // an e-mail or a code is not a name: only words are looked for in names
        searchFolded: search && !/[@\d]/.test(search) ? foldVietnamese(search) : null,
      };
      const page = query.page ?? 1;
      const perPage = query.per_page ?? 20;
      const [total, rows] = await Promise.all([
        repo.countAccounts(db, filter),
        repo.listAccounts(db, filter, perPage, (page - 1) * perPage),
      ]);
      return { users: rows.map(toAccount), total, page, per_page: perPage };
    },

    async create(
      actor: AuthUser,
      body: { email: string; firstName: string; lastName: string; role: 'staff' | 'spso'; facility?: Facility | null },
    ): Promise<NewAccountResponse> {
      const email = body.email.trim().toLowerCase();
      if (email.length > 320 || !EMAIL.test(email)) throw errors.badRequest(ACCOUNT_TEXTS.emailInvalid);
      const firstName = cleanName(body.firstName);
      const lastName = cleanName(body.lastName);
      if (!firstName) throw errors.badRequest(ACCOUNT_TEXTS.firstNameRequired);
      if (!lastName) throw errors.badRequest(ACCOUNT_TEXTS.lastNameRequired);
      const facility = body.facility ?? null;
      if (facility && body.role !== 'staff') throw errors.badRequest(ACCOUNT_TEXTS.facilityOnlyStaff);
      const password = temporaryPassword();
      const passwordHash = await hashPassword(password);
      const row = await db.tx(async (t) => {
        const inserted = await repo.insertAccount(t, {
          email,
          firstName,
          lastName,
          role: body.role,
          facility,
          passwordHash,
        });
        if (!inserted) return null;
        await repo.recordAccountChange(t, {
          userId: inserted.id,
          actorId: actor.id,
          action: 'create',
          details: { email, role: body.role, facility },
        });
        return inserted;
      });
      if (!row) throw errors.emailTaken();
      return { user: toAccount(row), temporaryPassword: password };
    },

    async change(
      actor: AuthUser,
      body: { id: string; disabled?: boolean; resetPassword?: boolean },
    ): Promise<{ account: AccountChangeResponse; message: string }> {
      if (body.disabled === undefined && !body.resetPassword) throw errors.badRequest(ACCOUNT_TEXTS.nothingToChange);
      if (body.disabled === true && body.id === actor.id) throw errors.businessRule(ACCOUNT_TEXTS.notYourself);
      const password = body.resetPassword ? temporaryPassword() : null;
      const passwordHash = password ? await hashPassword(password) : null;
      const outcome = await db.tx(async (t) => {
        const current = await repo.findAccount(t, body.id);
        if (!current) return null;
        let row = current;
        const messages: string[] = [];
        if (body.disabled === true && current.is_active) {
          if (current.role === 'spso') {
            const officers = await repo.lockActiveOfficers(t);
            if (officers.filter((id) => id !== current.id).length === 0) throw errors.lastOfficer();
          }
          row = (await repo.setActive(t, current.id, false)) ?? row;
          await repo.recordAccountChange(t, { userId: current.id, actorId: actor.id, action: 'disable' });
          messages.push(ACCOUNT_TEXTS.disabled);
        } else if (body.disabled === false && !current.is_active) {
          row = (await repo.setActive(t, current.id, true)) ?? row;
          await repo.recordAccountChange(t, { userId: current.id, actorId: actor.id, action: 'enable' });
          messages.push(ACCOUNT_TEXTS.enabled);
        }
        if (passwordHash) {
          row = (await repo.setTemporaryPassword(t, current.id, passwordHash)) ?? row;
          await repo.recordAccountChange(t, { userId: current.id, actorId: actor.id, action: 'reset_password' });
          messages.push(ACCOUNT_TEXTS.passwordReset);
        }
        return { row, messages, endSessions: !row.is_active || passwordHash !== null };
      });
      if (!outcome) throw errors.notFound(ACCOUNT_TEXTS.notFound);
      // after the commit: a disabled account or a reset password ends every login of the account, at once
      if (outcome.endSessions) await auth.endSessions(outcome.row.id);
      if (outcome.messages.length > 0) events.emit('users-changed', { userIds: [outcome.row.id] });
      const account: AccountChangeResponse = toAccount(outcome.row);
      if (password) account.temporaryPassword = password;
      return { account, message: outcome.messages.join('. ') || ACCOUNT_TEXTS.nothingToChange };
    },

    /**
     * The registrar's CSV: every line checked, then compared with the accounts (by student code, else by
     * e-mail for a student the school sign-in made without a code). A dry run, or any wrong line, writes
     * nothing; otherwise one transaction writes all of it. A second run of the same file changes nothing.
     */
    async importStudents(actor: AuthUser, text: string, dryRun: boolean): Promise<ImportResult> {
      const parsed = parseStudentCsv(text, config.sso.emailDomains);
      const errorsFound: ImportError[] = [...parsed.errors];
      const existing = await repo.findByCodesOrEmails(
        db,
        parsed.students.map((s) => s.mssv),
        parsed.students.map((s) => s.email),
      );
      const byCode = new Map(existing.filter((a) => a.mssv !== null).map((a) => [a.mssv as string, a]));
      const byEmail = new Map(existing.map((a) => [a.email, a]));

      const creates: ImportedStudent[] = [];
      const updates: (ImportedStudent & { id: string })[] = [];
      const changes: ImportChange[] = [];
      let unchanged = 0;
      for (const student of parsed.students) {
        const sameCode = byCode.get(student.mssv);
        const sameEmail = byEmail.get(student.email);
        if (sameCode && sameCode.role !== 'student') {
          errorsFound.push({ line: student.line, message: IMPORT_TEXTS.codeNotStudent(student.mssv) });
          continue;
        }
        // a student the school sign-in made (no code yet) is found by e-mail and given the code
        const account = sameCode ?? (sameEmail && sameEmail.role === 'student' && !sameEmail.mssv ? sameEmail : null);
        if (sameEmail && sameEmail.id !== account?.id) {
          errorsFound.push({ line: student.line, message: IMPORT_TEXTS.emailOfAnother(student.email, sameEmail.mssv) });
          continue;
        }
        const summary = {
          line: student.line,
          mssv: student.mssv,
          email: student.email,
          lastName: student.lastName,
          firstName: student.firstName,
        };
        if (!account) {
          creates.push(student);
          if (changes.length < IMPORT_CHANGES_SHOWN) changes.push({ ...summary, action: 'create' });
          continue;
        }
        const fields = (
          [
            ['mssv', account.mssv, student.mssv],
            ['email', account.email, student.email],
            ['lastName', account.last_name, student.lastName],
            ['firstName', account.first_name, student.firstName],
            ['major', account.major, student.major],
            ['classes', account.classes, student.classes],
          ] as const
        )
          .filter(([, before, after]) => (before ?? null) !== (after ?? null))
          .map(([name]) => name);
        if (fields.length === 0) {
          unchanged++;
          continue;
        }
        updates.push({ ...student, id: account.id });
        if (changes.length < IMPORT_CHANGES_SHOWN) changes.push({ ...summary, action: 'update', fields });
      }
      errorsFound.sort((a, b) => a.line - b.line);
      const result: ImportResult = {
        created: creates.length,
        updated: updates.length,
        unchanged,
        errors: errorsFound,
        changes,
        applied: false,
      };
      if (dryRun || errorsFound.length > 0 || creates.length + updates.length === 0) return result;

      try {
        await db.tx(async (t) => {
          await repo.updateStudents(t, updates);
          await repo.insertStudents(t, creates, importSource);
          await repo.recordAccountChange(t, {
            userId: null,
            actorId: actor.id,
            action: 'import',
            details: { created: creates.length, updated: updates.length, unchanged },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw errors.conflict(ACCOUNT_TEXTS.importChangedMeanwhile);
        throw error;
      }
      if (updates.length > 0) events.emit('users-changed', { userIds: updates.map((u) => u.id) });
      if (creates.length > 0) events.emit('students-added', { via: 'import', created: creates.length });
      return { ...result, applied: true };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
