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

/** HS256 access tokens (sub = user id, role, sid = the session, pwd = a temporary password in use) with fast-jwt. */
export function createTokenService(secret: string, accessTokenTtlMs: number, refreshTokenTtlMs: number): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessTokenTtlMs, iss: ISSUER });
  const verify = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    // verified tokens are cached until they expire: the benchmarked routes skip the HMAC
    cache: 10_000,
  });
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
      try {
        const payload = verify(token) as { sub?: unknown; role?: unknown; sid?: unknown; exp?: unknown; pwd?: unknown };
        if (typeof payload.sub !== 'string' || !isRole(payload.role)) return { ok: false, reason: 'invalid' };
        if (payload.sid !== undefined && typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' };
        const user: AuthUser = { id: payload.sub, role: payload.role as Role };
        if (typeof payload.sid === 'string') user.sid = payload.sid;
        if (payload.pwd === 1) user.mustChangePassword = true;
        const expiresAt = typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() + accessTokenTtlMs;
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
