/** Where the browser keeps the session's tokens (spec section 3: local storage). */
export const TOKEN_KEYS = { access: 'accessToken', refresh: 'refreshToken' } as const;

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
  /** Removes both tokens (logout, landing page, login page, 419). */
  clear(): void {
    storage()?.removeItem(TOKEN_KEYS.access);
    storage()?.removeItem(TOKEN_KEYS.refresh);
  },
};
