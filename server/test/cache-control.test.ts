import { createTestApp, loginAs, type TestApp } from './helpers';

// API answers are per user: no cache may keep one. Browsers cache a 410 heuristically, and a cached
// 410 answered the replay that follows a token refresh (found by the e2e token journey).
describe('Cache-Control on API answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // JWT times are whole seconds: a 2 s token lives between 1 and 2 s.
    t = await createTestApp({ config: { accessTokenTtlMs: 2_000 } });
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
});
