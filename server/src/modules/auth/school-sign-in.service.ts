import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ExchangeResponse, SignInError, SignInProvider, SignInProviderId } from 'shared-api/contracts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { createCasClient, type CasClient } from '../../identity/cas';
import { createOidcClient, newOidcChecks, type OidcClient } from '../../identity/oidc';
import { identityFromCas, identityFromOidc, inDomains, type SchoolIdentity } from '../../identity/school-identity';
import { errors } from '../../lib/errors';
import type { AuthService } from './auth.service';
import * as repo from './school-sign-in.repository';

/** A sign-in must come back from the school within this time (the school's page may ask for a second factor). */
export const SIGN_IN_MAX_AGE_MS = 10 * 60_000;
/** The one-time code the login page exchanges: short, because the page exchanges it at once. */
export const SIGN_IN_CODE_TTL_MS = 60_000;

export interface SchoolSignInDeps {
  db: Db;
  config: Pick<AppConfig, 'sso' | 'publicUrl' | 'port' | 'env'>;
  auth: Pick<AuthService, 'startSession'>;
  /** 'students-added' for a student the sign-in created (the semester grant follows it). */
  events: DomainEvents;
  log: FastifyBaseLogger;
}

/** What a browser step ends with: where to send the browser next. */
export interface Redirect {
  location: string;
}

/** The start of a sign-in: the cookie that binds it to this browser, and the school's page. */
export interface SignInStart extends Redirect {
  /** The value of the httpOnly cookie; only its hash is stored. */
  handle: string | null;
}

const DEFAULT_LABELS = {
  vi: 'Đăng nhập bằng tài khoản trường',
  en: 'Sign in with your school account',
} as const;
/** With both ways configured and no labels set, the second button says which it is. */
const OIDC_SECOND_LABELS = {
  vi: 'Đăng nhập bằng tài khoản trường (OpenID Connect)',
  en: 'Sign in with your school account (OpenID Connect)',
} as const;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

/**
 * School sign-in: CAS and OpenID Connect. Both end the same way: the school's identity is matched to an
 * account of ours (by e-mail or student code; an unknown one from the school's domains becomes a
 * student), and the browser goes to `/#/Login?code=…` with a one-time code the login page exchanges for
 * the usual token pair (tokens never travel in a URL), or to `/#/Login?error=…`. Every URL the browser is
 * sent to is built from the configuration (PUBLIC_URL, CAS_URL, the issuer's metadata), never from the
 * request: no open redirect.
 */
export function createSchoolSignInService({ db, config, auth, events, log }: SchoolSignInDeps) {
  const { sso } = config;
  /** The portal's public origin: the callbacks and the login page are under it. */
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  const secureCookies = base.startsWith('https://');
  const callbackUrl = (provider: SignInProviderId) => `${base}/v1/auth/${provider}/callback`;
  const loginPage = (param: 'code' | 'error', value: string): Redirect => ({
    location: `${base}/#/Login?${new URLSearchParams({ [param]: value }).toString()}`,
  });
  const refused = (error: SignInError): Redirect => loginPage('error', error);

  const cas: CasClient | null = sso.cas
    ? createCasClient({ url: sso.cas.url, validatePath: sso.cas.validatePath, timeoutMs: sso.timeoutMs })
    : null;
  const oidc: OidcClient | null = sso.oidc
    ? createOidcClient({
        issuer: sso.oidc.issuer,
        clientId: sso.oidc.clientId,
        clientSecret: sso.oidc.clientSecret,
        timeoutMs: sso.timeoutMs,
        allowHttp: config.env !== 'production',
      })
    : null;

  function notConfigured(): never {
    throw errors.notFound('Đăng nhập bằng tài khoản trường theo cách này chưa được cấu hình');
  }

  /** A new sign-in under way, bound to the browser by the returned handle (its cookie). */
  async function remember(provider: SignInProviderId, checks: Omit<repo.NewAuthRequest, 'handleHash' | 'provider'>) {
    const handle = randomToken();
    await repo.insertAuthRequest(db, { handleHash: sha256(handle), provider, ...checks });
    // abandoned sign-ins are useless; trim now and then rather than with a timer
    if (Math.random() < 0.02) await repo.pruneSignIns(db, SIGN_IN_MAX_AGE_MS * 6);
    return handle;
  }

  /** The sign-in this browser started with `provider`, used once; a refusal key when there is none to use. */
  async function takeRequest(
    provider: SignInProviderId,
    handle: string | undefined,
  ): Promise<repo.AuthRequestRow | SignInError> {
    if (!handle) return 'expired';
    const request = await repo.takeAuthRequest(db, sha256(handle), SIGN_IN_MAX_AGE_MS);
    if (!request || request.provider !== provider || request.expired) return 'expired';
    return request;
  }

  /**
   * The account of a school identity, by e-mail (case-insensitive) or student code; a new student when
   * none has either and the e-mail is of the school's domains. The role is always the account's own.
   */
  async function accountOf(identity: SchoolIdentity): Promise<repo.AccountRow | SignInError> {
    const { email, studentCode } = identity;
    if (!email && !studentCode) {
      log.warn(
        { provider: identity.provider, subject: identity.subject },
        'school sign-in: identity without e-mail or student code',
      );
      return 'failed';
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const accounts = await repo.findAccounts(db, email, studentCode);
      const byEmail = email ? accounts.find((account) => account.email === email) : undefined;
      // A student code finds only a student: staff and officers have codes too (NV001, QT001), and a code
      // is what some providers let a person edit (preferred_username). Their accounts match by e-mail only.
      const holder = studentCode ? accounts.find((account) => account.mssv === studentCode) : undefined;
      const byCode = holder?.role === 'student' ? holder : undefined;
      if (holder && !byCode && !byEmail) {
        log.warn(
          { provider: identity.provider, subject: identity.subject, holder: holder.id },
          "school sign-in: a student code of a staff or officer account, without that account's e-mail",
        );
        return 'failed';
      }
      if (byEmail && byCode && byEmail.id !== byCode.id) {
        // two accounts claim this person: guessing would hand one person's account to another
        log.warn(
          { provider: identity.provider, subject: identity.subject, byEmail: byEmail.id, byCode: byCode.id },
          'school sign-in: e-mail and student code belong to different accounts',
        );
        return 'failed';
      }
      const account = byEmail ?? byCode;
      if (account) return account.is_active ? account : 'disabled';
      if (!email || !inDomains(email, sso.emailDomains)) return 'not-school';
      const created = await repo.insertStudent(db, {
        email,
        mssv: studentCode,
        firstName: identity.givenName ?? '',
        lastName: identity.familyName ?? '',
        source: identity.provider,
      });
      if (created) {
        log.info({ provider: identity.provider, userId: created.id }, 'school sign-in: new student account');
        events.emit('students-added', { via: 'school-sign-in', created: 1 });
        return created;
      }
      // another sign-in of the same person created it a moment ago: read it again
    }
    return 'failed';
  }

  /** The end of every school sign-in: an account, then a one-time code for the login page. */
  async function finish(identity: SchoolIdentity): Promise<Redirect> {
    const account = await accountOf(identity);
    if (typeof account === 'string') {
      log.info({ provider: identity.provider, subject: identity.subject, refused: account }, 'school sign-in refused');
      return refused(account);
    }
    const code = randomToken();
    await repo.insertAuthCode(db, {
      codeHash: sha256(code),
      userId: account.id,
      provider: identity.provider,
      ttlMs: SIGN_IN_CODE_TTL_MS,
    });
    return loginPage('code', code);
  }

  return {
    /** The configured school sign-ins, labelled in `lang` unless the operator set a label. */
    providers(lang: 'vi' | 'en'): SignInProvider[] {
      const list: SignInProvider[] = [];
      if (sso.cas) {
        list.push({ id: 'cas', label: sso.cas.label ?? DEFAULT_LABELS[lang], loginUrl: `${base}/v1/auth/cas/login` });
      }
      if (sso.oidc) {
        const fallback = sso.cas ? OIDC_SECOND_LABELS[lang] : DEFAULT_LABELS[lang];
        list.push({ id: 'oidc', label: sso.oidc.label ?? fallback, loginUrl: `${base}/v1/auth/oidc/login` });
      }
      return list;
    },

    /** Cookie attributes for the sign-in handle: this API's auth paths only, never readable by scripts. */
    cookie: { secure: secureCookies, path: '/v1/auth', maxAgeSeconds: SIGN_IN_MAX_AGE_MS / 1000 },

    /** CAS: to the school's login page, which comes back to our callback with a ticket. */
    async startCas(): Promise<SignInStart> {
      if (!cas) notConfigured();
      const handle = await remember('cas', { state: null, nonce: null, codeVerifier: null });
      return { handle, location: cas.loginUrl(callbackUrl('cas')) };
    },

    /** CAS: validates the ticket with the exact service URL of the login, then signs the account in. */
    async finishCas(handle: string | undefined, ticket: string | undefined): Promise<Redirect> {
      if (!cas || !sso.cas) notConfigured();
      const request = await takeRequest('cas', handle);
      if (typeof request === 'string') return refused(request);
      if (!ticket) return refused('failed');
      const answer = await cas.validate(ticket, callbackUrl('cas'));
      if (!answer.ok) {
        log.warn(
          { reason: answer.reason, code: 'code' in answer ? answer.code : undefined, detail: answer.detail },
          'CAS ticket not validated',
        );
        return refused(answer.reason === 'unavailable' ? 'unavailable' : 'failed');
      }
      return finish(identityFromCas(answer.user, answer.attributes, sso.cas.attributes));
    },

    /** OIDC: to the provider's authorization endpoint with state, nonce and a PKCE challenge (kept here). */
    async startOidc(): Promise<SignInStart> {
      if (!oidc) notConfigured();
      const checks = newOidcChecks();
      let location: string;
      try {
        location = await oidc.authorizationUrl(callbackUrl('oidc'), checks);
      } catch (error) {
        log.warn({ err: error }, 'OIDC provider discovery failed');
        return { handle: null, ...refused('unavailable') };
      }
      const handle = await remember('oidc', {
        state: checks.state,
        nonce: checks.nonce,
        codeVerifier: checks.codeVerifier,
      });
      return { handle, location };
    },

    /** OIDC: the callback's query as received (code, state, iss or error): checked by openid-client. */
    async finishOidc(handle: string | undefined, query: string): Promise<Redirect> {
      if (!oidc || !sso.oidc) notConfigured();
      const request = await takeRequest('oidc', handle);
      if (typeof request === 'string') return refused(request);
      if (!request.state || !request.nonce || !request.code_verifier) return refused('expired');
      const url = new URL(callbackUrl('oidc'));
      url.search = query;
      const outcome = await oidc.complete(url, {
        state: request.state,
        nonce: request.nonce,
        codeVerifier: request.code_verifier,
      });
      if (!outcome.ok) {
        log.warn({ reason: outcome.reason, detail: outcome.detail }, 'OIDC sign-in not completed');
        return refused(outcome.reason === 'refused' ? 'failed' : outcome.reason);
      }
      return finish(identityFromOidc(outcome.claims, sso.oidc.studentCodeClaim));
    },

    /**
     * The login page's one-time code for the usual token pair (as a password login returns it). A code
     * works once and for 60 s; a disabled account is refused even with a fresh code. With the pair: the way
     * the person signed in (the portal's logout ends that school session too).
     */
    async exchange(code: string, ip: string | null, userAgent: string | null): Promise<ExchangeResponse> {
      const row = await repo.useAuthCode(db, sha256(code));
      if (!row) throw errors.signInCodeInvalid();
      if (!row.is_active) throw errors.forbidden('Tài khoản đã bị vô hiệu hóa');
      const pair = await auth.startSession({ id: row.user_id, role: row.role }, ip, userAgent);
      return { ...pair, provider: row.provider };
    },

    /**
     * Where the browser goes to end the school session too (CAS /logout, the OIDC end-session endpoint),
     * coming back to the portal; the portal itself when that is not configured.
     */
    async logoutLocation(provider: string | undefined): Promise<Redirect> {
      const home = `${base}/`;
      if (!sso.schoolLogout) return { location: home };
      if (provider === 'cas' && cas) return { location: cas.logoutUrl(home) };
      if (provider === 'oidc' && oidc) return { location: (await oidc.endSessionUrl(home)) ?? home };
      return { location: home };
    },
  };
}

export type SchoolSignInService = ReturnType<typeof createSchoolSignInService>;
