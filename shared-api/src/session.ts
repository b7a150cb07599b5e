import { fetchUserInformation } from './api/user';
import type { UserInfo } from './contracts';
import { useSessionStore } from './session-store';
import { connectSocket } from './socket';
import { tokenStorage } from './tokens';

/**
 * Loads the signed-in user (role and info) into the store and opens the socket. With no stored token
 * the session is anonymous. Errors leave the session anonymous (the client already handled 410/419).
 * `prefetched`: the user's record asked for before this code arrived (the shell's boot); when it gives
 * nothing (no answer, an expired token), the record is asked for here, through the client (refresh, replay).
 */
export async function loadSession(prefetched?: Promise<UserInfo | null> | null): Promise<void> {
  const store = useSessionStore.getState();
  if (!tokenStorage.getAccess()) {
    store.clear();
    return;
  }
  store.setLoading();
  try {
    const user = (await prefetched) ?? (await fetchUserInformation());
    useSessionStore.getState().setUser(user);
    void connectSocket();
  } catch {
    useSessionStore.getState().clear();
  }
}

/**
 * Reads the signed-in user again without leaving the ready state (the A4 price or the balance may have
 * changed since sign-in: the buy dialog asks when it opens). Errors keep what the store has.
 */
export async function refreshUser(): Promise<void> {
  if (!tokenStorage.getAccess()) return;
  try {
    const user = await fetchUserInformation();
    if (useSessionStore.getState().status === 'ready') useSessionStore.getState().setUser(user);
  } catch {
    // the store keeps the user it had
  }
}
