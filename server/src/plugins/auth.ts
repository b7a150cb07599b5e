import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isRole } from 'shared-api/contracts';
import type { Db } from '../db';
import { errors } from '../lib/errors';
import { createTokenService, newSecret } from '../lib/tokens';
import { RevokedSessions } from '../modules/auth/revoked-sessions';
import type { RouteRoles } from '../types';

export interface AuthPluginOptions {
  /** URL prefixes of routes other plugins add (docs viewer), treated as public. */
  publicPrefixes?: string[];
}

/** The HS256 secret: JWT_SECRET, or one generated once and shared by every instance on the database. */
async function resolveSecret(db: Db, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'jwt',
    newSecret(),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', ['jwt']);
  if (!row) throw new Error('could not store the JWT secret');
  return row.value;
}

function isValidRoles(value: unknown): value is RouteRoles {
  if (value === 'public' || value === 'all') return true;
  return Array.isArray(value) && value.length > 0 && value.every((role) => isRole(role));
}

function describeRoles(roles: RouteRoles): string {
  if (roles === 'public') return 'Công khai (không cần đăng nhập)';
  if (roles === 'all') return 'Mọi vai trò đã đăng nhập';
  return `Vai trò: ${roles.join(', ')}`;
}

/**
 * Access tokens, ended sessions and route access. Every route declares `config.roles`; a route without one makes
 * the app fail to start. One onRequest hook answers 401 without a valid token, 410 for an expired
 * one, 401 for a token whose session ended (logout, a revoked login), 403 for a role the route does
 * not declare, and 403 PASSWORD_CHANGE_REQUIRED while a temporary password is in use (except on the
 * routes that allow it).
 */
export default fp<AuthPluginOptions>(
  async (app, options) => {
    const secret = await resolveSecret(app.db, app.appConfig.jwtSecret);
    app.decorate('tokens', createTokenService(secret, app.appConfig.accessTokenTtlMs, app.appConfig.refreshTokenTtlMs));
    app.decorateRequest('user', null);

    const sessions = new RevokedSessions({
      db: app.db,
      accessTokenTtlMs: app.appConfig.accessTokenTtlMs,
      pollMs: app.appConfig.sessionRevocationPollMs,
      log: app.log,
    });
    await sessions.start();
    app.decorate('sessions', sessions);
    app.addHook('onClose', async () => {
      await sessions.stop();
    });

    const publicPrefixes = options.publicPrefixes ?? [];
    app.addHook('onRoute', (route: RouteOptions) => {
      const roles: unknown = route.config?.roles;
      const label = `${String(route.method)} ${route.url}`;
      if (roles === undefined) {
        const infrastructure =
          publicPrefixes.some((prefix) => route.url.startsWith(prefix)) ||
          (route.method === 'OPTIONS' && route.url === '*');
        if (!infrastructure) {
          throw new Error(`route ${label} declares no roles: add config: { roles: 'public' | 'all' | [...roles] }`);
        }
        route.config = { ...route.config, roles: 'public' };
        return;
      }
      if (!isValidRoles(roles)) throw new Error(`route ${label} has invalid roles ${JSON.stringify(roles)}`);
      if (route.schema && !route.schema.hide) {
        const schema = route.schema as Record<string, unknown>;
        const description = typeof schema.description === 'string' ? `${schema.description}\n\n` : '';
        schema.description = `${description}${describeRoles(roles)}`;
        if (roles !== 'public') schema.security = [{ bearerAuth: [] }];
      }
    });

    // a callback hook (nothing here awaits: an async one costs a promise per request); a refusal goes to done
    app.addHook('onRequest', (request, _reply, done) => {
      // read once: Fastify builds a new routeOptions object on every read
      const { config } = request.routeOptions;
      const roles = config.roles;
      // undefined: the not-found handler
      if (roles === undefined || roles === 'public') return done();
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return done(errors.unauthenticated());
      const result = app.tokens.verifyAccess(match[1]);
      if (!result.ok) {
        return done(result.reason === 'expired' ? errors.tokenExpired() : errors.unauthenticated('Token không hợp lệ'));
      }
      if (sessions.isRevoked(result.user.sid)) return done(errors.sessionEnded());
      if (roles !== 'all' && !roles.includes(result.user.role)) return done(errors.forbidden());
      if (result.user.mustChangePassword && !config.allowTemporaryPassword) {
        return done(errors.passwordChangeRequired());
      }
      request.user = result.user;
      done();
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
