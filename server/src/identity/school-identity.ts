import type { SignInProviderId } from 'shared-api/contracts';
import type { CasAttributeNames } from '../config';

/**
 * A person as the school's identity server describes them, whatever the protocol. Only these fields
 * are ever read from a provider: a role, a group or an "affiliation" it sends is ignored (roles come
 * from our database only).
 */
export interface SchoolIdentity {
  provider: SignInProviderId;
  /** The provider's own id of the person (CAS user, OIDC sub): for logs. */
  subject: string;
  /** Lowercase and trimmed; null when the provider sent none (or an unverified one). */
  email: string | null;
  studentCode: string | null;
  givenName: string | null;
  familyName: string | null;
}

const MAX_FIELD = 200;

/** A provider's text, trimmed and bounded; null when empty. */
function clean(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim().slice(0, MAX_FIELD);
  return text === '' ? null : text;
}

/** A plausible address only (one @, a dotted domain), lowercased; anything else counts as none. */
export function normalizeEmail(value: unknown): string | null {
  const text = clean(value)?.toLowerCase() ?? null;
  if (text === null || text.length > 320) return null;
  return /^[^\s@]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(text) ? text : null;
}

/** The e-mail's domain is one of `domains` (exactly: hcmut.edu.vn does not admit mail.hcmut.edu.vn.evil). */
export function inDomains(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return domains.includes(domain);
}

function firstAttribute(attributes: Record<string, string[]>, names: readonly string[]): string | null {
  for (const name of names) {
    const value = attributes[name]?.find((text) => clean(text) !== null);
    if (value !== undefined) return clean(value);
  }
  return null;
}

/** A CAS success: the attributes named in the configuration (the first present name of each list). */
export function identityFromCas(
  user: string,
  attributes: Record<string, string[]>,
  names: CasAttributeNames,
): SchoolIdentity {
  return {
    provider: 'cas',
    subject: user,
    email: normalizeEmail(firstAttribute(attributes, names.email)),
    studentCode: firstAttribute(attributes, names.studentCode),
    givenName: firstAttribute(attributes, names.givenName),
    familyName: firstAttribute(attributes, names.familyName),
  };
}

/** OIDC claims (ID token and userinfo together). An e-mail the provider marks unverified is not used. */
export function identityFromOidc(claims: Record<string, unknown>, studentCodeClaim: string): SchoolIdentity {
  return {
    provider: 'oidc',
    subject: clean(claims.sub) ?? '',
    email: claims.email_verified === false ? null : normalizeEmail(claims.email),
    studentCode: clean(claims[studentCodeClaim]),
    givenName: clean(claims.given_name),
    familyName: clean(claims.family_name),
  };
}
