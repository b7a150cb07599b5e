import { SIGN_IN_PROVIDERS, type SignInProviderId } from './contracts';

/** Where the browser keeps the session's tokens (spec section 3: local storage). */
export const TOKEN_KEYS = { access: 'accessToken', refresh: 'refreshToken' } as const;
/** Which school signed the session in (cas, oidc); absent for a password login. */
export const SIGN_IN_PROVIDER_KEY = 'signInProvider';

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
  /** Removes both tokens (logout, landing page, login page, 419), and the way the session signed in. */
  clear(): void {
    storage()?.removeItem(TOKEN_KEYS.access);
    storage()?.removeItem(TOKEN_KEYS.refresh);
    storage()?.removeItem(SIGN_IN_PROVIDER_KEY);
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
