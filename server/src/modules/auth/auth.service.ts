import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { LoginResponse, Role } from 'shared-api/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { backoffDelayMs } from '../../lib/backoff';
import { AppError, errors } from '../../lib/errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { hashRefreshToken, newRefreshToken, type TokenService } from '../../lib/tokens';
import type { AuthUser } from '../../types';
import * as repo from './auth.repository';
import { createOwnPasswordCheck } from './own-password';
import { AUTH_TEXTS, checkNewPassword } from './password-rules';
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
  /** users-changed after a password change (the user's information no longer asks for one). */
  events?: DomainEvents;
}

export function createAuthService({ db, tokens, config, log, sessions, events }: AuthServiceDeps) {
  const { freeFailuresPerPair, maxDelayMs, maxFailuresPerIp, windowMs } = config.login;
  const passwordRoles: readonly Role[] = config.sso.passwordLoginRoles;

  /** The wait a pair owes after `failures` failures when the first `free` cost nothing: 1 s, 2 s, 4 s... */
  const pairDelayMs = (failures: number, free: number) => backoffDelayMs(failures, free, maxDelayMs);

  function tooMany(message: string, retryAfterSeconds: number) {
    return new AppError(429, 'TOO_MANY_REQUESTS', message, { retryAfterSeconds });
  }

  const checkOwnPassword = createOwnPasswordCheck(db, config);

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
    const { id, role, mustChangePassword } = user;
    const session: AuthUser = mustChangePassword ? { id, role, mustChangePassword } : { id, role };
    const { pair } = await issuePair(session, crypto.randomUUID(), ip, userAgent);
    await repo.recordSignIn(db, user.id);
    return pair;
  }

  /** Ends every login of an account but `keep` (its sockets too, on every instance): the families ended. */
  async function endSessions(userId: string, keep: string | null = null): Promise<number> {
    const families = await repo.revokeUserFamilies(db, userId, keep);
    for (const family of families) sessions.add(family);
    return families.length;
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
      // The attempt is counted as a failure before the password is checked (forgiven if it is right), under
      // the pair's lock: attempts sent at once, to one instance or spread over several, each see the ones
      // before them, so a burst cannot slip past the waits by being checked all at the same moment.
      const checked = await db.tx(async (t) => {
        await repo.lockLoginPair(t, email, input.ip);
        const recent = await repo.countRecentFailures(t, email, input.ip, windowMs);
        // An address over its limit (a guesser, or many users behind one proxy) gets no free failures on any
        // account; other addresses keep theirs. Nothing here ever refuses a first try, so no one can lock
        // an account for its owner from elsewhere.
        const addressOverLimit = recent.byIp >= maxFailuresPerIp;
        const wait = pairDelayMs(recent.byPair, addressOverLimit ? 0 : freeFailuresPerPair);
        if (wait > 0 && recent.sincePairLastMs !== null && recent.sincePairLastMs < wait) {
          return { refusedForMs: wait - recent.sincePairLastMs, recent, addressOverLimit };
        }
        await repo.recordFailure(t, email, input.ip);
        return { refusedForMs: 0, recent, addressOverLimit };
      });
      const { recent, addressOverLimit } = checked;
      if (checked.refusedForMs > 0) {
        // refused before the password is looked at: the answer says nothing about it
        const seconds = Math.max(1, Math.ceil(checked.refusedForMs / 1000));
        throw tooMany(`Bạn đã đăng nhập sai nhiều lần. Vui lòng thử lại sau ${seconds} giây.`, seconds);
      }
      const user = await repo.findUserByEmail(db, email);
      // an account made by the school sign-in has no password (an empty hash): checked against the dummy
      // hash like an unknown one, so both take the same time, and refused like it
      const verified = await verifyPassword(input.password, user?.password_hash || (await dummyPasswordHash()));
      const valid = Boolean(user?.password_hash) && verified;
      if (!user || !valid) {
        // (the failure is already counted)
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
      // the right password forgives the pair, this attempt included
      await repo.clearPairFailures(db, email, input.ip);
      if (!user.is_active) throw errors.forbidden('Tài khoản đã bị vô hiệu hóa');
      // said only after the right password: a guesser learns nothing of the account's role
      if (!passwordRoles.includes(user.role)) throw errors.passwordLoginDisabled();
      const signedIn: AuthUser = { id: user.id, role: user.role };
      if (user.must_change_password) signedIn.mustChangePassword = true;
      return startSession(signedIn, input.ip, input.userAgent);
    },

    startSession,
    endSessions,

    /**
     * The caller's own new password (PUT /v1/user/password): the current one is checked (limited like a
     * login), the new one follows the rules and is no longer temporary, and every other login of the
     * account ends at once (sockets too). The caller's own login goes on: its next refresh drops the
     * temporary-password mark from the tokens.
     */
    async changePassword(
      user: AuthUser,
      input: { currentPassword: unknown; newPassword: unknown; ip: string },
    ): Promise<{ sessionsEnded: number }> {
      const account = await repo.findUserById(db, user.id);
      if (!account?.is_active) throw errors.unauthenticated('Tài khoản không tồn tại hoặc đã bị vô hiệu hóa');
      if (!account.password_hash) throw errors.businessRule(AUTH_TEXTS.schoolAccountHasNoPassword);
      if (typeof input.currentPassword !== 'string' || input.currentPassword.length === 0)
        throw errors.badRequest(AUTH_TEXTS.currentPasswordRequired);
      const problem = checkNewPassword(input.newPassword, input.currentPassword);
      if (problem) throw errors.badRequest(problem);
      await checkOwnPassword({
        userId: user.id,
        password: input.currentPassword,
        ip: input.ip,
        key: `own-password:${user.id}`,
        texts: { wrong: AUTH_TEXTS.wrongCurrentPassword, tooMany: AUTH_TEXTS.tooManyPasswords },
      });
      const hash = await hashPassword(input.newPassword as string);
      const ended = await db.tx(async (t) => {
        await repo.setOwnPassword(t, user.id, hash);
        await t.query(`INSERT INTO account_changes (user_id, actor_id, action) VALUES ($1, $1, 'password_change')`, [
          user.id,
        ]);
        return repo.revokeUserFamilies(t, user.id, user.sid ?? null);
      });
      for (const family of ended) sessions.add(family);
      events?.emit('users-changed', { userIds: [user.id] });
      return { sessionsEnded: ended.length };
    },

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
        const session: AuthUser = { id: row.user_id, role: row.role };
        if (row.must_change_password) session.mustChangePassword = true;
        const { id, pair } = await issuePair(session, row.family_id, ip, userAgent);
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
