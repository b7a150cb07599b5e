import { fetchUserInformation } from './api/user';
import { useSessionStore } from './session-store';
import { connectSocket } from './socket';
import { tokenStorage } from './tokens';

/**
 * Loads the signed-in user (role and info) into the store and opens the socket. With no stored token
 * the session is anonymous. Errors leave the session anonymous (the client already handled 410/419).
 */
export async function loadSession(): Promise<void> {
  const store = useSessionStore.getState();
  if (!tokenStorage.getAccess()) {
    store.clear();
    return;
  }
  store.setLoading();
  try {
    const user = await fetchUserInformation();
    useSessionStore.getState().setUser(user);
    void connectSocket();
  } catch {
    useSessionStore.getState().clear();
  }
}
