import type { Facility } from './dto';
import type { Role } from './roles';

/**
 * Accounts the officer manages (/Accounts), the registrar's student import, and everyone's own password:
 * what the officer's page and the server agree on.
 */

/** How the account signs in: its own password, or the school's CAS or OpenID Connect. */
export type AccountSource = 'password' | 'cas' | 'oidc';

/** A row of GET /v1/spso/users. */
export interface Account {
  id: string;
  email: string;
  /** The student code (students) or the staff code (may be null for staff and officers). */
  mssv: string | null;
  firstName: string;
  lastName: string;
  role: Role;
  disabled: boolean;
  /** The last sign-in (ISO), null when never. */
  lastLoginAt: string | null;
  source: AccountSource;
  /** Staff: the facility they work at (notices and chat use it). */
  facility: Facility | null;
  /** A temporary password was issued and not yet changed. */
  mustChangePassword: boolean;
  createdAt: string;
}

/** GET /v1/spso/users query. searchField matches code, name (without diacritics, from a word's start) or e-mail. */
export interface AccountsQuery {
  role?: Role;
  searchField?: string;
  disabled?: boolean;
  page?: number;
  per_page?: number;
}

export interface AccountsPage {
  users: Account[];
  total: number;
}

/** POST /v1/spso/users: an account for the counter staff or another officer. */
export interface NewAccountRequest {
  email: string;
  firstName: string;
  lastName: string;
  role: 'staff' | 'spso';
  /** Staff only: where they work. */
  facility?: Facility | null;
}

/** POST /v1/spso/users: the account and its temporary password, shown once (changed at first sign-in). */
export interface NewAccountResponse {
  user: Account;
  temporaryPassword: string;
}

/** PUT /v1/spso/users: disable or enable, and/or issue a new temporary password. */
export interface AccountChangeRequest {
  id: string;
  disabled?: boolean;
  resetPassword?: boolean;
}

/** PUT /v1/spso/users: the account, and the new temporary password when one was asked for (shown once). */
export type AccountChangeResponse = Account & { temporaryPassword?: string };

/** PUT /v1/user/password */
export interface PasswordChangeRequest {
  currentPassword: string;
  newPassword: string;
}

/** A new password: this many characters at least, and not the current one. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** One line the import would write, as the dry run shows it. */
export interface ImportChange {
  /** The line in the file (the header is line 1). */
  line: number;
  mssv: string;
  email: string;
  lastName: string;
  firstName: string;
  action: 'create' | 'update';
  /** update: the fields that change. */
  fields?: string[];
}

/** A wrong line: nothing is written while any line is wrong. */
export interface ImportError {
  line: number;
  message: string;
}

/** POST /v1/spso/users/import (multipart: file, dryRun). */
export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportError[];
  /** The lines that would change (dry run) or changed, the first IMPORT_CHANGES_SHOWN of them. */
  changes: ImportChange[];
  /** True when the import was written (not a dry run, no wrong line). */
  applied: boolean;
}

export const IMPORT_CHANGES_SHOWN = 200;
/** The columns of the registrar's CSV, in any order (the header names them). */
export const IMPORT_COLUMNS = ['mssv', 'email', 'lastName', 'firstName', 'major', 'classes'] as const;
