import net from 'node:net';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { AppError } from '../src/lib/errors';
import { databaseInputError } from '../src/plugins/errors';
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
        // a schema with no bounds at all: the validation layer adds them
        app.post(
          '/v1/test/unbounded',
          {
            config: { roles: 'public' },
            schema: {
              body: {
                type: 'object',
                properties: {
                  name: { type: 'string' },
                  note: { type: 'string', 'x-multiline': true },
                  count: { type: 'integer' },
                  ratio: { type: 'number' },
                  tags: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
          async (request) => ({ success: true, message: 'ok', data: request.body }),
        );
        // no schema: the query and path rules still hold
        app.get('/v1/test/raw/:id', { config: { roles: 'public' } }, async (request) => ({
          success: true,
          message: 'ok',
          data: { query: request.query, params: request.params },
        }));
        // a client value PostgreSQL refuses (the net under the validation layer)
        app.post('/v1/test/cast', { config: { roles: 'public' } }, async (request) => {
          const { sql, value } = request.body as { sql: string; value: string };
          return { success: true, message: 'ok', data: await app.db.query(sql, [value]) };
        });
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

  it('a path that is not valid percent-encoding → 400 in the envelope (Fastify answers it before any route)', async () => {
    for (const url of ['/v1/payments/%/ipn', '/v1/test/raw/%E0%A4%A', '/v1/test/raw/%']) {
      const json = expectErrorEnvelope(await t.app.inject({ url }), 400, 'BAD_REQUEST');
      expect(json.message).toBe('Đường dẫn không hợp lệ');
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

  it('a form field given twice → 400 naming it (not the last one kept silently)', async () => {
    const json = expectErrorEnvelope(
      await post('email=a%40b.c&email=student%40hcmut.edu.vn&password=x', 'application/x-www-form-urlencoded'),
      400,
      'VALIDATION_FAILED',
    );
    expect(json.message).toBe('Trường "email" chỉ được gửi một lần');
  });

  it('a form field named __proto__ is a field like any other', async () => {
    const response = await post(
      '__proto__=x&email=student%40hcmut.edu.vn&password=Demo%4012345',
      'application/x-www-form-urlencoded',
    );
    expect(response.statusCode).toBe(200);
  });

  it('an unexpected error → 500 Lỗi hệ thống, never sent, with the request id to find the log line', async () => {
    const response = await t.app.inject({ url: '/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    const json = response.json<Record<string, unknown>>();
    expect(json).toEqual({
      success: false,
      message: 'Lỗi hệ thống',
      data: { requestId: expect.any(String) },
      code: 'INTERNAL',
    });
    expect(response.headers['x-request-id']).toBe((json.data as { requestId: string }).requestId);
    expect(response.body).not.toMatch(/secret|stack|\.ts:\d+/);
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

  describe('the validation layer bounds every field, even where a schema names no bound', () => {
    const postJson = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/test/unbounded',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });

    it('accepts ordinary text, line breaks where the field allows them, and safe numbers', async () => {
      const response = await postJson({
        name: 'Nguyễn Văn An 😀',
        note: 'a\nb\tc',
        count: 2 ** 53 - 1,
        ratio: -1.5,
        tags: ['x'],
      });
      expect(response.statusCode).toBe(200);
    });

    it.each([
      ['a NUL byte', { name: 'a\u0000b' }, 'name', 'ký tự điều khiển'],
      ['another control character', { name: 'a\u001bb' }, 'name', 'ký tự điều khiển'],
      ['a line feed in a one-line field', { name: 'a\nb' }, 'name', 'ký tự điều khiển'],
      ['DEL and C1 controls', { note: 'a\u0085b' }, 'note', 'ký tự điều khiển'],
      ['a lone high surrogate', { name: 'a\ud800' }, 'name', 'Unicode'],
      ['a lone low surrogate', { note: '\udc00x' }, 'note', 'Unicode'],
      ['a control character in an array item', { tags: ['ok', 'b\u0000'] }, 'tags.1', 'ký tự điều khiển'],
      ['text over the default 2,000 characters', { name: 'x'.repeat(2_001) }, 'name', '2000'],
      ['an integer beyond MAX_SAFE_INTEGER', { count: 2 ** 53 }, 'count', 'nhỏ hơn'],
      ['a huge negative number', { ratio: -1e300 }, 'ratio', 'lớn hơn'],
      ['a number as text (no coercion of bodies)', { count: '2' }, 'count', 'số nguyên'],
    ])('refuses %s with 400 naming the field', async (_label, payload, field, phrase) => {
      const json = expectErrorEnvelope(await postJson(payload), 400, 'VALIDATION_FAILED');
      expect(json.message).toContain(`"${field}"`);
      expect(json.message).toContain(phrase);
    });

    it('refuses 1e400 in JSON (Infinity once parsed)', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/test/unbounded',
        payload: '{"ratio": 1e400}',
        headers: { 'content-type': 'application/json' },
      });
      expect(expectErrorEnvelope(response, 400, 'VALIDATION_FAILED').message).toContain('"ratio"');
    });

    it.each([['1e309'], ['Infinity'], ['-Infinity'], ['99999999999999999999'], ['NaN'], ['1.5']])(
      'refuses per_page=%s in a query with 400 naming it',
      async (value) => {
        const json = expectErrorEnvelope(
          await t.app.inject({ url: `/v1/test/query?per_page=${value}` }),
          400,
          'VALIDATION_FAILED',
        );
        expect(json.message).toContain('"per_page"');
      },
    );

    it('refuses a query parameter given twice (not silently an array), with or without a schema', async () => {
      for (const url of [
        '/v1/test/query?status=Queued&status=Failed',
        '/v1/test/query?status=Queued&status=Queued',
        '/v1/test/raw/1?x=1&x=2',
      ]) {
        const json = expectErrorEnvelope(await t.app.inject({ url }), 400, 'VALIDATION_FAILED');
        expect(json.message).toMatch(/^Tham số "(status|x)" chỉ được gửi một lần$/);
      }
    });

    it('refuses control characters and lone surrogates in query and path texts of routes without a schema', async () => {
      expect((await t.app.inject({ url: '/v1/test/raw/abc?q=%C3%A9' })).statusCode).toBe(200);
      for (const url of [
        '/v1/test/raw/1?q=a%00b',
        '/v1/test/raw/a%00b',
        '/v1/test/raw/1?q=%0A',
        '/v1/test/raw/a%1Fb',
      ]) {
        const json = expectErrorEnvelope(await t.app.inject({ url }), 400, 'VALIDATION_FAILED');
        expect(json.message).toContain('ký tự điều khiển');
      }
    });
  });

  describe('real routes', () => {
    let student: string;
    beforeAll(async () => {
      student = (await loginAs(t.app, 'student')).accessToken;
    });
    const filterLogs = (query: string) =>
      t.app.inject({ url: `/v1/student/filterLogs?${query}`, headers: bearer(student) });

    it.each([
      ['startDate=2026-02-30', 'startDate'],
      ['endDate=2025-02-29', 'endDate'],
      ['startDate=2026-13-01', 'startDate'],
      ['startDate=10000-01-01', 'startDate'],
      ['startDate=%2B275760-09-13', 'startDate'],
      ['startDate=0001-01-01', 'startDate'],
      ['endDate=2026-01-01T25:00:00Z', 'endDate'],
      ['startDate=yesterday', 'startDate'],
      ['page=1e309', 'page'],
      ['page=Infinity', 'page'],
      ['page=12345678901234567890', 'page'],
      ['per_page=-1', 'per_page'],
      ['status=Queued&status=Failed', 'status'],
      ['searchField=a%00b', 'searchField'],
      ['searchField=' + 'a'.repeat(256), 'searchField'],
      ['facility=%1B', 'facility'],
    ])('filterLogs?%s → 400 naming %s', async (query, name) => {
      const json = expectErrorEnvelope(await filterLogs(query), 400, 'VALIDATION_FAILED');
      expect(json.message).toContain(`"${name}"`);
    });

    it('filterLogs takes real dates, leap days and the portal\'s "no filter" values', async () => {
      for (const query of [
        'startDate=2024-02-29&endDate=2026-12-31',
        'startDate=2026-01-01T08:30:00Z',
        'startDate=2026-01-01T08:30:00.123%2B07:00',
        'startDate=&endDate=all',
        'startDate=null&page=100000',
      ]) {
        const response = await filterLogs(query);
        expect([query, response.statusCode]).toEqual([query, 200]);
      }
    });

    it('a NUL byte or a lone surrogate in the login email → 400, not a database error', async () => {
      for (const email of ['a\u0000@hcmut.edu.vn', 'a\ud800@hcmut.edu.vn']) {
        const json = expectErrorEnvelope(
          await post(JSON.stringify({ email, password: 'x' })),
          400,
          'VALIDATION_FAILED',
        );
        expect(json.message).toContain('"email"');
      }
    });
  });

  describe('database errors caused by input → 400, never 500', () => {
    const cast = (sql: string, value: string) =>
      t.app.inject({ method: 'POST', url: '/v1/test/cast', payload: { sql, value } });

    it.each([
      ['text that is not a number (22P02)', 'SELECT $1::int AS v', 'abc'],
      ['a number out of range (22003)', 'SELECT $1::int AS v', '99999999999'],
      ['a NUL byte (22021 / 22P05)', 'SELECT $1::text AS v', 'a\u0000b'],
      ['a date PostgreSQL cannot hold (22008)', 'SELECT $1::timestamptz AS v', '+275760-09-13'],
      ['an impossible date (22008)', 'SELECT $1::date AS v', '2026-02-30'],
    ])('%s', async (_label, sql, value) => {
      expectErrorEnvelope(await cast(sql, value), 400, 'VALIDATION_FAILED');
    });

    it('only SQLSTATEs of input problems are mapped; a real fault stays 500', async () => {
      expect(databaseInputError({ code: '22P02' })?.[0]).toBe(400);
      expect(databaseInputError({ code: '23505' })?.[0]).toBe(409);
      expect(databaseInputError({ code: '42P01' })).toBeUndefined(); // undefined table: our bug
      expect(databaseInputError({ code: 'ERR_INVALID_ARG_TYPE' })).toBeUndefined();
      expect(databaseInputError(new Error('x'))).toBeUndefined();
      const response = await cast('SELECT * FROM no_such_table WHERE $1::text = $1', 'x');
      expect(response.statusCode).toBe(500);
    });
  });

  describe("Node's own client errors answer in the envelope", () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
        let text = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (text += chunk));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      });

    function envelopeOf(answer: string, status: number) {
      const [head, payload] = answer.split('\r\n\r\n');
      expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      expect(head).toMatch(/content-type: application\/json/i);
      const json = JSON.parse(payload ?? '') as Record<string, unknown>;
      expect(json).toEqual({
        success: false,
        message: expect.stringMatching(VIETNAMESE),
        data: null,
        code: 'BAD_REQUEST',
      });
    }

    it('431 for headers over the limit', async () => {
      envelopeOf(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`), 431);
    });

    it('400 for a malformed request line', async () => {
      envelopeOf(await raw('NOT A REQUEST\r\n\r\n'), 400);
    });
  });
});

describe('a real fault is logged with the request id the answer gives', () => {
  it('finds the log line of a 500 from the id in its answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = await createTestApp({
      seed: false,
      logger: { level: 'error', stream },
      extraRoutes: (scope) => {
        scope.get('/v1/test/boom', { config: { roles: 'public' } }, async () => {
          throw new TypeError('a bug');
        });
      },
    });
    try {
      const response = await app.app.inject({ url: '/v1/test/boom' });
      expect(response.statusCode).toBe(500);
      const requestId = response.headers['x-request-id'];
      expect(requestId).toBeTruthy();
      const line = lines.find((entry) => entry.msg === 'unexpected error');
      expect(line).toMatchObject({ reqId: requestId, err: { type: 'TypeError', message: 'a bug' } });
    } finally {
      await app.close();
    }
  });
});
