import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginResponse, Role } from 'shared-api/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import { backoffDelayMs } from '../../lib/backoff';
import { AppError, errors } from '../../lib/errors';
import { dummyPasswordHash, verifyPassword } from '../../lib/password';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../../lib/tokens';
import type { AuthUser } from '../../types';
import * as repo from './auth.repository';
import type { RevokedSessions } from './revoked-sessions';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  role: Role;
}

export interface AuthServiceDeps {
  db: Db;
  tokens: TokenService;
  config: Pick<AppConfig, 'login' | 'sso'>;
  log: FastifyBaseLogger;
  /** Ended sessions: their access tokens and sockets stop at once. */
  sessions: RevokedSessions;
}

export function createAuthService({ db, tokens, config, log, sessions }: AuthServiceDeps) {
  const { freeFailuresPerPair, maxDelayMs, maxFailuresPerIp, windowMs } = config.login;
  const passwordRoles: readonly Role[] = config.sso.passwordLoginRoles;

  /** The wait a pair owes after `failures` failures when the first `free` cost nothing: 1 s, 2 s, 4 s... */
  const pairDelayMs = (failures: number, free: number) => backoffDelayMs(failures, free, maxDelayMs);

  function tooMany(message: string, retryAfterSeconds: number) {
    return new AppError(429, 'TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }

  async function issuePair(user: AuthUser, familyId: string, ip: string | null, userAgent: string | null) {
    const refresh = newRefreshToken();
    const id = await repo.insertRefreshToken(db, {
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      ttlMs: tokens.refreshTokenTtlMs,
      ip,
      userAgent,
    });
    const accessToken = tokens.signAccess({ ...user, sid: familyId });
    return { id, pair: { accessToken, refreshToken: refresh.token, role: user.role } };
  }

  /**
   * A new login (a new refresh-token family) for an account whose identity is already proven: the one
   * token pair every way in ends with (password, CAS, OpenID Connect).
   */
  async function startSession(user: AuthUser, ip: string | null, userAgent: string | null): Promise<TokenPair> {
    const { pair } = await issuePair({ id: user.id, role: user.role }, crypto.randomUUID(), ip, userAgent);
    return pair;
  }

  return {
    /**
     * Checks email and password. Unknown email and wrong password answer the same 401 in about the
     * same time. Failures are counted per (account, address) pair with growing waits (429 with
     * Retry-After) and per address (config.login); they live in the database so every instance counts them.
     */
    async login(input: {
      email: string;
      password: string;
      ip: string;
      userAgent: string | null;
    }): Promise<LoginResponse> {
      const email = input.email.trim().toLowerCase();
      const recent = await repo.countRecentFailures(db, email, input.ip, windowMs);
      // An address over its limit (a guesser, or many users behind one proxy) gets no free failures on any
      // account; other addresses keep theirs. Nothing here ever refuses a first try, so no one can lock
      // an account for its owner from elsewhere.
      const addressOverLimit = recent.byIp >= maxFailuresPerIp;
      const wait = pairDelayMs(recent.byPair, addressOverLimit ? 0 : freeFailuresPerPair);
      if (wait > 0 && recent.sincePairLastMs !== null && recent.sincePairLastMs < wait) {
        // refused before the password is looked at: the answer says nothing about it
        const seconds = Math.max(1, Math.ceil((wait - recent.sincePairLastMs) / 1000));
        throw tooMany(`Bạn đã đăng nhập sai nhiều lần. Vui lòng thử lại sau ${seconds} giây.`, seconds);
      }
      const user = await repo.findUserByEmail(db, email);
      // an account made by the school sign-in has no password (an empty hash): checked against the dummy
      // hash like an unknown one, so both take the same time, and refused like it
      const verified = await verifyPassword(input.password, user?.password_hash || (await dummyPasswordHash()));
      const valid = Boolean(user?.password_hash) && verified;
      if (!user || !valid) {
        await repo.recordFailure(db, email, input.ip);
        // old rows are useless; trim now and then rather than with a timer
        if (Math.random() < 0.02) await repo.pruneFailures(db, Math.max(windowMs * 4, 86_400_000));
        if (addressOverLimit) {
          const seconds = Math.ceil(pairDelayMs(recent.byPair + 1, 0) / 1000);
          throw tooMany(
            `Có quá nhiều lần đăng nhập sai từ địa chỉ này. Vui lòng thử lại sau ${seconds} giây.`,
            seconds,
          );
        }
        throw errors.invalidCredentials();
      }
      if (!user.is_active) throw errors.forbidden('Tài khoản đã bị vô hiệu hóa');
      if (recent.byPair > 0) await repo.clearPairFailures(db, email, input.ip);
      // said only after the right password: a guesser learns nothing of the account's role
      if (!passwordRoles.includes(user.role)) throw errors.passwordLoginDisabled();
      return startSession({ id: user.id, role: user.role }, input.ip, input.userAgent);
    },

    startSession,

    /**
     * Rotates a refresh token: the old one is marked used and a new one of the same family is issued.
     * Unknown, expired or revoked → 419. A token used twice means it leaked: the whole family (that
     * login) is revoked, committed, then 419.
     */
    async refresh(refreshToken: string, ip: string | null, userAgent: string | null): Promise<TokenPair> {
      const outcome = await db.tx(async () => {
        const row = await repo.lockRefreshToken(db, hashRefreshToken(refreshToken));
        if (!row || row.revoked || row.expired || !row.is_active) return { kind: 'invalid' as const };
        if (row.used) {
          const revoked = await repo.revokeFamily(db, row.family_id);
          return { kind: 'reused' as const, userId: row.user_id, familyId: row.family_id, revoked };
        }
        const { id, pair } = await issuePair({ id: row.user_id, role: row.role }, row.family_id, ip, userAgent);
        await repo.markRefreshTokenUsed(db, row.id, id);
        return { kind: 'ok' as const, pair };
      });
      if (outcome.kind === 'ok') return outcome.pair;
      if (outcome.kind === 'reused') {
        sessions.add(outcome.familyId);
        log.warn(
          { userId: outcome.userId, familyId: outcome.familyId, revoked: outcome.revoked },
          'refresh token reused: login revoked',
        );
      }
      throw errors.refreshInvalid();
    },

    /** Ends the login the refresh token belongs to (only the caller's own). Idempotent. */
    async logout(user: AuthUser, refreshToken: string): Promise<void> {
      const owner = await repo.findFamilyOwner(db, hashRefreshToken(refreshToken));
      if (owner && owner.user_id === user.id) {
        await repo.revokeFamily(db, owner.family_id);
        sessions.add(owner.family_id);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
