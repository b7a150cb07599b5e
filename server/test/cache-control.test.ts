import { AppError } from '../src/lib/errors';
import { createTestApp, loginAs, type TestApp } from './helpers';

// API answers are per user: no cache may keep one. Browsers cache a 410 heuristically, and a cached
// 410 answered the replay that follows a token refresh (found by the e2e token journey).
describe('Cache-Control on API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // JWT times are whole seconds: a 2 s token lives between 1 and 2 s.
    t = await createTestApp({
      config: { accessTokenTtlMs: 2_000 },
      // an answer that had begun as a ready one (lib/ready-bytes.ts sets these two) and then failed
      extraRoutes: (app) => {
        app.get('/v1/test/ready-then-failed', { config: { roles: 'public' } }, (_request, reply) => {
          void reply.header('etag', '"x"').header('cache-control', 'private, no-cache');
          throw new AppError(409, 'CONFLICT', 'Xung đột');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('marks success, 401 and 410 answers no-store', async () => {
    const { accessToken } = await loginAs(t.app, 'student');
    const ok = await t.app.inject({
      method: 'GET',
      url: '/v1/user/information',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/user/information' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const expired = await t.app.inject({
      method: 'GET',
      url: '/v1/user/information',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['cache-control']).toBe('no-store');
  });

  it('keeps no error, even one that began as a ready answer, and marks the health probe no-store but not the pages', async () => {
    const failed = await t.app.inject({ method: 'GET', url: '/v1/test/ready-then-failed' });
    expect(failed.statusCode).toBe(409);
    expect(failed.headers['cache-control']).toBe('no-store');
    expect(failed.headers.etag).toBeUndefined();
    const missing = await t.app.inject({ method: 'GET', url: '/v1/no-such-path' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/Login' });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});
