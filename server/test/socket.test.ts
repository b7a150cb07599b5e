import type { AddressInfo } from 'node:net';
import { createSigner } from 'fast-jwt';
import type { ChatMessage, ClientToServerEvents, ServerToClientEvents, SocketAck } from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { createTestApp, loginAs, TEST_JWT_SECRET, type TestApp } from './helpers';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('socket.io', () => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: { generatedStudents: 3, jobs: 20 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await t.close();
  });

  const open = (token?: unknown): Client => {
    const client: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: token === undefined ? {} : { token },
    });
    clients.push(client);
    return client;
  };

  /** 'connected', or the connect_error message. */
  const outcome = (client: Client) =>
    new Promise<string>((resolve) => {
      client.once('connect', () => resolve('connected'));
      client.once('connect_error', (error) => resolve(error.message));
    });

  const connected = async (token: string) => {
    const client = open(token);
    expect(await outcome(client)).toBe('connected');
    return client;
  };

  const nextEvent = <T>(client: Client, event: keyof ServerToClientEvents, ms = 1_500) =>
    new Promise<T | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      client.once(event, ((payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      }) as never);
    });

  it('accepts a valid access token', async () => {
    const { accessToken } = await loginAs(t.app, 'student');
    expect(await outcome(open(accessToken))).toBe('connected');
  });

  it('refuses a missing or bad token with UNAUTHENTICATED', async () => {
    expect(await outcome(open())).toBe('UNAUTHENTICATED');
    expect(await outcome(open(''))).toBe('UNAUTHENTICATED');
    expect(await outcome(open('not-a-jwt'))).toBe('UNAUTHENTICATED');
    const forged = createSigner({ key: 'another-secret-another-secret-another', expiresIn: 60_000 })({
      sub: 'x',
      role: 'spso',
    });
    expect(await outcome(open(forged))).toBe('UNAUTHENTICATED');
  });

  it('refuses an expired token with TOKEN_EXPIRED', async () => {
    const sign = createSigner({
      key: TEST_JWT_SECRET,
      algorithm: 'HS256',
      iss: 'smart-printing',
      expiresIn: 60_000,
      clockTimestamp: Date.now() - 3_600_000,
    });
    const expired = sign({ sub: '00000000-0000-4000-8000-000000000000', role: 'student' });
    expect(await outcome(open(expired))).toBe('TOKEN_EXPIRED');
  });

  it('delivers events to the user and role rooms only', async () => {
    const studentTokens = await loginAs(t.app, 'student');
    const student = await connected(studentTokens.accessToken);
    const staff = await connected((await loginAs(t.app, 'staff')).accessToken);
    const studentId = JSON.parse(
      Buffer.from(studentTokens.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ).sub;

    const history = nextEvent(student, 'update-student-history');
    const staffHistory = nextEvent(staff, 'update-student-history', 500);
    t.app.realtime.emitStudentHistoryChanged(studentId);
    expect(await history).toBeUndefined();
    expect(await staffHistory).toBe('timeout');

    const notices = nextEvent(staff, 'update-notification-list');
    const studentNotices = nextEvent(student, 'update-notification-list', 500);
    t.app.realtime.emitNotificationsChanged();
    expect(await notices).toBeUndefined();
    expect(await studentNotices).toBe('timeout');

    const printersA = nextEvent(student, 'update-printer-list');
    const printersB = nextEvent(staff, 'update-printer-list');
    t.app.realtime.emitPrinterListChanged();
    expect([await printersA, await printersB]).toEqual([undefined, undefined]);
  });

  it('lets members join a conversation and chat; others are refused', async () => {
    const conversation = await t.app.db.one<{ id: string }>(
      'SELECT conversation_id AS id FROM conversation_members LIMIT 1',
    );
    const conversationId = conversation?.id ?? '';
    const staff = await connected((await loginAs(t.app, 'staff')).accessToken);
    const spso = await connected((await loginAs(t.app, 'spso')).accessToken);
    const student = await connected((await loginAs(t.app, 'student')).accessToken);

    const join = (client: Client, id: string) =>
      new Promise<SocketAck>((resolve) => client.emit('join-room', id, resolve));
    expect(await join(staff, conversationId)).toEqual({ ok: true, data: null });
    expect(await join(spso, conversationId)).toEqual({ ok: true, data: null });
    expect(await join(student, conversationId)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await join(staff, 'not-a-uuid')).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    const received = nextEvent<ChatMessage>(spso, 'get-message');
    const studentReceived = nextEvent<ChatMessage>(student, 'get-message', 500);
    const ack = await new Promise<SocketAck<ChatMessage>>((resolve) =>
      staff.emit('create-message', { conversationId, text: '  Máy in H6-109 hết giấy  ' }, resolve),
    );
    expect(ack).toMatchObject({ ok: true, data: { conversationId, text: 'Máy in H6-109 hết giấy' } });
    expect(await received).toMatchObject({
      conversationId,
      text: 'Máy in H6-109 hết giấy',
      createdAt: expect.any(String),
    });
    expect(await studentReceived).toBe('timeout');

    const refused = await new Promise<SocketAck<ChatMessage>>((resolve) =>
      student.emit('create-message', { conversationId, text: 'xin chào' }, resolve),
    );
    expect(refused).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const empty = await new Promise<SocketAck<ChatMessage>>((resolve) =>
      staff.emit('create-message', { conversationId, text: '   ' }, resolve),
    );
    expect(empty).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const stored = await t.app.db.query('SELECT text FROM messages WHERE conversation_id = $1 AND text = $2', [
      conversationId,
      'Máy in H6-109 hết giấy',
    ]);
    expect(stored).toHaveLength(1);
  });
});
