import crypto from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { isRole, type Role } from 'shared-api/contracts';
import type { AuthUser } from './auth-user';

export type VerifyResult =
  { ok: true; user: AuthUser; /** epoch ms */ expiresAt: number } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenService {
  readonly accessTokenTtlMs: number;
  readonly refreshTokenTtlMs: number;
  signAccess(user: AuthUser): string;
  verifyAccess(token: string): VerifyResult;
}

const ISSUER = 'smart-printing';
/** How many verified access tokens are kept (each ~0.3 KB). */
const VERIFIED_TOKENS = 10_000;

/** HS256 access tokens (sub = user id, role, sid = the session, pwd = a temporary password in use) with fast-jwt. */
export function createTokenService(secret: string, accessTokenTtlMs: number, refreshTokenTtlMs: number): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessTokenTtlMs, iss: ISSUER });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
  });
  // Verified tokens are kept until they expire, keyed by the token itself: a request with a known token
  // skips the HMAC and the hashing of fast-jwt's own cache (~5 % of the printer list's time, issue 22).
  // Only what the token proves is kept; a revoked session is still checked per request (auth.ts).
  const verified = new Map<string, { user: AuthUser; expiresAt: number }>();
  return {
    accessTokenTtlMs,
    refreshTokenTtlMs,
    signAccess: (user) =>
      sign({
        sub: user.id,
        role: user.role,
        ...(user.sid ? { sid: user.sid } : {}),
        ...(user.mustChangePassword ? { pwd: 1 } : {}),
      }),
    verifyAccess(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return { ok: true, user: { ...known.user }, expiresAt: known.expiresAt };
        verified.delete(token);
      }
      try {
        const payload = verify(token) as { sub?: unknown; role?: unknown; sid?: unknown; exp?: unknown; pwd?: unknown };
        if (typeof payload.sub !== 'string' || !isRole(payload.role)) return { ok: false, reason: 'invalid' };
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
        const user: AuthUser = { id: payload.sub, role: payload.role as Role };
        if (typeof payload.sid === 'string') user.sid = payload.sid;
        if (payload.pwd === 1) user.mustChangePassword = true;
        const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + accessTokenTtlMs;
        verified.set(token, { user: { ...user }, expiresAt });
        // the oldest goes first (a Map keeps insertion order): memory stays bounded under any number of tokens
        if (verified.size > VERIFIED_TOKENS) verified.delete(verified.keys().next().value as string);
        return { ok: true, user, expiresAt };
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired) {
          return { ok: false, reason: 'expired' };
        }
        return { ok: false, reason: 'invalid' };
      }
    },
  };
}

/** An opaque refresh token and the hash the database keeps (a leaked table does not leak tokens). */
export function newRefreshToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A fresh secret for app_secrets when JWT_SECRET is not set. */
export function newSecret(): string {
  return crypto.randomBytes(48).toString('base64url');
}
