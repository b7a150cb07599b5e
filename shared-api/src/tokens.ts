import { SIGN_IN_PROVIDERS, type SignInProviderId } from './contracts';

/** Where the browser keeps the session's tokens (spec section 3: local storage). */
export const TOKEN_KEYS = { access: 'accessToken', refresh: 'refreshToken' } as const;
/** Which school signed the session in (cas, oidc); absent for a password login. */
export const SIGN_IN_PROVIDER_KEY = 'signInProvider';
/**
 * The signed-in user's name, kept for the next load: the shell's index.html greets the user with it on /Home
 * before any bundle has run (shell/src/first-paint/pick.ts reads this key).
 */
export const DISPLAY_NAME_KEY = 'displayName';

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export const tokenStorage = {
  getAccess: (): string | null => storage()?.getItem(TOKEN_KEYS.access) ?? null,
  getRefresh: (): string | null => storage()?.getItem(TOKEN_KEYS.refresh) ?? null,
  /** Stores both tokens of a login or a refresh. */
  set(accessToken: string, refreshToken: string): void {
    storage()?.setItem(TOKEN_KEYS.access, accessToken);
    storage()?.setItem(TOKEN_KEYS.refresh, refreshToken);
  },
  /** Removes both tokens (logout, landing page, login page, 419), the way the session signed in and the name. */
  clear(): void {
    storage()?.removeItem(TOKEN_KEYS.access);
    storage()?.removeItem(TOKEN_KEYS.refresh);
    storage()?.removeItem(SIGN_IN_PROVIDER_KEY);
    storage()?.removeItem(DISPLAY_NAME_KEY);
  },
  setDisplayName(name: string | null): void {
    if (name === null) storage()?.removeItem(DISPLAY_NAME_KEY);
    else storage()?.setItem(DISPLAY_NAME_KEY, name);
  },
  /** The school sign-in of this session (its logout ends the school's session too); null for a password. */
  getSignInProvider: (): SignInProviderId | null => {
    const value = storage()?.getItem(SIGN_IN_PROVIDER_KEY);
    return (SIGN_IN_PROVIDERS as readonly (string | null | undefined)[]).includes(value)
      ? (value as SignInProviderId)
      : null;
  },
  setSignInProvider(provider: SignInProviderId): void {
    storage()?.setItem(SIGN_IN_PROVIDER_KEY, provider);
  },
};
