/**
 * Several instances on one PostgreSQL (issue 23, points 1 and 2): what one instance changes, the other
 * answers at once, not after a cache's expiry (the domain events cross through LISTEN/NOTIFY, their
 * 'state' handlers run on every instance); a socket connected to one instance hears what the other did
 * (socket.io's PostgreSQL adapter), each event once; a logout on one ends the login on the other at once.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type {
  ChatMessage,
  ClientToServerEvents,
  ServerToClientEvents,
  StudentPrinterListResponse,
} from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { clusterChannel } from '../src/events/instance-bridge';
import {
  bearer,
  body,
  createTestApp,
  DRIVER,
  loginAs,
  PG_URL,
  secondInstance,
  sleep,
  type LoginData,
  type TestApp,
} from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const PRICE = 500;
const LIST = '/v1/student/printers?per_page=100&sortDirection=1';

/** Polls until `check` holds; answers how long it took (ms), or throws after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const clients: Client[] = [];
async function socketFor(url: string, token: string): Promise<Client> {
  const client: Client = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return client;
}

/** How many times `event` reaches the client within `ms`. */
function count(client: Client, event: keyof ServerToClientEvents, ms: number): Promise<number> {
  return new Promise((resolve) => {
    let n = 0;
    const listener = () => {
      n += 1;
    };
    client.on(event, listener);
    setTimeout(() => {
      client.off(event, listener);
      resolve(n);
    }, ms);
  });
}

describe('channels of one deployment', () => {
  it('are named by the schema: apps on other schemas of the database never hear each other', () => {
    expect(clusterChannel('events', 't_1')).not.toBe(clusterChannel('events', 't_2'));
    expect(clusterChannel('events', null)).toBe(clusterChannel('events', 'public'));
    expect(clusterChannel('io', 't_1')).not.toBe(clusterChannel('events', 't_1'));
    // a LISTEN identifier: lower case, at most 63 bytes
    expect(clusterChannel('events', 'x'.repeat(200))).toMatch(/^[a-z0-9_]{1,63}$/);
  });
});

// PGlite is one process inside one instance: there is no second instance to reach (the CI's PostgreSQL
// step runs this file on a real server).
const onPostgres = PG_URL ? describe : describe.skip;

onPostgres(`two instances on one database (${DRIVER})`, () => {
  let a: TestApp;
  let b: { app: FastifyInstance; close(): Promise<void> };
  let urlA: string;
  let urlB: string;

  beforeAll(async () => {
    // only an event can refresh a cache or end a login within this test: the caches live an hour, the
    // revoked sessions are read from the database once a minute
    const config = { printDispatcher: false, sessionRevocationPollMs: 60_000 };
    a = await createTestApp({ config, cacheTtlMs: 3_600_000 });
    b = await secondInstance(a, config, { cacheTtlMs: 3_600_000 });
    urlA = await listening(a.app);
    urlB = await listening(b.app);
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await b.close();
    await a.close();
  });

  it('a printer edited on B: A lists the change within a few hundred ms (its cache lives an hour)', async () => {
    const student = (await loginAs(a.app, 'student')).accessToken;
    const spso = (await loginAs(b.app, 'spso')).accessToken;
    const description = (app: FastifyInstance) =>
      app
        .inject({ url: LIST, headers: bearer(student) })
        .then(
          (r) => body<StudentPrinterListResponse>(r).data.printers.find((p) => p.printerId === 'H1-203')?.description,
        );
    // both caches warm
    const before = await description(a.app);
    expect(await description(b.app)).toBe(before);
    const edited = await b.app.inject({
      method: 'PUT',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId: 'H1-203', description: 'Sửa trên máy chủ B' },
    });
    expect(edited.statusCode).toBe(200);
    await within(1_000, async () => (await description(a.app)) === 'Sửa trên máy chủ B');
  });

  it('a payment on A: B shows the new balance within a few hundred ms', async () => {
    const owner = await newStudent(a.app, 10);
    const balance = async (app: FastifyInstance) =>
      body<{ balance: number }>(await app.inject({ url: '/v1/user/information', headers: bearer(owner.token) })).data
        .balance;
    expect(await balance(b.app)).toBe(10);
    const confirmed = await a.app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      payload: { money: 4 * PRICE },
      headers: bearer(owner.token),
    });
    expect(confirmed.statusCode).toBe(200);
    const paid = await a.app.inject({
      method: 'POST',
      url: '/v1/student/BKpayment',
      payload: { payment_id: body<{ _id: string }>(confirmed).data._id },
      headers: bearer(owner.token),
    });
    expect(paid.statusCode).toBe(200);
    await within(1_000, async () => (await balance(b.app)) === 14);
  });

  it('a student on B hears, once, the history change of a job submitted on A; the printer list change too', async () => {
    const owner = await newStudent(a.app, 100);
    const client = await socketFor(urlB, owner.token);
    const history = count(client, 'update-student-history', 1_000);
    const printers = count(client, 'update-printer-list', 1_000);
    const sent = await submitPrint(a.app, owner.token, [{ name: 'a.pdf', content: await makePdf(2) }], {
      printerId: 'H1-203',
    });
    expect(sent.statusCode).toBe(200);
    expect(await history).toBeGreaterThanOrEqual(1);
    expect(await printers).toBe(1);
  });

  it('chat: staff on A and an officer on B talk, each message arriving once', async () => {
    const staff = (await loginAs(a.app, 'staff')).accessToken;
    const officer = (await loginAs(b.app, 'spso')).accessToken;
    const officerId = (
      await a.app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.spso])
    )?.id;
    const open = await a.app.inject({
      url: '/v1/user/conversation-id',
      headers: bearer(staff),
      query: { receiver_id: officerId ?? '' },
    });
    const conversationId = body<{ conversationId: string }[]>(open).data[0]?.conversationId ?? '';
    const onA = await socketFor(urlA, staff);
    const onB = await socketFor(urlB, officer);
    await new Promise((resolve) => onB.emit('join-room', conversationId, resolve));
    const received: ChatMessage[] = [];
    onB.on('get-message', (message) => received.push(message));
    const ack = await new Promise<{ ok: boolean }>((resolve) =>
      onA.emit('create-message', { conversationId, text: 'Chào từ máy chủ A' }, resolve),
    );
    expect(ack.ok).toBe(true);
    await within(1_000, async () => received.length > 0);
    await sleep(300);
    expect(received.map((m) => m.text)).toEqual(['Chào từ máy chủ A']);
    // and back
    const back: ChatMessage[] = [];
    onA.on('get-message', (message) => back.push(message));
    expect(
      (
        await new Promise<{ ok: boolean }>((resolve) =>
          onB.emit('create-message', { conversationId, text: 'Trả lời từ B' }, resolve),
        )
      ).ok,
    ).toBe(true);
    await within(1_000, async () => back.some((m) => m.text === 'Trả lời từ B'));
  });

  it('an instance that stops closes its sockets so that they reconnect elsewhere (not ended as a logout)', async () => {
    const c = await secondInstance(a);
    const urlC = await listening(c.app);
    const { accessToken } = await loginAs(a.app, 'student');
    const client = await socketFor(urlC, accessToken);
    const reason = new Promise<string>((resolve) => client.once('disconnect', resolve));
    await c.close();
    // 'transport close' is retried by socket.io's client; 'io server disconnect' would not be
    expect(await reason).toBe('transport close');
  });

  it('a logout on A: B refuses the access token at once and closes its socket', async () => {
    const tokens: LoginData = await loginAs(a.app, 'student');
    const client = await socketFor(urlB, tokens.accessToken);
    const closed = new Promise<string>((resolve) => client.once('disconnect', resolve));
    const information = () => b.app.inject({ url: '/v1/user/information', headers: bearer(tokens.accessToken) });
    expect((await information()).statusCode).toBe(200);
    const out = await a.app.inject({
      method: 'POST',
      url: '/v1/user/logout',
      headers: bearer(tokens.accessToken),
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    // the database poll of revoked sessions is a minute away
    await within(500, async () => (await information()).statusCode === 401);
    expect(await closed).toBe('io server disconnect');
  });
});
