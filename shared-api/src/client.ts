import axios, {
  type AxiosError,
  type AxiosInstance,
  type AxiosRequestConfig,
  type InternalAxiosRequestConfig,
} from 'axios';
import { HTTP_STATUS, type ApiEnvelope, type ErrorCode, type RefreshResponse } from './contracts';
import { tokenStorage } from './tokens';

export const REFRESH_PATH = '/v1/user/refresh-access-token';

type SessionExpiredHandler = () => void;

interface ClientSettings {
  /** API origin; '' means the portal's own origin. */
  baseURL: string;
  /** Called once both tokens are cleared after a 419: the shell sends the user to /Login. */
  onSessionExpired: SessionExpiredHandler;
  /** Called after each successful refresh with the new access token (the socket reconnects with it). */
  onTokensRefreshed: (accessToken: string) => void;
}

const settings: ClientSettings = {
  baseURL: '',
  onSessionExpired: () => {
    if (typeof window !== 'undefined') window.location.hash = '#/Login';
  },
  onTokensRefreshed: () => undefined,
};

/** The one axios client of the portal (bearer token, 410 refresh and replay, 419 logout). */
export const apiClient: AxiosInstance = axios.create({ baseURL: settings.baseURL, timeout: 60_000 });

/** Sets the API origin and the session callbacks; the shell calls it once at start. */
export function configureApiClient(next: Partial<ClientSettings>): void {
  Object.assign(settings, next);
  apiClient.defaults.baseURL = settings.baseURL;
}

apiClient.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  const token = tokenStorage.getAccess();
  if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
  // the portal's language (the shell keeps it on <html lang>): texts the server writes follow it
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang && !config.headers.has('Accept-Language')) config.headers.set('Accept-Language', lang);
  return config;
});

let refreshInFlight: Promise<string> | null = null;

/**
 * Trades the stored refresh token for a new pair. Concurrent callers share one request: refresh
 * tokens rotate, so a second refresh with the same token would be taken for a replay and revoke the login.
 */
export function refreshAccessToken(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const refreshToken = tokenStorage.getRefresh();
  refreshInFlight = (async () => {
    if (!refreshToken) throw new SessionExpiredError();
    try {
      const res = await axios.post<ApiEnvelope<RefreshResponse>>(
        `${settings.baseURL}${REFRESH_PATH}`,
        { refreshToken },
        { timeout: 30_000 },
      );
      const { accessToken, refreshToken: nextRefresh } = res.data.data;
      tokenStorage.set(accessToken, nextRefresh);
      settings.onTokensRefreshed(accessToken);
      return accessToken;
    } catch (error) {
      const status = (error as AxiosError).response?.status;
      if (status === HTTP_STATUS.refreshTokenInvalid || status === 401) throw new SessionExpiredError();
      throw error;
    }
  })()
    .catch((error: unknown) => {
      if (error instanceof SessionExpiredError) expireSession();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

export class SessionExpiredError extends Error {
  constructor() {
    super('Phiên đăng nhập đã hết hạn');
    this.name = 'SessionExpiredError';
  }
}

function expireSession(): void {
  tokenStorage.clear();
  settings.onSessionExpired();
}

interface RetriableConfig extends AxiosRequestConfig {
  _replayed?: boolean;
}

apiClient.interceptors.response.use(undefined, async (error: AxiosError) => {
  const config = error.config as (InternalAxiosRequestConfig & RetriableConfig) | undefined;
  const status = error.response?.status;
  if (status === HTTP_STATUS.refreshTokenInvalid) {
    expireSession();
    throw error;
  }
  if (status !== HTTP_STATUS.accessTokenExpired || !config || config._replayed) throw error;
  const accessToken = await refreshAccessToken();
  config._replayed = true;
  config.headers.set('Authorization', `Bearer ${accessToken}`);
  return apiClient.request(config);
});

/** The HTTP status the server answered with, or null when no answer came (network, timeout). */
export function apiErrorStatus(error: unknown): number | null {
  return (error as AxiosError | undefined)?.response?.status ?? null;
}

/** The machine code of an API error (ERROR_CODES), or null (no answer, or an answer without one). */
export function apiErrorCode(error: unknown): ErrorCode | null {
  const code = (error as AxiosError<Partial<ApiEnvelope<unknown>>> | undefined)?.response?.data?.code;
  return typeof code === 'string' ? code : null;
}

/** The Vietnamese message of an API error, for toasts and the login box. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  const data = (error as AxiosError<Partial<ApiEnvelope<unknown>>>)?.response?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}
