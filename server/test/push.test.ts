/**
 * Web Push (issue 21, point 6), over real HTTP on the app with a LOCAL push service (an http server on
 * 127.0.0.1, listed in the endpoint allow-list; never the internet): the VAPID key (stable across two
 * instances on one database), subscribing and unsubscribing (the allow-list, https, the keys, roles),
 * an encrypted push when a job is printed (decrypted here with the browser's keys, RFC 8291), pushes
 * for a held job about to expire and for its refund, a 410 answer that drops the subscription, and a
 * push service that fails without breaking printing.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { PushKeyResponse, PushMessage, StudentPrintingResponse } from 'shared-api/contracts';
import { ConfigError, loadConfig } from '../src/config';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { hostAllowed } from '../src/modules/push/push.service';
import {
  bearer,
  body,
  createTestApp,
  DRIVER,
  expectLedgerInvariant,
  loginAs,
  secondInstance,
  sleep,
  VIETNAMESE,
  type TestApp,
} from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const DIRECT = 'H1-203';
const HELD = 'H3-106';
const MINUTE = 60_000;

/** Waits until `done()` holds (fails the test after 10 s). */
async function eventually(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const end = Date.now() + 10_000; Date.now() < end; await sleep(20)) if (await done()) return;
  throw new Error(`timed out waiting for ${what}`);
}
const PUSH = { endpointHosts: ['localhost', '127.0.0.1', 'fcm.googleapis.com'], subject: 'mailto:test@example.com' };

interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on 127.0.0.1: records every request; answers 201, or the status set for a path. */
class LocalPushService {
  readonly received: Received[] = [];
  readonly statusFor = new Map<string, number>();
  private server = http.createServer((request: http.IncomingMessage, response: http.ServerResponse) => {
    void (async () => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of request) chunks.push(new Uint8Array(chunk as Buffer));
      const path = request.url ?? '';
      this.received.push({ method: request.method ?? '', path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = this.statusFor.get(path) ?? 201;
      response.end();
    })();
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Buffers as the crypto typings of this TypeScript want them. */
const u8 = (...parts: (Buffer | Uint8Array | string)[]) =>
  new Uint8Array(
    Buffer.concat(parts.map((part) => new Uint8Array(typeof part === 'string' ? Buffer.from(part) : part))),
  );

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function newBrowser() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    /** Decrypts an aes128gcm push body as the browser does (RFC 8188 and RFC 8291, one record). */
    decrypt(content: Buffer): string {
      const salt = u8(content.subarray(0, 16));
      const idLength = content.readUInt8(20);
      const serverKey = u8(content.subarray(21, 21 + idLength));
      const ciphertext = u8(content.subarray(21 + idLength));
      const hmac = (key: Uint8Array, data: Uint8Array) => u8(crypto.createHmac('sha256', key).update(data).digest());
      const secret = u8(ecdh.computeSecret(serverKey));
      const keyInfo = u8('WebPush: info\0', ecdh.getPublicKey(), serverKey, Buffer.from([1]));
      const ikm = hmac(hmac(u8(auth), secret), keyInfo);
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, u8('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, u8('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = u8(decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final());
      // the last record ends with the delimiter 2, then zero padding
      const end = padded.lastIndexOf(2);
      return Buffer.from(padded.subarray(0, end)).toString('utf8');
    },
  };
}

/** Checks the VAPID `authorization` header (RFC 8292): signed by the server's key, for the endpoint's origin. */
function expectVapid(header: string | undefined, publicKey: string, origin: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  expect(match).not.toBeNull();
  const [token = '', key = ''] = [match?.[1], match?.[2]];
  expect(key).toBe(publicKey);
  const [head = '', claims = '', signature = ''] = token.split('.');
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const payload = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(payload.aud).toBe(origin);
  expect(payload.sub).toBe(PUSH.subject);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  const raw = Buffer.from(publicKey, 'base64url');
  const verifier = crypto.createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = crypto.verify(
    'sha256',
    u8(`${head}.${claims}`),
    { key: verifier, dsaEncoding: 'ieee-p1363' },
    u8(Buffer.from(signature, 'base64url')),
  );
  expect(signed).toBe(true);
}

describe(`web push (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let pushService: LocalPushService;
  let origin: string;
  let pdf: Buffer;
  let endpoints = 0;

  beforeAll(async () => {
    pushService = new LocalPushService();
    origin = await pushService.start();
    t = await createTestApp({
      config: { printDispatcher: false, uploadsInFlight: { perUser: 100, total: 100 }, push: PUSH },
    });
    app = t.app;
    pdf = await makePdf(2);
    // the demo queue stays out of the way of the dispatcher of these tests
    await app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
  });

  afterAll(async () => {
    await t?.close();
    await pushService?.close();
  });

  afterEach(async () => {
    await expectLedgerInvariant(app.db);
  });

  const publicKey = async (token: string) => {
    const answer = await app.inject({ method: 'GET', url: '/v1/push/key', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    return body<PushKeyResponse>(answer).data.publicKey;
  };
  const subscribe = (token: string, payload: unknown, lang = 'vi') =>
    app.inject({
      method: 'POST',
      url: '/v1/user/push-subscription',
      headers: { ...bearer(token), 'accept-language': lang },
      payload: payload as Record<string, unknown>,
    });
  const unsubscribe = (token: string, payload: unknown) =>
    app.inject({
      method: 'DELETE',
      url: '/v1/user/push-subscription',
      headers: bearer(token),
      payload: payload as Record<string, unknown>,
    });
  /** A new browser subscribed for the student, on its own path of the local push service. */
  const subscribed = async (token: string, lang = 'vi') => {
    const browser = newBrowser();
    endpoints += 1;
    const path = `/push/${endpoints}`;
    const subscription = { endpoint: `${origin}${path}`, keys: browser.keys, expirationTime: null };
    const answer = await subscribe(token, subscription, lang);
    expect(answer.statusCode).toBe(200);
    expect(body(answer).data).toBeNull();
    return { browser, path, subscription };
  };
  const subscriptionCount = async (endpoint: string) =>
    Number(
      (await app.db.one<{ n: string }>('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = $1', [endpoint]))
        ?.n,
    );
  const print = async (token: string, printerId = DIRECT) => {
    const sent = await submitPrint(app, token, [{ name: 'giai-tich.pdf', content: pdf }], {
      printerId,
      documents: [{ numVersion: 2 }],
    });
    expect(sent.statusCode).toBe(200);
    const job = body<StudentPrintingResponse>(sent).data.printingLogs[0];
    if (!job) throw new Error('no job');
    return job;
  };
  /** Runs a dispatcher (a simulated device, 1 ms a sheet) until `done` resolves. */
  const printing = async (done: () => Promise<void>) => {
    const dispatcher = new Dispatcher({
      db: app.db,
      events: app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'push-test',
      pollMs: 10,
    });
    await dispatcher.start();
    try {
      await done();
    } finally {
      await dispatcher.stop();
    }
  };
  const pushesTo = (path: string) => pushService.received.filter((request) => request.path === path);

  it('without a token: 401 on the key and on the subscription routes', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/push/key' })).statusCode).toBe(401);
    const payload = { endpoint: `${origin}/push/x`, keys: newBrowser().keys };
    expect((await app.inject({ method: 'POST', url: '/v1/user/push-subscription', payload })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/v1/user/push-subscription', payload })).statusCode).toBe(401);
  });

  it('every signed-in role reads the same VAPID public key (an uncompressed P-256 point)', async () => {
    const keys = await Promise.all(
      (['student', 'staff', 'spso'] as const).map(async (role) => publicKey((await loginAs(app, role)).accessToken)),
    );
    const raw = Buffer.from(keys[0] ?? '', 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect(new Set(keys).size).toBe(1);
  });

  it('the key is generated once: a second instance on the same database reads the same one', async () => {
    const student = await newStudent(app, 0);
    const first = await publicKey(student.token);
    const second = await secondInstance(t, { push: PUSH });
    try {
      const answer = await second.app.inject({ method: 'GET', url: '/v1/push/key', headers: bearer(student.token) });
      expect(body<PushKeyResponse>(answer).data.publicKey).toBe(first);
      const stored = await app.db.query("SELECT name FROM app_secrets WHERE name = 'vapid'");
      expect(stored).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('refuses an endpoint that is not a listed push service, http on a non-local host, or bad keys: 400 in Vietnamese', async () => {
    const student = await newStudent(app, 0);
    const keys = newBrowser().keys;
    const refusals = [
      { endpoint: 'https://evil.example.com/push/1', keys },
      { endpoint: 'https://fcm.googleapis.com.evil.example.com/fcm/send/1', keys },
      { endpoint: 'http://fcm.googleapis.com/fcm/send/1', keys },
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/1', keys },
      { endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/1', keys },
      { endpoint: 'ftp://127.0.0.1/push', keys },
      { endpoint: 'not a url', keys },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/1', keys: { ...keys, p256dh: 'AAAA' } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/1', keys: { ...keys, auth: 'not base64url!' } },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/1' },
    ];
    for (const payload of refusals) {
      const answer = await subscribe(student.token, payload);
      expect({ payload, status: answer.statusCode }).toEqual({ payload, status: 400 });
      expect(body(answer).message).toMatch(VIETNAMESE);
    }
    const stored = await app.db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [student.id]);
    expect(stored).toEqual([]);
    // a listed push service over https is taken (nothing is sent to it: this student prints nothing)
    const accepted = await subscribe(student.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys });
    expect(accepted.statusCode).toBe(200);
    expect(await subscriptionCount('https://fcm.googleapis.com/fcm/send/abc')).toBe(1);
    expect(
      (await unsubscribe(student.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys })).statusCode,
    ).toBe(200);
    expect(await subscriptionCount('https://fcm.googleapis.com/fcm/send/abc')).toBe(0);
  });

  it('PUSH_ENDPOINT_HOSTS and PUSH_SUBJECT are read once by the config (the browsers’ services by default)', () => {
    expect(loadConfig({}).push.endpointHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.notify.windows.com',
      'web.push.apple.com',
      '*.push.apple.com',
    ]);
    expect(loadConfig({ PUSH_ENDPOINT_HOSTS: ' LocalHost , 127.0.0.1,' }).push.endpointHosts).toEqual([
      'localhost',
      '127.0.0.1',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://print.hcmut.edu.vn' }).push.subject).toBe('https://print.hcmut.edu.vn');
    expect(loadConfig({ PUSH_SUBJECT: 'mailto:in@hcmut.edu.vn' }).push.subject).toBe('mailto:in@hcmut.edu.vn');
    expect(() => loadConfig({ PUSH_SUBJECT: 'http://print.example' })).toThrow(ConfigError);
  });

  it('the default list holds the browsers’ push services, subdomains only under a wildcard', () => {
    const defaults = ['fcm.googleapis.com', '*.push.apple.com', '*.notify.windows.com'];
    expect(hostAllowed('fcm.googleapis.com', defaults)).toBe(true);
    expect(hostAllowed('api.push.apple.com', defaults)).toBe(true);
    expect(hostAllowed('wns2-par02p.notify.windows.com', defaults)).toBe(true);
    expect(hostAllowed('push.apple.com', defaults)).toBe(false);
    expect(hostAllowed('evilpush.apple.com', defaults)).toBe(false);
    expect(hostAllowed('x.fcm.googleapis.com', defaults)).toBe(false);
  });

  it('a printed job sends an encrypted push (aes128gcm, VAPID) to each browser of its owner, in its language', async () => {
    const student = await newStudent(app, 20);
    const other = await newStudent(app, 20);
    const key = await publicKey(student.token);
    const vi = await subscribed(student.token, 'vi');
    const en = await subscribed(student.token, 'en-US,en;q=0.9');
    const stranger = await subscribed(other.token);
    const before = pushService.received.length;
    const job = await print(student.token);

    await printing(() => eventually(() => pushService.received.length >= before + 2, 'two pushes'));
    await sleep(100);
    expect(pushService.received).toHaveLength(before + 2);
    expect(pushesTo(stranger.path)).toEqual([]);

    const messages: PushMessage[] = [];
    for (const { path, browser } of [vi, en]) {
      const [request] = pushesTo(path);
      if (!request) throw new Error(`no push to ${path}`);
      expect(request.method).toBe('POST');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers['content-type']).toBe('application/octet-stream');
      expect(Number(request.headers.ttl)).toBe(24 * 60 * 60);
      expectVapid(request.headers.authorization, key, origin);
      // only the browser's keys open it
      expect(() => newBrowser().decrypt(request.body)).toThrow();
      messages.push(JSON.parse(browser.decrypt(request.body)) as PushMessage);
    }
    const [inVietnamese, inEnglish] = messages;
    expect(inVietnamese).toEqual({
      kind: 'job-completed',
      title: 'Đã in xong',
      body: expect.stringContaining('giai-tich.pdf') as unknown,
      url: '/#/History',
      tag: `job-completed:${job._id}`,
    });
    expect(inVietnamese?.body).toContain(DIRECT);
    expect(inEnglish).toMatchObject({ kind: 'job-completed', title: 'Printed', tag: `job-completed:${job._id}` });
  });

  it('a held job about to expire, then expired and refunded, sends a push each time', async () => {
    const spso = (await loginAs(app, 'spso')).accessToken;
    const held = await app.inject({
      method: 'PUT',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId: HELD, releaseMode: 'held' },
    });
    expect(held.statusCode).toBe(200);
    const student = await newStudent(app, 20);
    const { path, browser } = await subscribed(student.token);
    const job = await print(student.token, HELD);
    const heldUntil = Date.parse(job.heldUntil ?? '');

    await app.services.release.expireHeldJobs(new Date(heldUntil - 5 * MINUTE));
    await eventually(() => pushesTo(path).length >= 1, 'the expiry notice');
    const [expiring] = pushesTo(path);
    if (!expiring) throw new Error('no push');
    expect(Number(expiring.headers.ttl)).toBe(5 * 60);
    expect(expiring.headers.urgency).toBe('high');
    expect(JSON.parse(browser.decrypt(expiring.body))).toMatchObject({
      kind: 'job-expiring',
      body: expect.stringContaining('5 phút') as unknown,
    });

    await app.services.release.expireHeldJobs(new Date(heldUntil + MINUTE));
    await eventually(() => pushesTo(path).length >= 2, 'the refund');
    const refunded = pushesTo(path)[1];
    if (!refunded) throw new Error('no push');
    const message = JSON.parse(browser.decrypt(refunded.body)) as PushMessage;
    expect(message).toMatchObject({ kind: 'job-refunded', title: 'Lệnh in không hoàn thành' });
    expect(message.body).toContain(`Đã hoàn ${job.cost} trang`);
  });

  it('a 410 from the push service drops the subscription; a failing push service never breaks printing', async () => {
    const student = await newStudent(app, 20);
    const gone = await subscribed(student.token);
    const broken = await subscribed(student.token);
    const alive = await subscribed(student.token);
    pushService.statusFor.set(gone.path, 410);
    pushService.statusFor.set(broken.path, 500);
    const before = pushService.received.length;
    const job = await print(student.token);

    await printing(() => eventually(() => pushService.received.length >= before + 3, 'three pushes'));
    const status = await app.db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [job._id]);
    expect(status?.status).toBe('Completed');
    // the drop is written after the answer: wait for it
    await eventually(async () => (await subscriptionCount(gone.subscription.endpoint)) === 0, 'the drop');
    expect(await subscriptionCount(gone.subscription.endpoint)).toBe(0);
    expect(await subscriptionCount(broken.subscription.endpoint)).toBe(1);
    expect(await subscriptionCount(alive.subscription.endpoint)).toBe(1);
  });

  it('unsubscribing forgets only the caller’s own browser', async () => {
    const student = await newStudent(app, 0);
    const other = await newStudent(app, 0);
    const mine = await subscribed(student.token);
    expect((await unsubscribe(other.token, mine.subscription)).statusCode).toBe(200);
    expect(await subscriptionCount(mine.subscription.endpoint)).toBe(1);
    expect((await unsubscribe(student.token, mine.subscription)).statusCode).toBe(200);
    expect(await subscriptionCount(mine.subscription.endpoint)).toBe(0);
  });
});
