import type {
  AccountChangeRequest,
  AccountChangeResponse,
  AccountsPage,
  AccountsQuery,
  ImportResult,
  NewAccountRequest,
  NewAccountResponse,
  PasswordChangeRequest,
} from '../contracts';
import { definedParams } from './query-params';
import { apiGet, apiPost, apiPut } from './request';

const USERS_PATH = '/v1/spso/users';

/**
 * GET /v1/spso/users: one page of the accounts matching the filters (role, disabled, a search over code,
 * name and e-mail). `disabled` travels as 'true'/'false'; an absent filter means all.
 */
export async function getAccounts(query: AccountsQuery, signal?: AbortSignal): Promise<AccountsPage> {
  const { disabled, ...rest } = query;
  const params = definedParams({ ...rest, disabled: disabled === undefined ? undefined : String(disabled) });
  const data = await apiGet<Partial<AccountsPage> | null>(USERS_PATH, { params, signal });
  const users = Array.isArray(data?.users) ? data.users : [];
  return { users, total: typeof data?.total === 'number' ? data.total : users.length };
}

/**
 * POST /v1/spso/users: a staff or officer account and its temporary password (shown once; the account
 * changes it at its first sign-in). 409 EMAIL_TAKEN when another account has the e-mail.
 */
export function createAccount(request: NewAccountRequest): Promise<NewAccountResponse> {
  return apiPost<NewAccountResponse>(USERS_PATH, request);
}

/**
 * PUT /v1/spso/users: disables or enables an account (its sessions and sockets end at once) and/or issues a
 * new temporary password (in the answer, once). 409 LAST_OFFICER for the only officer left.
 */
export function changeAccount(request: AccountChangeRequest): Promise<AccountChangeResponse> {
  return apiPut<AccountChangeResponse>(USERS_PATH, request);
}

/**
 * POST /v1/spso/users/import: the registrar's CSV as multipart (`file`, `dryRun`). A dry run writes nothing
 * and tells what would be created, updated, unchanged and which lines are wrong; otherwise everything is
 * written or, when any line is wrong, nothing.
 */
export function importStudents(file: Blob, fileName: string, dryRun: boolean): Promise<ImportResult> {
  const form = new FormData();
  form.append('dryRun', dryRun ? 'true' : 'false');
  form.append('file', file, fileName);
  // a file of every student of the school may take longer than the client's default timeout
  return apiPost<ImportResult>(`${USERS_PATH}/import`, form, { timeout: 0 });
}

/**
 * PUT /v1/user/password: the signed-in account's own new password; every other login of the account ends.
 * Refused (with the server's message) for a wrong current password and for accounts of the school sign-in.
 */
export async function changeOwnPassword(request: PasswordChangeRequest): Promise<void> {
  await apiPut<null>('/v1/user/password', request);
}
