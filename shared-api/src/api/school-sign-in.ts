import { apiClient } from '../client';
import type { ExchangeResponse, SignInProvider, SignInProviderId } from '../contracts';
import { tokenStorage } from '../tokens';
import { apiGet, apiPost } from './request';

/** GET /v1/auth/providers: the school sign-ins to offer (empty when none is configured). */
export function getSignInProviders(): Promise<SignInProvider[]> {
  return apiGet<SignInProvider[]>('/v1/auth/providers');
}

/**
 * POST /v1/auth/exchange: the one-time code a school sign-in brought back to /Login, for the token pair.
 * Stores it as a password login does, and which school signed the person in (for the logout).
 */
export async function exchangeSignInCode(code: string): Promise<ExchangeResponse> {
  const data = await apiPost<ExchangeResponse>('/v1/auth/exchange', { code });
  tokenStorage.set(data.accessToken, data.refreshToken);
  tokenStorage.setSignInProvider(data.provider);
  return data;
}

/** The server's page that ends the school's session too, then comes back to the portal. */
export function schoolLogoutUrl(provider: SignInProviderId): string {
  return `${apiClient.defaults.baseURL ?? ''}/v1/auth/logout?provider=${provider}`;
}
