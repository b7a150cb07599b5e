import type { LoginResponse } from './dto';

/**
 * School sign-in (CAS, OpenID Connect): what the login page and the server agree on. Both ways end on
 * `/#/Login?code=…` (a one-time code the page exchanges for the usual token pair) or `/#/Login?error=…`
 * with one of SIGN_IN_ERRORS, which the page translates (never the provider's own text).
 */

export const SIGN_IN_PROVIDERS = ['cas', 'oidc'] as const;
export type SignInProviderId = (typeof SIGN_IN_PROVIDERS)[number];

/** GET /v1/auth/providers: one button per configured school sign-in. */
export interface SignInProvider {
  id: SignInProviderId;
  /** The button's text, in the reader's language unless the operator set one. */
  label: string;
  /** Where the button goes (a plain link: the server redirects to the school). */
  loginUrl: string;
}

export const SIGN_IN_ERRORS = [
  /** The school said no, or its answer could not be trusted: try again. */
  'failed',
  /** The school's server did not answer in time. */
  'unavailable',
  /** The sign-in took too long or was started in another browser: start again. */
  'expired',
  /** The person cancelled at the school's page. */
  'cancelled',
  /** An identity the portal does not know, from outside the school's domains. */
  'not-school',
  /** The account is disabled. */
  'disabled',
] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

export function isSignInError(value: unknown): value is SignInError {
  return typeof value === 'string' && (SIGN_IN_ERRORS as readonly string[]).includes(value);
}

/** POST /v1/auth/exchange */
export interface ExchangeRequest {
  code: string;
}

/** POST /v1/auth/exchange: a password login's pair, and the way the person signed in. */
export interface ExchangeResponse extends LoginResponse {
  provider: SignInProviderId;
}
