import { create } from 'zustand';
import type { Role, UserInfo } from './contracts';
import { tokenStorage } from './tokens';

/** How the portal names a user (the header, the side menu, the greeting). */
export function fullNameOf(user: Pick<UserInfo, 'firstName' | 'lastName'>): string {
  return `${user.lastName} ${user.firstName}`;
}

export type SessionStatus = 'unknown' | 'loading' | 'ready' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  role: Role | null;
  user: UserInfo | null;
  /** Pages of A4 left to the student (kept apart so a purchase or print updates the header at once). */
  balance: number;
  /** New notices for staff and spso (the badge on the Notices menu item). */
  newNotices: number;
  setLoading(): void;
  setUser(user: UserInfo): void;
  setBalance(balance: number): void;
  setNewNotices(count: number): void;
  /** Forgets the user (logout, 419). */
  clear(): void;
}

/**
 * The one session store of the portal. It lives in shared-api, itself a federation singleton, so the
 * shell and whichever remote is loaded read and write the same store.
 */
export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  role: null,
  user: null,
  balance: 0,
  newNotices: 0,
  setLoading: () => set({ status: 'loading' }),
  setUser: (user) => {
    // kept for the next load's first paint (DISPLAY_NAME_KEY); forgotten with the tokens
    tokenStorage.setDisplayName(fullNameOf(user));
    set({ status: 'ready', user, role: user.role, balance: user.balance });
  },
  setBalance: (balance) => set({ balance }),
  setNewNotices: (newNotices) => set({ newNotices }),
  clear: () => {
    tokenStorage.setDisplayName(null);
    set({ status: 'anonymous', role: null, user: null, balance: 0, newNotices: 0 });
  },
}));
