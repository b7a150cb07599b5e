import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents, SocketAck } from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { TokenBucket } from '../src/lib/token-bucket';
import { bearer, body, createTestApp, loginAs, newSchemaName, PG_URL, VIETNAMESE, type TestApp } from './helpers';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Contact = { receiver_id: string; role: string; firstName: string; unread: number };

let t: TestApp;
let app: FastifyInstance;
let staff: string;
let spso: string;
let student: string;
let staffId: string;
let spsoId: string;
let seq = 0;
/** The chat limit's clock: held still around a burst, so no token refills while a loaded machine sends it. */
let heldAt: number | null = null;
const chatNow = () => heldAt ?? performance.now();
async function withClockHeld<T>(work: () => Promise<T>): Promise<T> {
  heldAt = performance.now();
  try {
    return await work();
  } finally {
    heldAt = null;
  }
}

async function userId(email: string): Promise<string> {
  return (await app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [email]))?.id ?? '';
}

/** Another staff member (a token of their own). */
async function anotherStaff(): Promise<{ id: string; token: string }> {
  seq += 1;
  const row = await app.db.one<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name)
     SELECT $1, password_hash, 'staff', $2, 'Phụ', 'Nhân Viên' FROM users WHERE email = $3 RETURNING id`,
    [`chat.staff.${seq}.${Date.now()}@hcmut.edu.vn`, `C${seq}${Date.now() % 100000}`, DEMO_ACCOUNTS.staff],
  );
  const id = row?.id ?? '';
  return { id, token: app.tokens.signAccess({ id, role: 'staff' }) };
}

const get = async (token: string, url: string, query: Record<string, string> = {}) => {
  const response = await app.inject({ method: 'GET', url, headers: bearer(token), query });
  return { status: response.statusCode, body: body<unknown>(response) };
};

const post = async (token: string, payload: string | object, form = true) => {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/user/message',
    headers: {
      ...bearer(token),
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
    payload: form ? new URLSearchParams(payload as Record<string, string>).toString() : JSON.stringify(payload),
  });
  return { status: response.statusCode, body: body<unknown>(response) };
};

async function conversationWith(token: string, receiverId: string): Promise<string> {
  const answer = await get(token, '/v1/user/conversation-id', { receiver_id: receiverId });
  expect(answer.status).toBe(200);
  return (answer.body.data as { conversationId: string }[])[0]?.conversationId ?? '';
}

beforeAll(async () => {
  t = await createTestApp({ chatNow });
  app = t.app;
  staff = (await loginAs(app, 'staff')).accessToken;
  spso = (await loginAs(app, 'spso')).accessToken;
  student = (await loginAs(app, 'student')).accessToken;
  staffId = await userId(DEMO_ACCOUNTS.staff);
  spsoId = await userId(DEMO_ACCOUNTS.spso);
});
afterAll(() => t.close());

describe('contacts and conversations', () => {
  it('contacts are every staff member and officer but yourself, never students', async () => {
    const answer = await get(staff, '/v1/user/message-list');
    expect(answer.status).toBe(200);
    const contacts = answer.body.data as Contact[];
    expect(contacts.some((c) => c.receiver_id === staffId)).toBe(false);
    expect(contacts.some((c) => c.receiver_id === spsoId)).toBe(true);
    expect(contacts.every((c) => c.role === 'staff' || c.role === 'spso')).toBe(true);
    const count = await app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE role IN ('staff', 'spso') AND is_active`,
    );
    expect(contacts).toHaveLength((count?.n ?? 0) - 1);
    expect((await get(student, '/v1/user/message-list')).status).toBe(403);
  });

  it('one conversation per pair, the same id from both sides, even when both open it at once', async () => {
    const other = await anotherStaff();
    const [a, b] = await Promise.all([conversationWith(spso, other.id), conversationWith(other.token, spsoId)]);
    expect(a).toBe(b);
    expect(await conversationWith(spso, other.id)).toBe(a);
    const rows = await app.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM conversation_members WHERE conversation_id = $1',
      [a],
    );
    expect(rows?.n).toBe(2);
    // a student, an unknown id and yourself are refused
    const studentId = await userId(DEMO_ACCOUNTS.student);
    expect((await get(staff, '/v1/user/conversation-id', { receiver_id: studentId })).status).toBe(404);
    expect((await get(staff, '/v1/user/conversation-id', { receiver_id: 'nope' })).status).toBe(404);
    expect((await get(staff, '/v1/user/conversation-id', { receiver_id: staffId })).status).toBe(400);
    expect((await get(student, '/v1/user/conversation-id', { receiver_id: staffId })).status).toBe(403);
  });
});

describe('messages', () => {
  it('members only: another staff member gets 403 on reading and sending, whatever id they send', async () => {
    const conversationId = await conversationWith(staff, spsoId);
    const outsider = await anotherStaff();
    expect((await get(outsider.token, '/v1/user/message', { conversationId })).status).toBe(403);
    expect((await post(outsider.token, { conversationId, text: 'xin chào' })).status).toBe(403);
    expect((await get(outsider.token, '/v1/user/message', { conversationId: 'not-a-uuid' })).status).toBe(404);
    expect((await get(student, '/v1/user/message', { conversationId })).status).toBe(403);
  });

  it('sends by form or JSON, trims, refuses empty and over 2,000 characters, pages newest last', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    for (let i = 1; i <= 7; i += 1) {
      const sent = await post(other.token, { conversationId, text: `  tin ${i}  ` }, i % 2 === 0);
      expect(sent.status).toBe(200);
      expect((sent.body.data as ChatMessage).text).toBe(`tin ${i}`);
    }
    for (const [text, what] of [
      ['   ', 'không được để trống'],
      ['x'.repeat(2001), '2000'],
    ] as const) {
      const refused = await post(other.token, { conversationId, text });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(VIETNAMESE);
      expect(refused.body.message).toContain(what);
    }
    expect((await post(other.token, { conversationId, text: 'y'.repeat(2000) })).status).toBe(200);

    const newest = await get(spso, '/v1/user/message', { conversationId, limit: '3' });
    const page = newest.body.data as ChatMessage[];
    expect(page.map((m) => m.text)).toEqual(['tin 6', 'tin 7', 'y'.repeat(2000)]);
    const older = await get(spso, '/v1/user/message', { conversationId, limit: '3', before: page[0]?.createdAt ?? '' });
    expect((older.body.data as ChatMessage[]).map((m) => m.text)).toEqual(['tin 3', 'tin 4', 'tin 5']);
    expect((await get(spso, '/v1/user/message', { conversationId, limit: '1000' })).status).toBe(400);
  });

  it('unread counts follow: what a contact sent since your last read, cleared when you read', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, staffId);
    await post(other.token, { conversationId, text: 'một' });
    await post(other.token, { conversationId, text: 'hai' });
    const unread = async () =>
      ((await get(staff, '/v1/user/message-list')).body.data as Contact[]).find((c) => c.receiver_id === other.id)
        ?.unread;
    expect(await unread()).toBe(2);
    await get(staff, '/v1/user/message', { conversationId });
    expect(await unread()).toBe(0);
    // what you send yourself never counts for you
    await post(staff, { conversationId, text: 'ba' });
    expect(await unread()).toBe(0);
  });
});

describe('live', () => {
  let url: string;
  const clients: Client[] = [];
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });
  async function connected(token: string): Promise<Client> {
    const client: Client = connect(url, { auth: { token }, transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    return client;
  }
  const nextMessage = (client: Client, ms = 1_500) =>
    new Promise<ChatMessage | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      client.once('get-message', (m) => {
        clearTimeout(timer);
        resolve(m);
      });
    });
  const send = (client: Client, conversationId: string, text: string) =>
    new Promise<SocketAck<ChatMessage>>((resolve) => client.emit('create-message', { conversationId, text }, resolve));

  it('the other member gets get-message once, in the room or not; the ack carries the saved message', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    const officer = await connected(spso);
    const sender = await connected(other.token);
    // not joined: the officer still gets it (in their own room), for the unread count
    const first = nextMessage(officer);
    const ack = await send(sender, conversationId, 'chưa mở');
    expect(ack).toMatchObject({ ok: true, data: { conversationId, text: 'chưa mở', senderId: other.id } });
    expect(await first).toMatchObject({ text: 'chưa mở' });
    // joined: once, not twice
    await new Promise((resolve) => officer.emit('join-room', conversationId, resolve));
    let count = 0;
    const counter = () => {
      count += 1;
    };
    officer.on('get-message', counter);
    expect((await send(sender, conversationId, 'đã mở')).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    officer.off('get-message', counter);
    expect(count).toBe(1);
  });

  it('a staff member outside the conversation can neither join its room nor send to it', async () => {
    const conversationId = await conversationWith(staff, spsoId);
    const outsider = await anotherStaff();
    const client = await connected(outsider.token);
    const officer = await connected(spso);
    await new Promise((resolve) => officer.emit('join-room', conversationId, resolve));
    const join = await new Promise<SocketAck>((resolve) => client.emit('join-room', conversationId, resolve));
    expect(join).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const leaked = nextMessage(officer, 400);
    expect(await send(client, conversationId, 'xen vào')).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await leaked).toBe('timeout');
    const empty = await send(officer, conversationId, '   ');
    expect(empty).toMatchObject({ ok: false });
    expect(empty.ok ? '' : empty.message).toMatch(VIETNAMESE);
  });

  it('a flood from one socket is slowed; another socket still sends', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    const flooder = await connected(other.token);
    const acks = await withClockHeld(() =>
      Promise.all(Array.from({ length: 200 }, (_, i) => send(flooder, conversationId, `spam ${i}`))),
    );
    const accepted = acks.filter((a) => a.ok).length;
    expect(accepted).toBe(20);
    expect(acks.find((a) => !a.ok)).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    const officer = await connected(spso);
    expect((await send(officer, conversationId, 'vẫn gửi được')).ok).toBe(true);
    const stored = await app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1 AND text LIKE 'spam %'`,
      [conversationId],
    );
    expect(stored?.n).toBe(accepted);
  });

  it('one sender, one limit: 60 POSTs at once get 20 through and 429 with Retry-After; the socket shares it', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    // connected before the burst: a slow connect would give the budget time to refill (5 a second)
    const socket = await connected(other.token);
    await withClockHeld(async () => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          app.inject({
            method: 'POST',
            url: '/v1/user/message',
            headers: { ...bearer(other.token), 'content-type': 'application/json' },
            payload: JSON.stringify({ conversationId, text: `http ${i}` }),
          }),
        ),
      );
      const accepted = answers.filter((a) => a.statusCode === 200).length;
      expect(accepted).toBe(20);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused.length + accepted).toBe(60);
      expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(body(refused[0] as never).message).toMatch(VIETNAMESE);
      // the same person's socket finds the budget spent too
      expect(await send(socket, conversationId, 'qua socket')).toMatchObject({ ok: false, code: 'TOO_MANY_REQUESTS' });
    });
  });

  it('a burst of 20 is stored and read back in the order sent', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    const sender = await connected(other.token);
    const texts = Array.from({ length: 20 }, (_, i) => `thứ tự ${i + 1}`);
    const acks = await Promise.all(texts.map((text) => send(sender, conversationId, text)));
    expect(acks.every((a) => a.ok)).toBe(true);
    const page = await get(other.token, '/v1/user/message', { conversationId, limit: '50' });
    expect((page.body.data as ChatMessage[]).map((m) => m.text)).toEqual(texts);
  });

  it('a message far over the limit on the socket is answered "too long", and the socket stays', async () => {
    const other = await anotherStaff();
    const conversationId = await conversationWith(other.token, spsoId);
    const sender = await connected(other.token);
    const long = await send(sender, conversationId, 'x'.repeat(500_000));
    expect(long).toMatchObject({ ok: false });
    expect(long.ok ? '' : long.message).toMatch(/dài quá 2000/);
    expect(sender.connected).toBe(true);
    expect((await send(sender, conversationId, 'vẫn kết nối')).ok).toBe(true);
  });
});

describe('the token bucket', () => {
  it('allows a burst, then the rate', () => {
    let now = 0;
    const bucket = new TokenBucket(5, 3, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now += 200; // one token back at 5 a second
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);
  });
});

describe('after a restart', () => {
  it('the messages and the pair conversation are still there on the same database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-chat-'));
    const schema = PG_URL ? newSchemaName() : null;
    const config = { dataDir, ...(schema ? { databaseSchema: schema } : {}) };
    try {
      const first = await createTestApp({ config, keepSchema: true });
      const a = (await loginAs(first.app, 'staff')).accessToken;
      const officerId = (
        await first.app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.spso])
      )?.id;
      const open = await first.app.inject({
        method: 'GET',
        url: '/v1/user/conversation-id',
        headers: bearer(a),
        query: { receiver_id: officerId ?? '' },
      });
      const conversationId = body<{ conversationId: string }[]>(open).data[0]?.conversationId ?? '';
      const sent = await first.app.inject({
        method: 'POST',
        url: '/v1/user/message',
        headers: bearer(a),
        payload: { conversationId, text: 'còn đó sau khi khởi động lại' },
      });
      expect(sent.statusCode).toBe(200);
      await first.close();

      const second = await createTestApp({ config });
      try {
        const b = (await loginAs(second.app, 'spso')).accessToken;
        const staffUser = await second.app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [
          DEMO_ACCOUNTS.staff,
        ]);
        const again = await second.app.inject({
          method: 'GET',
          url: '/v1/user/conversation-id',
          headers: bearer(b),
          query: { receiver_id: staffUser?.id ?? '' },
        });
        expect(body<{ conversationId: string }[]>(again).data[0]?.conversationId).toBe(conversationId);
        const read = await second.app.inject({
          method: 'GET',
          url: '/v1/user/message',
          headers: bearer(b),
          query: { conversationId },
        });
        const texts = body<ChatMessage[]>(read).data.map((m) => m.text);
        expect(texts.at(-1)).toBe('còn đó sau khi khởi động lại');
        expect(texts.filter((text) => text === 'còn đó sau khi khởi động lại')).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
