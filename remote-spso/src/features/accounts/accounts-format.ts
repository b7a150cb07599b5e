import type { Account, UserInfo } from 'shared-api';

/** Rows per page of the account list. */
export const ACCOUNTS_PER_PAGE = 20;

/** The Vietnamese order: family and middle names, then the given name ('Nguyễn Văn An'). */
export function fullName(person: Pick<Account, 'firstName' | 'lastName'> | null | undefined): string {
  if (!person) return '';
  return [person.lastName, person.firstName].filter(Boolean).join(' ');
}

/** The account is the signed-in officer's own: the page never offers to disable it. */
export function isOwnAccount(account: Pick<Account, 'id' | 'email'>, user: UserInfo | null): boolean {
  if (!user) return false;
  return account.id === user._id || (Boolean(user.email) && account.email.toLowerCase() === user.email.toLowerCase());
}

/** The role filter's value: one role, or every role. */
export type RoleFilter = Account['role'] | 'all';
/** The state filter's value. */
export type StateFilter = 'all' | 'active' | 'disabled';

/** The filter as the server reads it (`disabled` absent for all). */
export function disabledParam(state: StateFilter): boolean | undefined {
  return state === 'all' ? undefined : state === 'disabled';
}
