/**
 * Sessions end when they end (issue 7): logout and a revoked login refuse their access tokens at once
 * and cut their sockets; a socket is told when its token expires and is then disconnected; a session
 * ended on another instance (seen only in the database) is refused within a poll.
 */
import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { bearer, body, createTestApp, loginAs, sleep, VIETNAMESE, type LoginData, type TestApp } from './helpers';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

const clients: Client[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

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

/** Resolves with the disconnect reason, or 'still connected' after `ms`. */
function disconnection(client: Client, ms = 3_000): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still connected'), ms);
    client.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe('sessions end', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { sessionRevocationPollMs: 200 }, seed: { generatedStudents: 2, jobs: 10 } });
    url = await listening(t);
  });
  afterAll(() => t.close());

  const information = (token: string) => t.app.inject({ url: '/v1/user/information', headers: bearer(token) });
  const logout = (tokens: LoginData) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/user/logout',
      headers: bearer(tokens.accessToken),
      payload: { refreshToken: tokens.refreshToken },
    });

  it('logout: the access token answers 401 at once (information and confirm-payment), another login still works', async () => {
    const ended = await loginAs(t.app, 'student');
    const other = await loginAs(t.app, 'student');
    expect((await information(ended.accessToken)).statusCode).toBe(200);
    expect((await logout(ended)).statusCode).toBe(200);

    const refused = await information(ended.accessToken);
    expect(refused.statusCode).toBe(401);
    expect(body(refused)).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(body(refused).message).toMatch(VIETNAMESE);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      headers: bearer(ended.accessToken),
      payload: { money: 1000 },
    });
    expect(pay.statusCode).toBe(401);
    // the same student's other session is untouched
    expect((await information(other.accessToken)).statusCode).toBe(200);
  });

  it('logout: that session sockets are disconnected and get no more events; others keep theirs', async () => {
    const ended = await loginAs(t.app, 'staff');
    const other = await loginAs(t.app, 'staff');
    const endedSocket = await socketFor(url, ended.accessToken);
    const otherSocket = await socketFor(url, other.accessToken);
    const cut = disconnection(endedSocket);
    expect((await logout(ended)).statusCode).toBe(200);
    expect(await cut).toBe('io server disconnect');

    let lateEvents = 0;
    endedSocket.on('update-printer-list', () => (lateEvents += 1));
    const delivered = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 1_500);
      otherSocket.once('update-printer-list', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    t.app.realtime.emitPrinterListChanged();
    expect(await delivered).toBe(true);
    expect(lateEvents).toBe(0);
    expect(otherSocket.connected).toBe(true);
  });

  it('a socket cannot connect with the token of an ended session', async () => {
    const ended = await loginAs(t.app, 'spso');
    await logout(ended);
    const client: Client = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: ended.accessToken },
    });
    clients.push(client);
    const message = await new Promise<string>((resolve) => {
      client.once('connect', () => resolve('connected'));
      client.once('connect_error', (error) => resolve(error.message));
    });
    expect(message).toBe('UNAUTHENTICATED');
  });

  it('a reused refresh token revokes the login: its access token answers 401 and its socket is cut', async () => {
    const first = await loginAs(t.app, 'student');
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/v1/user/refresh-access-token', payload: { refreshToken } });
    const rotated = body<LoginData>(await refresh(first.refreshToken)).data;
    const socket = await socketFor(url, rotated.accessToken);
    const cut = disconnection(socket);

    expect((await refresh(first.refreshToken)).statusCode).toBe(419); // reuse: the whole login ends
    expect(await cut).toBe('io server disconnect');
    expect((await information(rotated.accessToken)).statusCode).toBe(401);
    expect((await information(first.accessToken)).statusCode).toBe(401);
  });

  it('a session ended by another instance (seen only in the database) is refused within a poll', async () => {
    const tokens = await loginAs(t.app, 'staff');
    const socket = await socketFor(url, tokens.accessToken);
    const cut = disconnection(socket);
    expect((await information(tokens.accessToken)).statusCode).toBe(200);
    // what another instance's logout writes, without telling this one
    const rows = await t.app.db.query(
      `UPDATE refresh_tokens SET revoked_at = now()
       WHERE family_id = (SELECT family_id FROM refresh_tokens WHERE user_id = (SELECT id FROM users WHERE email = 'staff@hcmut.edu.vn')
                          ORDER BY created_at DESC LIMIT 1)
       RETURNING id`,
    );
    expect(rows.length).toBe(1);
    expect(await cut).toBe('io server disconnect');
    expect((await information(tokens.accessToken)).statusCode).toBe(401);
  });

  it('checks no database per request: the revoked cache is in memory and bounded by the token life', async () => {
    const before = t.app.sessions.size;
    const tokens = await loginAs(t.app, 'student');
    await logout(tokens);
    expect(t.app.sessions.size).toBe(before + 1);
    expect(t.app.sessions.isRevoked(undefined)).toBe(false);
  });
});

describe('a socket outlives its token by nothing', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    // JWT times are whole seconds: a 2 s token lives between 1 and 2 s
    t = await createTestApp({ config: { accessTokenTtlMs: 2_000 }, seed: { generatedStudents: 2, jobs: 10 } });
    url = await listening(t);
  });
  afterAll(() => t.close());

  it('sends token-expired at expiry, then disconnects; a new token connects again', async () => {
    const tokens = await loginAs(t.app, 'student');
    const socket = await socketFor(url, tokens.accessToken);
    const started = Date.now();
    const told = new Promise<number>((resolve) => socket.once('token-expired', () => resolve(Date.now() - started)));
    const cut = disconnection(socket, 4_000);
    const toldAfter = await told;
    expect(toldAfter).toBeLessThan(2_500);
    expect(await cut).toBe('io server disconnect');

    // what the portal does on token-expired: refresh, reconnect with the new token
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/v1/user/refresh-access-token',
      payload: { refreshToken: tokens.refreshToken },
    });
    const again = await socketFor(url, body<LoginData>(refreshed).data.accessToken);
    expect(again.connected).toBe(true);
    await sleep(10);
  });
});
