/**
 * Answers served as ready bytes (issue 22, point 3), over HTTP on the whole app: the student printer
 * list and one printer are the bytes the route's own serializer writes, with a strong ETag (304 on
 * If-None-Match) and br and gzip forms made once; a printer edited or a job queued makes new bytes at
 * once; a user's information is kept per user and dropped by the events that change it (a payment, a
 * print, an officer's reset, the price), never served to another user.
 */
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { StudentPrinterDetail, StudentPrinterListResponse } from 'shared-api/contracts';
import { ok, responses } from '../src/lib/envelope';
import { pickEncoding, QueryKeys, queryKey } from '../src/lib/ready-bytes';
import { createUsersService, USER_INFORMATION_TTL_MS } from '../src/modules/users/users.service';
import {
  PrinterDetail,
  PrinterListData,
  PrinterListQuery,
  PrinterQuery,
} from '../src/modules/printers/printers.schemas';
import { createStudent } from './factories';
import { bearer, body, createTestApp, DRIVER, loginAs, putSystemConfig, sleep, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/** The query the student remote sends on /Printing. */
const LIST = '/v1/student/printers?per_page=100&sortDirection=1';
const PRICE = 500;

/** Bytes compared as text: a failure shows where they differ. */
const hex = (bytes: Buffer) => bytes.toString('hex');
const u8 = (bytes: Buffer) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

type Info = { _id: string; balance: number; mustChangePassword: boolean; currentA4Price: number };

describe(`ready bytes (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let student: string;
  let spso: string;

  beforeAll(async () => {
    t = await createTestApp({
      // the same answers the way every route answered before: the object through the schema serializer
      extraRoutes: (scope) => {
        scope.get<{ Querystring: PrinterListQuery }>(
          '/test/fresh-printers',
          {
            config: { roles: ['student'] },
            schema: { querystring: PrinterListQuery, response: responses(PrinterListData) },
          },
          async (request) => ok(await scope.services.printers.listPrinters(request.query)),
        );
        scope.get<{ Querystring: PrinterQuery }>(
          '/test/fresh-printer',
          { config: { roles: ['student'] }, schema: { querystring: PrinterQuery, response: responses(PrinterDetail) } },
          async (request) => ok(await scope.services.printers.printer(request.query.printerId)),
        );
      },
    });
    app = t.app;
    student = (await loginAs(app, 'student')).accessToken;
    spso = (await loginAs(app, 'spso')).accessToken;
  });
  afterAll(() => t.close());

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  async function info(token: string): Promise<Info> {
    const response = await get('/v1/user/information', token);
    expect(response.statusCode).toBe(200);
    return body<Info>(response).data;
  }

  it('sends the bytes a fresh serialization writes, with a strong ETag, revalidated by the browser', async () => {
    const pairs: [ready: string, fresh: string][] = [
      [LIST, LIST.replace('/v1/student/printers', '/test/fresh-printers')],
      ['/v1/student/printers', '/test/fresh-printers'],
      ['/v1/student/printers?facility=CS1&sortName=-1', '/test/fresh-printers?facility=CS1&sortName=-1'],
      ['/v1/student/printer?printerId=H1-203', '/test/fresh-printer?printerId=H1-203'],
    ];
    for (const [ready, fresh] of pairs) {
      const answer = await get(ready, student);
      const expected = await get(fresh, student);
      expect(answer.statusCode).toBe(200);
      expect(hex(answer.rawPayload)).toBe(hex(expected.rawPayload));
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers.vary).toBe('accept-encoding');
      expect(answer.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      // served again from memory: the same bytes and tag
      const again = await get(ready, student);
      expect(hex(again.rawPayload)).toBe(hex(answer.rawPayload));
      expect(again.headers.etag).toBe(answer.headers.etag);
    }
    const list = body<StudentPrinterListResponse>(await get(LIST, student)).data;
    expect(list.printers.length).toBeGreaterThan(0);
    expect(list.printers[0]).toHaveProperty('estimatedWaitMinutes');
  });

  it('answers If-None-Match with 304 and no body; another tag or none gets the answer', async () => {
    const first = await get(LIST, student);
    const etag = String(first.headers.etag);
    const revalidated = await get(LIST, student, { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    expect(revalidated.headers['cache-control']).toBe('private, no-cache');
    expect((await get(LIST, student, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    const other = await get(LIST, student, { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    expect(hex(other.rawPayload)).toBe(hex(first.rawPayload));
    // the role check still comes first: no token, no 304
    const anonymous = await app.inject({ method: 'GET', url: LIST, headers: { 'if-none-match': etag } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });

  it('answers from memory with every check and header of any route (hooks without promises, issue 22)', async () => {
    const staff = (await loginAs(app, 'staff')).accessToken;
    const answers = {
      ok: await get(LIST, student),
      notModified: await get(LIST, student, { 'if-none-match': String((await get(LIST, student)).headers.etag) }),
      anonymous: await app.inject({ method: 'GET', url: LIST }),
      badToken: await get(LIST, `${student}x`),
      staff: await get(LIST, staff),
      officer: await get(LIST, spso),
      twice: await get('/v1/student/printers?per_page=10&per_page=20', student),
      unknown: await get('/v1/student/printer?printerId=NOPE-404', student),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.statusCode]))).toEqual({
      ok: 200,
      notModified: 304,
      anonymous: 401,
      badToken: 401,
      staff: 403,
      officer: 403,
      twice: 400,
      unknown: 404,
    });
    for (const [name, r] of Object.entries(answers)) {
      expect([name, r.headers['content-security-policy']]).toEqual([
        name,
        "default-src 'none'; frame-ancestors 'none'",
      ]);
      expect([name, r.headers['x-content-type-options']]).toEqual([name, 'nosniff']);
      expect([name, r.headers['cache-control']]).toEqual([name, r.statusCode < 400 ? 'private, no-cache' : 'no-store']);
      if (r.statusCode >= 400) {
        // the envelope, in Vietnamese (the error handler answered, not a 500)
        expect(body(r).success).toBe(false);
        expect(body(r).message).toMatch(/[ạ-ỹđăâêôơư]/i);
      }
    }
    expect(body(answers.twice).message).toContain('per_page');
  });

  it('sends br and gzip made once, each decoding to the same JSON', async () => {
    const plain = await get(LIST, student);
    const br = await get(LIST, student, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers.etag).toBe(plain.headers.etag);
    expect(hex(zlib.brotliDecompressSync(u8(br.rawPayload)))).toBe(hex(plain.rawPayload));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gzip = await get(LIST, student, { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(hex(zlib.gunzipSync(u8(gzip.rawPayload)))).toBe(hex(plain.rawPayload));
    // the same compressed bytes again (made once for this generation)
    expect(hex((await get(LIST, student, { 'accept-encoding': 'br' })).rawPayload)).toBe(hex(br.rawPayload));
    const refused = await get(LIST, student, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(hex(refused.rawPayload)).toBe(hex(plain.rawPayload));
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    // each choice is kept per header text: asked again, and after more distinct headers than are kept
    for (let round = 0; round < 2; round += 1) {
      expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
      expect(pickEncoding('br;q=0, gzip;q=0')).toBeNull();
      expect(pickEncoding(['gzip;q=0', 'br'])).toBe('br');
      for (let i = 0; i < 100; i += 1) expect(pickEncoding(`x-${i}, gzip;q=${i % 2}`)).toBe(i % 2 ? 'gzip' : null);
    }
  });

  it('makes new bytes and a new ETag as soon as a printer is edited or a job is queued on it', async () => {
    const url = '/v1/student/printer?printerId=H1-203';
    const before = await get(LIST, student, { 'accept-encoding': 'br' });
    const beforeOne = await get(url, student);
    const edited = await app.inject({
      method: 'PUT',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId: 'H1-203', description: 'Cạnh cầu thang (ready bytes)' },
    });
    expect(edited.statusCode).toBe(200);
    const after = await get(LIST, student, { 'if-none-match': String(before.headers.etag), 'accept-encoding': 'br' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const list = JSON.parse(zlib.brotliDecompressSync(u8(after.rawPayload)).toString('utf8')) as {
      data: StudentPrinterListResponse;
    };
    expect(list.data.printers.find((p) => p.printerId === 'H1-203')?.description).toBe('Cạnh cầu thang (ready bytes)');
    const fresh = await get('/test/fresh-printers?per_page=100&sortDirection=1', student);
    expect(hex((await get(LIST, student)).rawPayload)).toBe(hex(fresh.rawPayload));

    // a job queued: its printer's waiting count and wait move at once (not after the cache's expiry)
    const queuedBefore = await get(url, student);
    expect(queuedBefore.headers.etag).not.toBe(beforeOne.headers.etag);
    const waiting = body<StudentPrinterDetail>(queuedBefore).data;
    const owner = await newStudent(app, 100);
    const sent = await submitPrint(app, owner.token, [{ name: 'a.pdf', content: await makePdf(3) }], {
      printerId: 'H1-203',
    });
    expect(sent.statusCode).toBe(200);
    const queued = await get(url, student, { 'if-none-match': String(queuedBefore.headers.etag) });
    expect(queued.statusCode).toBe(200);
    expect(queued.headers.etag).not.toBe(queuedBefore.headers.etag);
    const now = body<StudentPrinterDetail>(queued).data;
    expect(now.waiting_amount).toBe(waiting.waiting_amount + 1);
    expect(now.estimatedWaitMinutes ?? 0).toBeGreaterThanOrEqual(Math.max(1, waiting.estimatedWaitMinutes ?? 0));
    const freshOne = await get('/test/fresh-printer?printerId=H1-203', student);
    expect(hex(queued.rawPayload)).toBe(hex(freshOne.rawPayload));
  });

  it('shows a new balance at once after a payment and after a print (an event, not an expiry)', async () => {
    // a second copy of the service on the same events, kept for an hour: only an event can refresh it
    const users = createUsersService({ db: app.db, events: app.events, informationTtlMs: 3_600_000 });
    const id = await createStudent(app.db, 10);
    const token = app.tokens.signAccess({ id, role: 'student' });
    const user = { id, role: 'student' as const };
    const kept = async () =>
      (
        JSON.parse((await users.readyInformation(user, (i) => JSON.stringify(ok(i)))).bytes.toString()) as {
          data: Info;
        }
      ).data.balance;
    expect(await kept()).toBe(10);
    expect((await info(token)).balance).toBe(10);

    const confirmed = await app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      payload: { money: 4 * PRICE },
      headers: bearer(token),
    });
    expect(confirmed.statusCode).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: '/v1/student/BKpayment',
      payload: { payment_id: body<{ _id: string }>(confirmed).data._id },
      headers: bearer(token),
    });
    expect(paid.statusCode).toBe(200);
    expect((await info(token)).balance).toBe(14);
    expect(await kept()).toBe(14);

    const sent = await submitPrint(app, token, [{ name: 'b.pdf', content: await makePdf(2) }], { printerId: 'H1-203' });
    expect(sent.statusCode).toBe(200);
    expect((await info(token)).balance).toBe(12);
    expect(await kept()).toBe(12);
  });

  it('drops a user’s information when an officer resets their password and when the price changes', async () => {
    const id = await createStudent(app.db, 5);
    const token = app.tokens.signAccess({ id, role: 'student' });
    const before = await info(token);
    expect(before.mustChangePassword).toBe(false);
    const reset = await app.inject({
      method: 'PUT',
      url: '/v1/spso/users',
      headers: bearer(spso),
      payload: { id, resetPassword: true },
    });
    expect(reset.statusCode).toBe(200);
    // the reset ended the student's sessions: a new token of the same account reads the same cache entry
    const fresh = app.tokens.signAccess({ id, role: 'student' });
    expect((await info(fresh)).mustChangePassword).toBe(true);

    const changed = await putSystemConfig(app, spso, { currentA4Price: before.currentA4Price + 100 });
    expect(changed.statusCode).toBe(200);
    expect((await info(student)).currentA4Price).toBe(before.currentA4Price + 100);
  });

  it('shows a change made elsewhere (another instance: no event here) within the expiry', async () => {
    const a = await newStudent(app, 3);
    expect((await info(a.token)).balance).toBe(3);
    // a bare write, as another instance's would be seen from here (its events do not reach this one)
    await app.db.query('UPDATE users SET balance = 30 WHERE id = $1', [a.id]);
    expect((await info(a.token)).balance).toBe(3);
    await sleep(USER_INFORMATION_TTL_MS + 100);
    expect((await info(a.token)).balance).toBe(30);
  });

  it('never gives a student another’s kept answer (two students back to back)', async () => {
    const a = await newStudent(app, 7);
    const b = await newStudent(app, 9);
    const first = await get('/v1/user/information', a.token);
    const second = await get('/v1/user/information', b.token);
    expect(body<Info>(first).data).toMatchObject({ _id: a.id, balance: 7 });
    expect(body<Info>(second).data).toMatchObject({ _id: b.id, balance: 9 });
    // per user, so the API's no-store stays; A's tag is not B's answer
    expect(second.headers['cache-control']).toBe('no-store');
    const crossed = await get('/v1/user/information', b.token, { 'if-none-match': String(first.headers.etag) });
    expect(crossed.statusCode).toBe(200);
    expect(body<Info>(crossed).data._id).toBe(b.id);
    expect(
      (await get('/v1/user/information', a.token, { 'if-none-match': String(first.headers.etag) })).statusCode,
    ).toBe(304);
  });
});

describe(`ready bytes behind CORS (${DRIVER})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { corsOrigins: ['http://localhost:3001'] } });
  });
  afterAll(() => t.close());

  it('keeps CORS’s Vary: Origin beside accept-encoding', async () => {
    const { accessToken } = await loginAs(t.app, 'student');
    const answer = await t.app.inject({
      method: 'GET',
      url: LIST,
      headers: { ...bearer(accessToken), origin: 'http://localhost:3001', 'accept-encoding': 'gzip' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(
      String(answer.headers.vary)
        .toLowerCase()
        .split(/\s*,\s*/)
        .sort(),
    ).toEqual(['accept-encoding', 'origin']);
  });
});

describe('queryKey', () => {
  it('is one key for the same filters in any order, leaving out unset ones', () => {
    expect(queryKey({ per_page: 100, sortDirection: 1 })).toBe(
      queryKey({ sortDirection: 1, per_page: 100, page: undefined }),
    );
    expect(queryKey({ per_page: 100 })).not.toBe(queryKey({ per_page: 10 }));
    expect(queryKey({})).toBe('');
  });

  it('cannot make two queries one key, whatever a value holds', () => {
    // a value that looks like a separator and another parameter
    expect(queryKey({ a: 'x",b:"y' })).not.toBe(queryKey({ a: 'x', b: 'y' }));
    expect(queryKey({ a: '1' })).not.toBe(queryKey({ a: 1 }));
    expect(queryKey({ a: 'x:1,b' })).not.toBe(queryKey({ a: 'x', b: '1' }));
  });
});

describe('QueryKeys', () => {
  /** A validated query that counts how often its key is worked out (each key reads every field). */
  function countedQuery(fields: Record<string, unknown>): { query: object; reads: () => number } {
    let reads = 0;
    const query = new Proxy(fields, {
      get(target, name) {
        reads += 1;
        return Reflect.get(target, name) as unknown;
      },
    });
    return { query, reads: () => reads };
  }

  it("is the query's key, worked out once per query text", () => {
    const keys = new QueryKeys();
    const first = countedQuery({ per_page: 100, sortDirection: '1', page: 1 });
    const url = '/v1/student/printers?per_page=100&sortDirection=1';
    expect(keys.of({ url, query: first.query })).toBe(queryKey({ per_page: 100, sortDirection: '1', page: 1 }));
    const readsOnce = first.reads();
    expect(readsOnce).toBeGreaterThan(0);
    // the same text again: the key is remembered, the query not read
    const again = countedQuery({ per_page: 100, sortDirection: '1', page: 1 });
    expect(keys.of({ url, query: again.query })).toBe(queryKey({ per_page: 100, sortDirection: '1', page: 1 }));
    expect(again.reads()).toBe(0);
    // another text is another key (no query text at all included)
    expect(keys.of({ url: '/v1/student/printers', query: { per_page: 100, page: 1 } })).toBe(
      queryKey({ per_page: 100, page: 1 }),
    );
    expect(keys.of({ url: '/v1/student/printers?per_page=10', query: { per_page: 10, page: 1 } })).toBe(
      queryKey({ per_page: 10, page: 1 }),
    );
  });

  it('keeps at most its bound of texts: free-text filters cannot grow memory', () => {
    const keys = new QueryKeys(2);
    const key = (search: string) => keys.of({ url: `/v1/student/printers?searchField=${search}`, query: { search } });
    key('a');
    key('b');
    // full: the next new text empties it, so "a" is worked out again
    key('c');
    const a = countedQuery({ search: 'a' });
    expect(keys.of({ url: '/v1/student/printers?searchField=a', query: a.query })).toBe(queryKey({ search: 'a' }));
    expect(a.reads()).toBeGreaterThan(0);
  });
});
