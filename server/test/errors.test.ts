import type { LightMyRequestResponse } from 'fastify';
import { AppError } from '../src/lib/errors';
import { bearer, createTestApp, loginAs, VIETNAMESE, type TestApp } from './helpers';

/** Every error answer: the envelope, a Vietnamese message, a code, and nothing of the internals. */
function expectErrorEnvelope(response: LightMyRequestResponse, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  const json = response.json<Record<string, unknown>>();
  expect(json).toEqual({ success: false, message: expect.stringMatching(VIETNAMESE), data: null, code });
  expect(response.body).not.toMatch(/stack|\.ts:\d+|node_modules|FST_ERR/);
  return json;
}

describe('errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: { generatedStudents: 2, jobs: 20 },
      extraRoutes: (app) => {
        app.get('/v1/test/boom', { config: { roles: 'public' } }, async () => {
          throw new Error('secret database password in a stack trace');
        });
        app.get('/v1/test/rule', { config: { roles: 'public' } }, async () => {
          throw new AppError(422, 'BUSINESS_RULE', 'Số dư trang in không đủ');
        });
        app.get(
          '/v1/test/query',
          {
            config: { roles: 'public' },
            schema: {
              querystring: {
                type: 'object',
                properties: {
                  per_page: { type: 'integer', minimum: 1, maximum: 100 },
                  status: { type: 'string', enum: ['Queued', 'Failed'] },
                },
              },
            },
          },
          async (request) => ({ success: true, message: 'ok', data: request.query }),
        );
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/v1/user/login', payload, headers: { 'content-type': contentType } });

  it('malformed JSON → 400', async () => {
    const json = expectErrorEnvelope(await post('{"email": "a@b.c", "password": '), 400, 'BAD_REQUEST');
    expect(json.message).toBe('Dữ liệu JSON không hợp lệ');
  });

  it('empty JSON body → 400', async () => {
    expectErrorEnvelope(await post(''), 400, 'BAD_REQUEST');
  });

  it('no body at all → 400', async () => {
    expectErrorEnvelope(await t.app.inject({ method: 'POST', url: '/v1/user/login' }), 400, 'VALIDATION_FAILED');
  });

  it('a missing field → 400 naming it', async () => {
    const json = expectErrorEnvelope(
      await post(JSON.stringify({ email: 'student@hcmut.edu.vn' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(json.message).toBe('Thiếu trường bắt buộc "password"');
  });

  it('a wrong-typed field → 400 naming it (no coercion of bodies)', async () => {
    const json = expectErrorEnvelope(
      await post(JSON.stringify({ email: 12345, password: 'x' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(json.message).toBe('Trường "email" phải là chuỗi ký tự');
    const numberPassword = expectErrorEnvelope(
      await post(JSON.stringify({ email: 'student@hcmut.edu.vn', password: 12345 })),
      400,
      'VALIDATION_FAILED',
    );
    expect(numberPassword.message).toContain('"password"');
  });

  it('an empty field → 400 saying it must not be empty', async () => {
    const json = expectErrorEnvelope(
      await post(JSON.stringify({ email: '', password: 'x' })),
      400,
      'VALIDATION_FAILED',
    );
    expect(json.message).toBe('Trường "email" không được để trống');
  });

  it('a JSON array instead of an object → 400', async () => {
    expectErrorEnvelope(await post('[1,2]'), 400, 'VALIDATION_FAILED');
  });

  it('query strings are coerced, and out-of-range values answer 400 naming the parameter', async () => {
    const good = await t.app.inject({ url: '/v1/test/query?per_page=100&status=Queued' });
    expect(good.json()).toMatchObject({ data: { per_page: 100, status: 'Queued' } });
    const big = expectErrorEnvelope(
      await t.app.inject({ url: '/v1/test/query?per_page=1000' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(big.message).toBe('Tham số "per_page" phải nhỏ hơn hoặc bằng 100');
    const word = expectErrorEnvelope(
      await t.app.inject({ url: '/v1/test/query?per_page=abc' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(word.message).toContain('"per_page"');
    const status = expectErrorEnvelope(
      await t.app.inject({ url: '/v1/test/query?status=Done' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(status.message).toContain('Queued, Failed');
  });

  it('an unknown route → 404 Không tìm thấy đường dẫn', async () => {
    for (const [method, url] of [
      ['GET', '/v1/does-not-exist'],
      ['POST', '/v1/user/nothing'],
      ['DELETE', '/v1/user/login'],
      ['GET', '/v1/'],
    ] as const) {
      const json = expectErrorEnvelope(await t.app.inject({ method, url }), 404, 'NOT_FOUND');
      expect(json.message).toBe('Không tìm thấy đường dẫn');
    }
  });

  it('a body over the limit → 413', async () => {
    const payload = JSON.stringify({ email: 'a'.repeat(1_200_000), password: 'x' });
    expectErrorEnvelope(await post(payload), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('an unsupported content type → 415', async () => {
    expectErrorEnvelope(await post('email=a&password=b', 'text/plain'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectErrorEnvelope(await post('<login/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('form-encoded bodies are understood (the spec posts messages as forms)', async () => {
    const response = await post(
      'email=student%40hcmut.edu.vn&password=Demo%4012345',
      'application/x-www-form-urlencoded',
    );
    expect(response.statusCode).toBe(200);
  });

  it('an unexpected error → 500 Lỗi hệ thống, logged but never sent', async () => {
    const json = expectErrorEnvelope(await t.app.inject({ url: '/v1/test/boom' }), 500, 'INTERNAL');
    expect(json.message).toBe('Lỗi hệ thống');
    expect(JSON.stringify(json)).not.toContain('secret');
  });

  it('a business rule → its status, code and message', async () => {
    const json = expectErrorEnvelope(await t.app.inject({ url: '/v1/test/rule' }), 422, 'BUSINESS_RULE');
    expect(json.message).toBe('Số dư trang in không đủ');
  });

  it('trailing and doubled slashes reach the route (the spec uses both)', async () => {
    const { accessToken } = await loginAs(t.app, 'spso');
    for (const url of ['/v1/user/information/', '/v1//user/information', '/v1/user//information']) {
      expect((await t.app.inject({ url, headers: bearer(accessToken) })).statusCode).toBe(200);
    }
  });
});
