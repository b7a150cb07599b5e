import type { RouteOptions } from 'fastify';
import { ROLES, type Role } from 'shared-api/contracts';
import { buildApp } from '../src/app';
import type { RouteRoles } from '../src/types';
import { bearer, createTestApp, loginAs, TEST_JWT_SECRET, type TestApp } from './helpers';

/**
 * Calls every registered route without a token and with each role's token, and checks the answers
 * match the route's declared roles: 401 without a token unless public, 403 for an undeclared role,
 * never 401/403 for a declared one. New routes are covered automatically.
 */
/** The routes a release station calls with its own key (X-Station-Token) instead of a user's token. */
const STATION_ROUTES = /^\/v1\/release-station\//;

describe('route walk', () => {
  const routes: RouteOptions[] = [];
  let t: TestApp;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => routes.push(route),
      // role-restricted routes arrive with later features; these exercise the 403 branch today
      extraRoutes: (app) => {
        app.get('/v1/test/spso-only', { config: { roles: ['spso'] } }, async () => ({ ok: true }));
        app.post('/v1/test/staff-or-spso/:id', { config: { roles: ['staff', 'spso'] } }, async () => ({ ok: true }));
      },
    });
    for (const role of ROLES) tokens[role] = (await loginAs(t.app, role)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  const calls = () =>
    routes.flatMap((route) =>
      [route.method].flat().map((method) => ({
        method: String(method),
        url: route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'role' ? 'student' : 'x')).replace('*', 'x'),
        path: route.url,
        roles: route.config?.roles as RouteRoles | undefined,
      })),
    );

  it('sees the API routes, each with declared roles', () => {
    const paths = new Set(calls().map((call) => `${call.method} ${call.path}`));
    for (const expected of [
      'POST /v1/user/login',
      'POST /v1/user/refresh-access-token',
      'POST /v1/user/logout',
      'GET /v1/user/information',
      'GET /healthz',
      'GET /remotes.json',
    ]) {
      expect(paths).toContain(expected);
    }
    for (const call of calls()) expect(call.roles).toBeDefined();
  });

  it('answers every route according to its declared roles', async () => {
    const problems: string[] = [];
    for (const call of calls()) {
      if (call.method === 'OPTIONS') continue;
      const method = call.method as 'GET';
      const anonymous = await t.app.inject({ method, url: call.url });
      if (STATION_ROUTES.test(call.path)) {
        // a release station's routes take its key (X-Station-Token), never a user token: 401 for everyone else
        for (const headers of [{}, ...ROLES.map((role) => bearer(tokens[role]))]) {
          const answer = await t.app.inject({ method, url: call.url, headers });
          if (answer.statusCode !== 401) problems.push(`${method} ${call.url}: ${answer.statusCode}, expected 401`);
        }
        continue;
      }
      if (call.roles === 'public') {
        if ([401, 403].includes(anonymous.statusCode))
          problems.push(`${method} ${call.url} public but ${anonymous.statusCode}`);
      } else if (anonymous.statusCode !== 401) {
        problems.push(`${method} ${call.url} without token: ${anonymous.statusCode}, expected 401`);
      }
      for (const role of ROLES) {
        const response = await t.app.inject({ method, url: call.url, headers: bearer(tokens[role]) });
        const allowed = call.roles === 'public' || call.roles === 'all' || (call.roles ?? []).includes(role);
        if (allowed && [401, 403].includes(response.statusCode)) {
          problems.push(`${method} ${call.url} as ${role}: ${response.statusCode}, but the role is declared`);
        }
        if (!allowed && response.statusCode !== 403) {
          problems.push(`${method} ${call.url} as ${role}: ${response.statusCode}, expected 403`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(calls().length).toBeGreaterThan(10);
  });

  it('answers 403 with the envelope for an undeclared role', async () => {
    const response = await t.app.inject({ url: '/v1/test/spso-only', headers: bearer(tokens.student) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, code: 'FORBIDDEN', data: null });
  });

  it('refuses to start when a route declares no roles', async () => {
    await expect(
      buildApp({
        env: {},
        db: t.app.db,
        seed: false,
        config: { logLevel: 'silent', jwtSecret: TEST_JWT_SECRET, portalDir: '/nonexistent-portal' },
        extraRoutes: (app) => {
          app.get('/v1/forgotten', async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(/GET \/v1\/forgotten declares no roles/);
  });

  it('refuses to start with an unknown role', async () => {
    await expect(
      buildApp({
        env: {},
        db: t.app.db,
        seed: false,
        config: { logLevel: 'silent', jwtSecret: TEST_JWT_SECRET, portalDir: '/nonexistent-portal' },
        extraRoutes: (app) => {
          app.get('/v1/typo', { config: { roles: ['studnet' as Role] } }, async () => ({ ok: true }));
        },
      }),
    ).rejects.toThrow(/invalid roles/);
  });
});
