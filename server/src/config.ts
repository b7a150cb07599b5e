import os from 'node:os';
import path from 'node:path';
import { ROLES, type Role } from 'shared-api/contracts';
import type { ConversionLimits } from './documents/conversion';
import { parseDuration } from './lib/duration';

/** The repository root: this file is server/src/config.ts or server/dist/config.js. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** Everything the server reads from the environment, parsed and validated once. */
export interface AppConfig {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  logLevel: LogLevel;
  /** Pretty logs through pino-pretty (a root dev dependency): development only. */
  logPretty: boolean;
  /** Embedded PGlite data folder, or 'memory'. Ignored when databaseUrl is set. */
  dataDir: string;
  /**
   * Where uploaded documents and converted PDFs are kept (UPLOAD_DIR): with several instances, a folder
   * every instance reads and writes (a shared volume). null = `uploads` beside the data folder
   * (uploadDirOf).
   */
  uploadDir: string | null;
  /** This instance's name in logs and answers (INSTANCE_ID; default the host name and process id). */
  instanceId: string;
  /** node-postgres connection string; switches from PGlite to a PostgreSQL server. */
  databaseUrl: string | null;
  /** PostgreSQL schema to use (created if missing); null = the server's default search_path. */
  databaseSchema: string | null;
  /** Drop databaseSchema when the app closes (tests only). */
  dropSchemaOnClose: boolean;
  databasePoolMax: number;
  /** HS256 secret; null = generated once and stored in the database (app_secrets). */
  jwtSecret: string | null;
  accessTokenTtlMs: number;
  refreshTokenTtlMs: number;
  seedDemo: boolean;
  corsOrigins: string[];
  /** Folder holding shell/, remote-student/, remote-staff/, remote-spso/ (each with a dist/). */
  portalDir: string;
  remoteUrls: { student: string; staff: string; spso: string };
  /** Largest JSON / form body in bytes (uploads have their own limits in system_config). */
  bodyLimit: number;
  trustProxy: boolean;
  /**
   * Login failures, counted in the database per (account, address) pair and per address within windowMs:
   * a pair's first freeFailuresPerPair failures cost nothing, each further one doubles the wait before the
   * pair may try again (1 s, 2 s, 4 s... up to maxDelayMs); an address over maxFailuresPerIp waits from its
   * first failure on each account, while a right password of another account still signs in.
   */
  login: { freeFailuresPerPair: number; maxDelayMs: number; maxFailuresPerIp: number; windowMs: number };
  /** How often an instance reads the sessions other instances ended (SESSION_REVOCATION_POLL). */
  sessionRevocationPollMs: number;
  /** Creates this spso account at start when no spso exists (production bootstrap without demo data). */
  bootstrapSpso: { email: string; password: string } | null;
  /** Start the print dispatcher (PRINT_DISPATCHER); null = yes, except when env is 'test'. */
  printDispatcher: boolean | null;
  /** Time the simulated printer takes per sheet (PRINT_SIM_MS_PER_SHEET). */
  printSimMsPerSheet: number;
  /** A print claim not renewed for this long was left by a dead process (PRINT_CLAIM_LEASE). */
  printClaimLeaseMs: number;
  /**
   * Real printers (IPP): run the health monitor in this process (PRINTER_MONITOR; null = with the
   * dispatcher), how often it reads each device (PRINTER_MONITOR_INTERVAL, 15 s), how often a job on
   * its device is looked at (IPP_FOLLOW_INTERVAL, 2 s), and whether ipps:// devices with self-signed
   * certificates are accepted (IPPS_ALLOW_SELF_SIGNED, off).
   */
  printers: { monitor: boolean | null; monitorIntervalMs: number; followMs: number; allowSelfSigned: boolean };
  /** Which payment gateway starts new payments (PAYMENT_GATEWAY): the built-in sandbox or VNPay. */
  paymentGateway: 'sandbox' | 'vnpay';
  /** VNPay merchant settings (VNPAY_TMN_CODE, VNPAY_HASH_SECRET, VNPAY_URL); required for 'vnpay'. */
  vnpay: { tmnCode: string; hashSecret: string; url: string } | null;
  /** The public origin of this server (PUBLIC_URL), e.g. https://print.hcmut.edu.vn: gateway return URLs. */
  publicUrl: string | null;
  /** A gateway callback received this long after a payment expired still credits it (PAYMENT_CALLBACK_GRACE). */
  paymentCallbackGraceMs: number;
  /**
   * Requests a minute from one address to each public payment route: the IPN callbacks, the return page
   * and the sandbox page (PAYMENT_CALLBACK_RATE_LIMIT).
   */
  paymentCallbackRateLimit: number;
  /** Run the semester grant scheduler in this process (GRANT_SCHEDULER); null = yes, except when env is 'test'. */
  grantScheduler: boolean | null;
  /** How often the grant scheduler checks for a semester to grant (GRANT_CHECK_MS). */
  grantCheckMs: number;
  /** Run the report scheduler in this process (REPORT_SCHEDULER); null = yes, except when env is 'test'. */
  reportScheduler: boolean | null;
  /** Longest wait between two checks for finished periods to store (REPORT_CHECK_MS). */
  reportCheckMs: number;
  /**
   * Print uploads received at once: per student (UPLOADS_PER_USER, 429 beyond) and in all
   * (UPLOADS_IN_FLIGHT, 503 beyond).
   */
  uploadsInFlight: { perUser: number; total: number };
  /**
   * LibreOffice conversions: time limit CONVERSION_TIMEOUT + CONVERSION_TIMEOUT_PER_MB per MB, at most
   * CONVERSION_TIMEOUT_MAX; memory CONVERSION_MEMORY_MB; CONVERSIONS_AT_ONCE running and at most
   * CONVERSIONS_WAITING waiting (503 beyond).
   */
  conversion: ConversionLimits;
  /**
   * Run the purge of stored files past the retention period in this process (RETENTION_PURGE); null =
   * yes, except when env is 'test'. Several instances may: each file is claimed once.
   */
  retentionPurge: boolean | null;
  /** How often the purge runs (RETENTION_PURGE_MS). */
  retentionPurgeMs: number;
  /** School sign-in (CAS, OpenID Connect) and who may still sign in with a password. */
  sso: SsoConfig;
  /** Web Push: where subscriptions may point and who the push services may contact. */
  push: PushConfig;
}

export interface PushConfig {
  /**
   * Host names a push subscription's endpoint may have (PUSH_ENDPOINT_HOSTS, lowercase; `*.example.com`
   * matches any subdomain): the server calls that URL, so only the browsers' push services by default.
   * https only, except a listed localhost or 127.0.0.1 (tests' local push service).
   */
  endpointHosts: string[];
  /** The VAPID subject the push services may contact (PUSH_SUBJECT): a mailto: or https: URL. */
  subject: string;
}

/** The browsers' push services (Chrome and Edge's FCM, Firefox, Windows, Safari). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS =
  'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com,*.push.apple.com';

/** Where a school identity's attributes are read (CAS_ATTRIBUTE_*): the first present name wins. */
export interface CasAttributeNames {
  email: string[];
  givenName: string[];
  familyName: string[];
  studentCode: string[];
}

export interface CasConfig {
  /** The CAS server's base (CAS_URL), e.g. https://sso.hcmut.edu.vn/cas: /login, /logout and the validation below it. */
  url: string;
  /** `/serviceValidate` (CAS 2.0 and 3.0 answer there) or `/p3/serviceValidate` (CAS_VALIDATE_PATH). */
  validatePath: '/serviceValidate' | '/p3/serviceValidate';
  attributes: CasAttributeNames;
  /** The button's text (CAS_LABEL); null = the portal's default in the reader's language. */
  label: string | null;
}

export interface OidcConfig {
  /** OIDC_ISSUER: discovery at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claim that carries the student code (OIDC_STUDENT_CODE_CLAIM, preferred_username). */
  studentCodeClaim: string;
  /** The button's text (OIDC_LABEL); null = the portal's default in the reader's language. */
  label: string | null;
}

export interface SsoConfig {
  cas: CasConfig | null;
  oidc: OidcConfig | null;
  /** E-mail domains whose unknown identities become students (SSO_EMAIL_DOMAINS, lowercase); empty = none. */
  emailDomains: string[];
  /** Roles that may still sign in with a password (PASSWORD_LOGIN_ROLES; all by default). */
  passwordLoginRoles: Role[];
  /** How long the school's server may take to answer one request (SSO_TIMEOUT, 5 s). */
  timeoutMs: number;
  /** Logout also ends the school session, when the provider has an end point (SSO_LOGOUT, on). */
  schoolLogout: boolean;
}

/** Shortest VNPay hash secret production accepts (VNPay's are 32 characters). */
export const MIN_VNPAY_SECRET = 16;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function str(env: Env, key: string): string | undefined {
  const value = env[key];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = str(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${key} must be an integer between ${min} and ${max} (got "${raw}")`);
  }
  return value;
}

function bool(env: Env, key: string, fallback: boolean): boolean {
  const raw = str(env, key)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${key} must be true or false (got "${raw}")`);
}

function duration(env: Env, key: string, fallback: string): number {
  try {
    return parseDuration(str(env, key) ?? fallback);
  } catch (error) {
    throw new ConfigError(`${key}: ${(error as Error).message}`);
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the environment once; throws ConfigError with the variable name on a bad value. */
export function loadConfig(env: Env = process.env): AppConfig {
  const nodeEnv = str(env, 'NODE_ENV');
  const appEnv: AppConfig['env'] =
    nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development';

  const logLevel = (str(env, 'LOG_LEVEL') ?? (appEnv === 'test' ? 'silent' : 'info')) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const schema = str(env, 'DATABASE_SCHEMA') ?? null;
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA must be a lowercase SQL identifier');
  }

  const jwtSecret = str(env, 'JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');

  const bootstrapEmail = str(env, 'BOOTSTRAP_SPSO_EMAIL');
  const bootstrapPassword = str(env, 'BOOTSTRAP_SPSO_PASSWORD');
  if (Boolean(bootstrapEmail) !== Boolean(bootstrapPassword)) {
    throw new ConfigError('BOOTSTRAP_SPSO_EMAIL and BOOTSTRAP_SPSO_PASSWORD go together');
  }

  const paymentGateway = (str(env, 'PAYMENT_GATEWAY') ?? 'sandbox').toLowerCase();
  if (paymentGateway !== 'sandbox' && paymentGateway !== 'vnpay') {
    throw new ConfigError(`PAYMENT_GATEWAY must be sandbox or vnpay (got "${paymentGateway}")`);
  }
  const publicUrl = str(env, 'PUBLIC_URL')?.replace(/\/+$/, '') ?? null;
  if (publicUrl !== null && !/^https?:\/\/[^/]+/.test(publicUrl)) {
    throw new ConfigError('PUBLIC_URL must be an http(s) origin, e.g. https://print.example.edu.vn');
  }
  const vnpTmnCode = str(env, 'VNPAY_TMN_CODE');
  const vnpHashSecret = str(env, 'VNPAY_HASH_SECRET');
  const vnpUrl = str(env, 'VNPAY_URL') ?? 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html';
  if (paymentGateway === 'vnpay' && (!vnpTmnCode || !vnpHashSecret || !publicUrl)) {
    throw new ConfigError('PAYMENT_GATEWAY=vnpay needs VNPAY_TMN_CODE, VNPAY_HASH_SECRET and PUBLIC_URL');
  }

  // The sandbox credits pages for no money and the demo data has known passwords: right for a demo, a hole
  // in a real deployment. Production starts with them only when told so in so many words.
  const seedDemo = bool(env, 'SEED_DEMO', true);
  if (appEnv === 'production') {
    if (paymentGateway === 'sandbox' && !bool(env, 'ALLOW_SANDBOX_GATEWAY', false)) {
      throw new ConfigError(
        'NODE_ENV=production refuses PAYMENT_GATEWAY=sandbox (the default), which credits pages without payment: ' +
          'set PAYMENT_GATEWAY=vnpay with its settings, or ALLOW_SANDBOX_GATEWAY=true for a demo',
      );
    }
    // VNPay issues 32-character secrets: a short one is a placeholder, and anyone could sign callbacks
    if (paymentGateway === 'vnpay' && (vnpHashSecret ?? '').length < MIN_VNPAY_SECRET) {
      throw new ConfigError(
        `NODE_ENV=production refuses a VNPAY_HASH_SECRET of ${(vnpHashSecret ?? '').length} characters: ` +
          `VNPay's secret has 32, anything under ${MIN_VNPAY_SECRET} is a placeholder that lets anyone sign a payment callback`,
      );
    }
    // the payment pages and the gateway's return travel to PUBLIC_URL: never over plain http
    if (publicUrl !== null && !publicUrl.startsWith('https://')) {
      throw new ConfigError(
        `NODE_ENV=production refuses PUBLIC_URL=${publicUrl}: the portal's public address must be https:// ` +
          '(tokens and payment returns travel to it)',
      );
    }
    if (seedDemo && !bool(env, 'ALLOW_DEMO_DATA', false)) {
      throw new ConfigError(
        'NODE_ENV=production refuses SEED_DEMO=true (the default), which creates accounts with published passwords: ' +
          'set SEED_DEMO=false (and BOOTSTRAP_SPSO_EMAIL / BOOTSTRAP_SPSO_PASSWORD), or ALLOW_DEMO_DATA=true for a demo',
      );
    }
  }

  const sso = ssoConfig(env, appEnv, publicUrl);

  const dataDir = str(env, 'DATA_DIR') ?? path.join(REPO_ROOT, 'data', 'pglite');

  return {
    env: appEnv,
    port: int(env, 'PORT', 8080, 0, 65535),
    host: str(env, 'HOST') ?? '0.0.0.0',
    logLevel,
    logPretty: bool(env, 'LOG_PRETTY', false),
    dataDir: dataDir === 'memory' ? 'memory' : path.resolve(dataDir),
    uploadDir: str(env, 'UPLOAD_DIR') ? path.resolve(str(env, 'UPLOAD_DIR') ?? '') : null,
    instanceId: str(env, 'INSTANCE_ID') ?? `${os.hostname()}:${process.pid}`,
    databaseUrl: str(env, 'DATABASE_URL') ?? null,
    databaseSchema: schema,
    dropSchemaOnClose: false,
    databasePoolMax: int(env, 'DATABASE_POOL_MAX', 10, 1, 500),
    jwtSecret,
    accessTokenTtlMs: duration(env, 'ACCESS_TOKEN_TTL', '15m'),
    refreshTokenTtlMs: duration(env, 'REFRESH_TOKEN_TTL', '7d'),
    seedDemo,
    corsOrigins: (str(env, 'CORS_ORIGINS') ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    portalDir: path.resolve(str(env, 'PORTAL_DIR') ?? REPO_ROOT),
    remoteUrls: {
      student: str(env, 'REMOTE_STUDENT_URL') ?? '/remotes/student/remoteEntry.js',
      staff: str(env, 'REMOTE_STAFF_URL') ?? '/remotes/staff/remoteEntry.js',
      spso: str(env, 'REMOTE_SPSO_URL') ?? '/remotes/spso/remoteEntry.js',
    },
    bodyLimit: int(env, 'BODY_LIMIT', 1_048_576, 1_024, 1_073_741_824),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    login: {
      freeFailuresPerPair: int(env, 'LOGIN_FREE_FAILURES', 3, 0, 1_000),
      maxDelayMs: duration(env, 'LOGIN_MAX_DELAY', '15m'),
      maxFailuresPerIp: int(env, 'LOGIN_MAX_FAILURES_IP', 20, 1, 100_000),
      windowMs: duration(env, 'LOGIN_FAILURE_WINDOW', '15m'),
    },
    sessionRevocationPollMs: duration(env, 'SESSION_REVOCATION_POLL', '1s'),
    bootstrapSpso: bootstrapEmail && bootstrapPassword ? { email: bootstrapEmail, password: bootstrapPassword } : null,
    printDispatcher: str(env, 'PRINT_DISPATCHER') === undefined ? null : bool(env, 'PRINT_DISPATCHER', true),
    printSimMsPerSheet: int(env, 'PRINT_SIM_MS_PER_SHEET', 1_000, 0, 600_000),
    uploadsInFlight: {
      perUser: int(env, 'UPLOADS_PER_USER', 2, 1, 1_000),
      total: int(env, 'UPLOADS_IN_FLIGHT', 16, 1, 100_000),
    },
    printClaimLeaseMs: duration(env, 'PRINT_CLAIM_LEASE', '15s'),
    printers: {
      monitor: str(env, 'PRINTER_MONITOR') === undefined ? null : bool(env, 'PRINTER_MONITOR', true),
      monitorIntervalMs: duration(env, 'PRINTER_MONITOR_INTERVAL', '15s'),
      followMs: duration(env, 'IPP_FOLLOW_INTERVAL', '2s'),
      allowSelfSigned: bool(env, 'IPPS_ALLOW_SELF_SIGNED', false),
    },
    paymentGateway,
    vnpay: vnpTmnCode && vnpHashSecret ? { tmnCode: vnpTmnCode, hashSecret: vnpHashSecret, url: vnpUrl } : null,
    publicUrl,
    paymentCallbackGraceMs: duration(env, 'PAYMENT_CALLBACK_GRACE', '5m'),
    paymentCallbackRateLimit: int(env, 'PAYMENT_CALLBACK_RATE_LIMIT', 60, 1, 100_000),
    grantScheduler: str(env, 'GRANT_SCHEDULER') === undefined ? null : bool(env, 'GRANT_SCHEDULER', true),
    grantCheckMs: int(env, 'GRANT_CHECK_MS', 3_600_000, 1_000, 86_400_000),
    reportScheduler: str(env, 'REPORT_SCHEDULER') === undefined ? null : bool(env, 'REPORT_SCHEDULER', true),
    reportCheckMs: int(env, 'REPORT_CHECK_MS', 3_600_000, 1_000, 86_400_000),
    conversion: {
      baseTimeoutMs: duration(env, 'CONVERSION_TIMEOUT', '20s'),
      timeoutMsPerMb: duration(env, 'CONVERSION_TIMEOUT_PER_MB', '10s'),
      maxTimeoutMs: duration(env, 'CONVERSION_TIMEOUT_MAX', '2m'),
      memoryMb: int(env, 'CONVERSION_MEMORY_MB', 1_536, 256, 65_536),
      concurrency: int(env, 'CONVERSIONS_AT_ONCE', 2, 1, 64),
      maxWaiting: int(env, 'CONVERSIONS_WAITING', 8, 0, 10_000),
    },
    retentionPurge: str(env, 'RETENTION_PURGE') === undefined ? null : bool(env, 'RETENTION_PURGE', true),
    retentionPurgeMs: int(env, 'RETENTION_PURGE_MS', 600_000, 1_000, 86_400_000),
    sso,
    push: pushConfig(env, publicUrl),
  };
}

function pushConfig(env: Env, publicUrl: string | null): PushConfig {
  const subject =
    str(env, 'PUSH_SUBJECT') ?? (publicUrl?.startsWith('https://') ? publicUrl : 'mailto:spso@hcmut.edu.vn');
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) {
    throw new ConfigError(`PUSH_SUBJECT must be a mailto: or https: URL (got "${subject}")`);
  }
  return {
    endpointHosts: list(env, 'PUSH_ENDPOINT_HOSTS', DEFAULT_PUSH_ENDPOINT_HOSTS).map((host) => host.toLowerCase()),
    subject,
  };
}

/** A comma list of names (attribute names, domains, roles): trimmed, empties dropped. */
function list(env: Env, key: string, fallback: string): string[] {
  return (str(env, key) ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function httpUrl(env: Env, key: string, example: string): string | null {
  const raw = str(env, key)?.replace(/\/+$/, '');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${key} must be an http(s) URL, e.g. ${example} (got "${raw}")`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username) {
    throw new ConfigError(`${key} must be an http(s) URL without query, fragment or credentials, e.g. ${example}`);
  }
  return raw;
}

/** CAS_*, OIDC_*, SSO_* and PASSWORD_LOGIN_ROLES, checked together (production needs https and PUBLIC_URL). */
function ssoConfig(env: Env, appEnv: AppConfig['env'], publicUrl: string | null): SsoConfig {
  const casUrl = httpUrl(env, 'CAS_URL', 'https://sso.hcmut.edu.vn/cas');
  const validatePath = str(env, 'CAS_VALIDATE_PATH') ?? '/serviceValidate';
  if (validatePath !== '/serviceValidate' && validatePath !== '/p3/serviceValidate') {
    throw new ConfigError(`CAS_VALIDATE_PATH must be /serviceValidate or /p3/serviceValidate (got "${validatePath}")`);
  }
  const cas: CasConfig | null = casUrl
    ? {
        url: casUrl,
        validatePath,
        attributes: {
          email: list(env, 'CAS_ATTRIBUTE_EMAIL', 'email,mail'),
          givenName: list(env, 'CAS_ATTRIBUTE_GIVEN_NAME', 'givenName'),
          familyName: list(env, 'CAS_ATTRIBUTE_FAMILY_NAME', 'sn'),
          studentCode: list(env, 'CAS_ATTRIBUTE_STUDENT_CODE', 'mssv'),
        },
        label: str(env, 'CAS_LABEL') ?? null,
      }
    : null;

  const issuer = httpUrl(env, 'OIDC_ISSUER', 'https://login.hcmut.edu.vn');
  const clientId = str(env, 'OIDC_CLIENT_ID');
  const clientSecret = str(env, 'OIDC_CLIENT_SECRET');
  if ((issuer || clientId || clientSecret) && !(issuer && clientId && clientSecret)) {
    throw new ConfigError('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET go together');
  }
  const oidc: OidcConfig | null =
    issuer && clientId && clientSecret
      ? {
          issuer,
          clientId,
          clientSecret,
          studentCodeClaim: str(env, 'OIDC_STUDENT_CODE_CLAIM') ?? 'preferred_username',
          label: str(env, 'OIDC_LABEL') ?? null,
        }
      : null;

  const emailDomains = list(env, 'SSO_EMAIL_DOMAINS', '').map((domain) => domain.toLowerCase().replace(/^@/, ''));
  for (const domain of emailDomains) {
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) {
      throw new ConfigError(`SSO_EMAIL_DOMAINS: "${domain}" is not a domain (e.g. hcmut.edu.vn)`);
    }
  }
  const passwordLoginRoles = list(env, 'PASSWORD_LOGIN_ROLES', ROLES.join(',')).map((role) => role.toLowerCase());
  for (const role of passwordLoginRoles) {
    if (!(ROLES as readonly string[]).includes(role)) {
      throw new ConfigError(`PASSWORD_LOGIN_ROLES: "${role}" is not one of ${ROLES.join(', ')}`);
    }
  }

  if (appEnv === 'production' && (cas || oidc)) {
    // the school's server sends the browser back to callback URLs built from PUBLIC_URL (never from a Host header)
    if (publicUrl === null) {
      throw new ConfigError(
        'NODE_ENV=production with CAS_URL or OIDC_ISSUER needs PUBLIC_URL: the school sign-in returns to <PUBLIC_URL>/v1/auth/…/callback',
      );
    }
    for (const [key, value] of [
      ['CAS_URL', cas?.url],
      ['OIDC_ISSUER', oidc?.issuer],
    ] as const) {
      if (value && !value.startsWith('https://')) {
        throw new ConfigError(
          `NODE_ENV=production refuses ${key}=${value}: tickets and codes must travel over https://`,
        );
      }
    }
  }

  return {
    cas,
    oidc,
    emailDomains,
    passwordLoginRoles: passwordLoginRoles as Role[],
    timeoutMs: duration(env, 'SSO_TIMEOUT', '5s'),
    schoolLogout: bool(env, 'SSO_LOGOUT', true),
  };
}

/**
 * The upload folder of a configuration: UPLOAD_DIR, else `uploads` beside the PGlite data folder (a
 * temporary folder for an in-memory database). Several instances must be given one shared UPLOAD_DIR.
 */
export function uploadDirOf(config: Pick<AppConfig, 'uploadDir' | 'dataDir'>): string {
  if (config.uploadDir) return config.uploadDir;
  if (config.dataDir === 'memory') return path.join(os.tmpdir(), 'smart-printing-uploads');
  return path.join(path.dirname(path.resolve(config.dataDir)), 'uploads');
}

/**
 * Every environment variable loadConfig reads, and whether its value is a secret (a password, a key, a
 * connection string with its password: kept in a Secret or an env file, never in a ConfigMap, an image or
 * a log). The deployment files in deploy/ and its README are checked against this list, and the list
 * against the reads above (server/test/deploy-files.test.ts): a new variable goes here too.
 */
export const CONFIG_VARIABLES = {
  NODE_ENV: 'plain',
  PORT: 'plain',
  HOST: 'plain',
  LOG_LEVEL: 'plain',
  LOG_PRETTY: 'plain',
  INSTANCE_ID: 'plain',
  DATA_DIR: 'plain',
  UPLOAD_DIR: 'plain',
  DATABASE_URL: 'secret',
  DATABASE_SCHEMA: 'plain',
  DATABASE_POOL_MAX: 'plain',
  JWT_SECRET: 'secret',
  ACCESS_TOKEN_TTL: 'plain',
  REFRESH_TOKEN_TTL: 'plain',
  SEED_DEMO: 'plain',
  ALLOW_DEMO_DATA: 'plain',
  BOOTSTRAP_SPSO_EMAIL: 'plain',
  BOOTSTRAP_SPSO_PASSWORD: 'secret',
  CORS_ORIGINS: 'plain',
  PORTAL_DIR: 'plain',
  REMOTE_STUDENT_URL: 'plain',
  REMOTE_STAFF_URL: 'plain',
  REMOTE_SPSO_URL: 'plain',
  BODY_LIMIT: 'plain',
  TRUST_PROXY: 'plain',
  LOGIN_FREE_FAILURES: 'plain',
  LOGIN_MAX_DELAY: 'plain',
  LOGIN_MAX_FAILURES_IP: 'plain',
  LOGIN_FAILURE_WINDOW: 'plain',
  SESSION_REVOCATION_POLL: 'plain',
  PRINT_DISPATCHER: 'plain',
  PRINT_SIM_MS_PER_SHEET: 'plain',
  PRINT_CLAIM_LEASE: 'plain',
  UPLOADS_PER_USER: 'plain',
  UPLOADS_IN_FLIGHT: 'plain',
  PRINTER_MONITOR: 'plain',
  PRINTER_MONITOR_INTERVAL: 'plain',
  IPP_FOLLOW_INTERVAL: 'plain',
  IPPS_ALLOW_SELF_SIGNED: 'plain',
  PAYMENT_GATEWAY: 'plain',
  ALLOW_SANDBOX_GATEWAY: 'plain',
  // the merchant code travels in the payment URL the browser is sent to: not a secret
  VNPAY_TMN_CODE: 'plain',
  VNPAY_HASH_SECRET: 'secret',
  VNPAY_URL: 'plain',
  PUBLIC_URL: 'plain',
  PAYMENT_CALLBACK_GRACE: 'plain',
  PAYMENT_CALLBACK_RATE_LIMIT: 'plain',
  GRANT_SCHEDULER: 'plain',
  GRANT_CHECK_MS: 'plain',
  REPORT_SCHEDULER: 'plain',
  REPORT_CHECK_MS: 'plain',
  CONVERSION_TIMEOUT: 'plain',
  CONVERSION_TIMEOUT_PER_MB: 'plain',
  CONVERSION_TIMEOUT_MAX: 'plain',
  CONVERSION_MEMORY_MB: 'plain',
  CONVERSIONS_AT_ONCE: 'plain',
  CONVERSIONS_WAITING: 'plain',
  RETENTION_PURGE: 'plain',
  RETENTION_PURGE_MS: 'plain',
  CAS_URL: 'plain',
  CAS_VALIDATE_PATH: 'plain',
  CAS_ATTRIBUTE_EMAIL: 'plain',
  CAS_ATTRIBUTE_GIVEN_NAME: 'plain',
  CAS_ATTRIBUTE_FAMILY_NAME: 'plain',
  CAS_ATTRIBUTE_STUDENT_CODE: 'plain',
  CAS_LABEL: 'plain',
  OIDC_ISSUER: 'plain',
  OIDC_CLIENT_ID: 'plain',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_STUDENT_CODE_CLAIM: 'plain',
  OIDC_LABEL: 'plain',
  SSO_EMAIL_DOMAINS: 'plain',
  PASSWORD_LOGIN_ROLES: 'plain',
  SSO_TIMEOUT: 'plain',
  SSO_LOGOUT: 'plain',
  PUSH_ENDPOINT_HOSTS: 'plain',
  PUSH_SUBJECT: 'plain',
} as const satisfies Record<string, 'plain' | 'secret'>;
