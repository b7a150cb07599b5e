import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import './types';
import { loadConfig, type AppConfig } from './config';
import type { Db } from './db';
import type { SeedOptions } from './db/seed';
import { detectDocumentTools, type DocumentTools } from './documents/file-types';
import { ErrorEnvelope } from './lib/envelope';
import { pgRateLimitStore } from './lib/pg-rate-limit-store';
import { AppError, errors } from './lib/errors';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import dispatcherPlugin from './plugins/dispatcher';
import eventsPlugin from './plugins/events';
import systemConfigRoutes from './modules/system-config/system-config.routes';
import studentActivityRoutes from './modules/student-activity/student-activity.routes';
import grantsPlugin, { type GrantsPluginOptions } from './modules/grants/grants.plugin';
import reportsPlugin, { type ReportsPluginOptions } from './modules/reports/reports.plugin';
import reportsRoutes from './modules/reports/reports.routes';
import docsPlugin, { DOCS_PREFIX } from './plugins/docs';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors';
import portalPlugin from './plugins/portal';
import securityHeadersPlugin from './plugins/security-headers';
import warmShapesPlugin from './plugins/warm-shapes';
import socketPlugin from './plugins/socket';
import { installValidators } from './plugins/validation';
import accountsRoutes from './modules/accounts/accounts.routes';
import authRoutes from './modules/auth/auth.routes';
import schoolSignInRoutes from './modules/auth/school-sign-in.routes';
import healthRoutes from './modules/health/health.routes';
import paymentsRoutes from './modules/payments/payments.routes';
import servicesPlugin from './services';
import printJobsRoutes from './modules/print-jobs/print-jobs.routes';
import retentionPlugin, { type RetentionPluginOptions } from './modules/print-jobs/retention.plugin';
import releasePlugin, { type ReleasePluginOptions } from './modules/release/release.plugin';
import releaseRoutes from './modules/release/release.routes';
import conversationsRoutes from './modules/conversations/conversations.routes';
import noticesRoutes from './modules/notices/notices.routes';
import printerRoomRoutes from './modules/printers/printer-room.routes';
import printersRoutes from './modules/printers/printers.routes';
import pushPlugin from './modules/push/push.plugin';
import pushRoutes from './modules/push/push.routes';
import usersRoutes from './modules/users/users.routes';

export interface BuildAppOptions {
  /** Overrides over the environment (tests pass dataDir 'memory', tiny token lifetimes...). */
  config?: Partial<AppConfig>;
  /** The environment to read; process.env by default. */
  env?: Record<string, string | undefined>;
  /** An open database to use instead of opening one from the config (the caller closes it). */
  db?: Db;
  /** Demo seed options, or false to skip the seed. */
  seed?: SeedOptions | false;
  /** Fastify logger options; by default from the config (level, pretty). */
  logger?: FastifyServerOptions['logger'];
  /** Sees every route as it is added (the route-walk test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Adds routes before start (tests); they go through the same role check as the others. */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Options of the payments (tests inject a clock). */
  payments?: { now?: () => Date };
  /** The chat's clock in milliseconds (its per-sender rate limit refills by it; tests hold it still). */
  chatNow?: () => number;
  /**
   * How long the shared answers (the printer list, each user's information) are kept without an event
   * (default: theirs, ~2 s). Tests of several instances make it long: only an event can refresh them.
   */
  cacheTtlMs?: number;
  /** Options of release at the printer: the clock of codes and deadlines, the expiry scheduler. */
  release?: ReleasePluginOptions;
  /** Options of the grant scheduler (tests turn it on with a clock). */
  grants?: GrantsPluginOptions;
  /** Options of the report scheduler (tests turn it on with a clock). */
  reports?: ReportsPluginOptions;
  /** Options of the purge of stored files past retention (tests turn it on with a clock). */
  retention?: RetentionPluginOptions;
  /** What this machine can do with documents (LibreOffice); detected once by default, tests choose. */
  documents?: DocumentTools;
}

/** The levels at which an info line is written. */
const LOGS_INFO = new Set(['trace', 'debug', 'info']);

/**
 * One access-log line per request (method, url, status, time) instead of Fastify's two: at a thousand
 * requests a second the second line is a third of the CPU on PGlite. Health probes are not logged.
 */
class AccessLog extends LogController {
  constructor() {
    super({ disableRequestLogging: (request: FastifyRequest) => request.url === '/healthz' });
  }
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // at LOG_LEVEL=warn or error the line is not even built (it was ~1 % of a ready answer's time, issue 22)
    if (!error && !LOGS_INFO.has(reply.log.level)) return;
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      // a school sign-in's callback carries a ticket or a code in its query: not written to the logs
      url: request.url.startsWith('/v1/auth/') ? request.url.replace(/\?.*$/, '?…') : request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.body.password', 'req.body.refreshToken'],
  };
  if (!config.logPretty) return base;
  // pino-pretty is a root dev dependency: only when asked (LOG_PRETTY=true), never in production images
  return {
    ...base,
    transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
  };
}

/**
 * Builds the whole server (API, socket.io, docs, portal files) without listening.
 * Plugin order: external (errors, CORS, compression) → app (database, auth, docs, socket) → routes.
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = { ...loadConfig(options.env), ...options.config };
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    logController: new AccessLog(),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    // a 431 (headers too large) or a malformed request line answers in the envelope too
    clientErrorHandler,
    // and so does a path that is not valid percent-encoding
    frameworkErrors,
    // opening PGlite (wasm) and seeding can take longer than the 10 s default on a busy machine
    pluginTimeout: 120_000,
    // the spec calls /v1/user/information/ and /v1/spso//systemConfig
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });

  try {
    app.decorate('appConfig', config);
    app.decorate('dispatcher', { state: 'not started', ok: true });
    app.decorate('printerMonitor', { ok: true, printers: 0, offline: 0, lastRoundAt: null });
    installValidators(app);
    app.addSchema(ErrorEnvelope);
    // JSON, forms and (later) multipart only: a text/plain body answers 415, not a confusing 400
    app.removeContentTypeParser('text/plain');
    // POST /v1/user/message is form-encoded in the spec
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
      // no prototype: a field named __proto__ stays a field
      const fields = Object.create(null) as Record<string, string | string[]>;
      for (const [name, value] of new URLSearchParams(String(body))) {
        const previous = fields[name];
        if (previous === undefined) fields[name] = value;
        // a route answering in its own contract (a gateway callback) sees the repetition, as in a query string
        else if (request.routeOptions.config.ownInputRules) fields[name] = [previous, value].flat();
        else {
          // a field given twice is refused, as a repeated query parameter is (not the last one kept silently)
          done(new AppError(400, 'VALIDATION_FAILED', `Trường "${name}" chỉ được gửi một lần`), undefined);
          return;
        }
      }
      done(null, fields);
    });
    if (options.onRoute) app.addHook('onRoute', options.onRoute);

    // first of the request hooks: every request's objects are held until the next one (lib/warm-shapes.ts)
    await app.register(warmShapesPlugin);
    await app.register(errorsPlugin);
    // CSP, nosniff, no-referrer, frame-ancestors 'none'... on every answer, errors and 404s included; no-store on
    // the API's
    await app.register(securityHeadersPlugin);
    if (config.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: config.corsOrigins.includes('*') ? true : config.corsOrigins,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Accept-Language'],
        exposedHeaders: ['Idempotency-Replayed', 'Retry-After'],
        maxAge: 600,
      });
    }
    // per-route limits only (`config.rateLimit` on a route), counted by client address; before the routes
    // so its onRoute hook sees them; the answer is the envelope (429, Vietnamese). On PostgreSQL the counts
    // live in the database, shared by every instance; PGlite is one process, its memory is enough.
    const sharedCounts = (options.db?.driver ?? (config.databaseUrl ? 'postgres' : 'pglite')) === 'postgres';
    await app.register(rateLimit, {
      global: false,
      ...(sharedCounts ? { store: pgRateLimitStore(() => app.db) } : {}),
      errorResponseBuilder: (_request, context) =>
        errors.tooManyRequests(
          `Quá nhiều yêu cầu, vui lòng thử lại sau ${Math.max(1, Math.ceil(context.ttl / 1000))} giây`,
        ),
    });
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // quality 11 (the default) costs too much CPU per request for bundles of several hundred KB
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
    });

    await app.register(dbPlugin, { db: options.db, seed: options.seed });
    await app.register(authPlugin, { publicPrefixes: [DOCS_PREFIX] });
    await app.register(docsPlugin);
    await app.register(eventsPlugin);
    await app.register(servicesPlugin, {
      paymentsNow: options.payments?.now,
      chatNow: options.chatNow,
      cacheTtlMs: options.cacheTtlMs,
      releaseNow: options.release?.now,
      documents: options.documents ?? detectDocumentTools(),
    });
    await app.register(socketPlugin);

    await app.register(healthRoutes);
    await app.register(authRoutes);
    await app.register(schoolSignInRoutes);
    await app.register(usersRoutes);
    await app.register(accountsRoutes);
    await app.register(printersRoutes);
    await app.register(printerRoomRoutes);
    await app.register(noticesRoutes);
    await app.register(conversationsRoutes);
    await app.register(printJobsRoutes);
    await app.register(releaseRoutes);
    await app.register(pushRoutes);
    await app.register(paymentsRoutes);
    await app.register(reportsPlugin, options.reports ?? {});
    await app.register(reportsRoutes);
    await app.register(systemConfigRoutes);
    await app.register(studentActivityRoutes);
    await app.register(dispatcherPlugin);
    await app.register(grantsPlugin, options.grants ?? {});
    await app.register(retentionPlugin, options.retention ?? {});
    await app.register(releasePlugin, options.release ?? {});
    await app.register(pushPlugin);
    if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes?.(scope));

    await app.register(portalPlugin);
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
