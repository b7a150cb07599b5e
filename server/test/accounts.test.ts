/**
 * Accounts the officer manages (issue 20, point 4): list and search, issue a staff or officer account
 * with a temporary password that must be changed first, disable (its logins and sockets end at once)
 * and enable, reset a password, the last officer kept; everyone's own password change; the audit trail.
 */
import type { AddressInfo } from 'node:net';
import type { Account, AccountsPage, ClientToServerEvents, ServerToClientEvents } from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed';
import {
  bearer,
  body,
  createTestApp,
  DRIVER,
  login,
  loginAs,
  VIETNAMESE,
  type LoginData,
  type TestApp,
} from './helpers';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe(`accounts the officer manages (${DRIVER})`, () => {
  let t: TestApp;
  let url: string;
  let officer: LoginData;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { sessionRevocationPollMs: 200 }, seed: { generatedStudents: 30, jobs: 0 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    officer = await loginAs(t.app, 'spso');
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await t.close();
  });

  const list = (query: string, token = officer.accessToken) =>
    t.app.inject({ url: `/v1/spso/users?${query}`, headers: bearer(token) });
  const issue = (payload: Record<string, unknown>, token = officer.accessToken) =>
    t.app.inject({ method: 'POST', url: '/v1/spso/users', headers: bearer(token), payload });
  const change = (payload: Record<string, unknown>, token = officer.accessToken) =>
    t.app.inject({ method: 'PUT', url: '/v1/spso/users', headers: bearer(token), payload });
  const changeOwnPassword = (token: string, currentPassword: string, newPassword: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/v1/user/password',
      headers: bearer(token),
      payload: { currentPassword, newPassword },
    });
  const information = (token: string) => t.app.inject({ url: '/v1/user/information', headers: bearer(token) });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/user/refresh-access-token', payload: { refreshToken } });
  const audit = (userId: string) =>
    t.app.db.query<{ action: string; actor_id: string | null }>(
      'SELECT action, actor_id FROM account_changes WHERE user_id = $1 ORDER BY id',
      [userId],
    );

  async function socketFor(token: string): Promise<Client> {
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

  it('only officers reach the accounts: a student and a staff member get 403, no token 401', async () => {
    for (const role of ['student', 'staff'] as const) {
      const tokens = await loginAs(t.app, role);
      expect((await list('', tokens.accessToken)).statusCode).toBe(403);
      expect(
        (await issue({ email: 'x@hcmut.edu.vn', firstName: 'A', lastName: 'B', role: 'spso' }, tokens.accessToken))
          .statusCode,
      ).toBe(403);
      expect(
        (await change({ id: '00000000-0000-4000-8000-000000000000', disabled: true }, tokens.accessToken)).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ url: '/v1/spso/users' })).statusCode).toBe(401);
  });

  it('lists every account by role, code, name without diacritics, e-mail and disabled, paged', async () => {
    const all = body<AccountsPage>(await list('per_page=100')).data;
    const count = await t.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users');
    expect(all.total).toBe(count?.n);
    // officers first, then staff, then students
    const roles = all.users.map((user) => user.role);
    expect(roles.indexOf('student')).toBeGreaterThan(roles.lastIndexOf('staff'));
    expect(roles.lastIndexOf('spso')).toBeLessThan(roles.indexOf('staff'));

    const staff = body<AccountsPage>(await list('role=staff')).data;
    expect(staff.users.length).toBeGreaterThan(0);
    expect(staff.users.every((user) => user.role === 'staff')).toBe(true);

    const student = all.users.find((user) => user.role === 'student' && user.mssv);
    if (!student?.mssv) throw new Error('the seed has students');
    const byCode = body<AccountsPage>(await list(`searchField=${student.mssv}`)).data;
    expect(byCode.users.map((user) => user.id)).toContain(student.id);

    const byEmail = body<AccountsPage>(
      await list(`searchField=${encodeURIComponent(student.email.slice(0, 6).toUpperCase())}`),
    ).data;
    expect(byEmail.users.every((user) => user.email.startsWith(student.email.slice(0, 6)))).toBe(true);
    expect(byEmail.users.map((user) => user.id)).toContain(student.id);

    // the given name, typed without its diacritics, finds the student from the start of a word
    const folded = student.firstName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    const byName = body<AccountsPage>(await list(`searchField=${encodeURIComponent(folded.toLowerCase())}`)).data;
    expect(byName.users.map((user) => user.id)).toContain(student.id);

    const page2 = body<AccountsPage>(await list('per_page=5&page=2')).data;
    expect(page2.users.map((user) => user.id)).toEqual(all.users.slice(5, 10).map((user) => user.id));
    expect(body<AccountsPage>(await list('disabled=true')).data.total).toBe(0);
    expect((await list('role=admin')).statusCode).toBe(400);
  });

  it('issues a staff account with a temporary password shown once; its first sign-in must change it, then other logins end', async () => {
    const response = await issue({
      email: '  Nhan.Vien.Moi@HCMUT.edu.vn ',
      firstName: 'Lan',
      lastName: 'Phạm Thị',
      role: 'staff',
      facility: 'CS2',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { user, temporaryPassword } = body<{ user: Account; temporaryPassword: string }>(response).data;
    expect(user).toMatchObject({
      email: 'nhan.vien.moi@hcmut.edu.vn',
      role: 'staff',
      facility: 'CS2',
      disabled: false,
      mustChangePassword: true,
      source: 'password',
      lastLoginAt: null,
    });
    expect(temporaryPassword).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
    // not kept in clear anywhere: the list never shows it
    expect(JSON.stringify(body(await list(`searchField=nhan.vien`)).data)).not.toContain(temporaryPassword);
    expect(await audit(user.id)).toEqual([{ action: 'create', actor_id: expect.any(String) }]);

    const again = await issue({ email: 'nhan.vien.moi@hcmut.edu.vn', firstName: 'X', lastName: 'Y', role: 'spso' });
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('EMAIL_TAKEN');
    expect(body(again).message).toMatch(VIETNAMESE);

    // first sign-in: only the information, the password change and the logout answer
    const first = body<LoginData>(await login(t.app, 'nhan.vien.moi@hcmut.edu.vn', temporaryPassword)).data;
    const second = body<LoginData>(await login(t.app, 'nhan.vien.moi@hcmut.edu.vn', temporaryPassword)).data;
    const info = await information(first.accessToken);
    expect(info.statusCode).toBe(200);
    expect(body<{ mustChangePassword: boolean }>(info).data.mustChangePassword).toBe(true);
    const blocked = await t.app.inject({ url: '/v1/staff/printers', headers: bearer(first.accessToken) });
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).code).toBe('PASSWORD_CHANGE_REQUIRED');
    // a refresh keeps the mark while the password is still temporary
    const refreshed = body<LoginData>(await refresh(first.refreshToken)).data;
    expect((await t.app.inject({ url: '/v1/staff/printers', headers: bearer(refreshed.accessToken) })).statusCode).toBe(
      403,
    );

    // the rules: at least 8 characters, not the current one; a wrong current one is 422
    const short = await changeOwnPassword(refreshed.accessToken, temporaryPassword, 'ngan');
    expect(short.statusCode).toBe(400);
    expect(body(short).message).toMatch(/8 ký tự/);
    expect((await changeOwnPassword(refreshed.accessToken, temporaryPassword, temporaryPassword)).statusCode).toBe(400);
    const wrong = await changeOwnPassword(refreshed.accessToken, 'khong-dung-1', 'Mat-khau-moi-2026');
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).code).toBe('WRONG_PASSWORD');

    const otherSocket = await socketFor(second.accessToken);
    const cut = new Promise<string>((resolve) => otherSocket.once('disconnect', resolve));
    const changed = await changeOwnPassword(refreshed.accessToken, temporaryPassword, 'Mat-khau-moi-2026');
    expect(changed.statusCode).toBe(200);
    expect(body(changed).message).toMatch(/1 phiên đăng nhập khác/);
    // the other login ended at once, its socket too; this one goes on, and its refresh drops the mark
    expect((await information(second.accessToken)).statusCode).toBe(401);
    expect(await cut).toBe('io server disconnect');
    const after = body<LoginData>(await refresh(refreshed.refreshToken)).data;
    expect((await t.app.inject({ url: '/v1/staff/printers', headers: bearer(after.accessToken) })).statusCode).toBe(
      200,
    );
    expect(body<{ mustChangePassword: boolean }>(await information(after.accessToken)).data.mustChangePassword).toBe(
      false,
    );
    expect((await login(t.app, 'nhan.vien.moi@hcmut.edu.vn', temporaryPassword)).statusCode).toBe(401);
    expect((await login(t.app, 'nhan.vien.moi@hcmut.edu.vn', 'Mat-khau-moi-2026')).statusCode).toBe(200);
    expect((await audit(user.id)).map((row) => row.action)).toEqual(['create', 'password_change']);
    const listed = body<AccountsPage>(await list('searchField=nhan.vien.moi')).data.users[0];
    expect(listed?.lastLoginAt).not.toBeNull();
    expect(listed?.mustChangePassword).toBe(false);
  });

  it('disabling ends every login and socket of the account at once; enabling lets it sign in again', async () => {
    const staff = body<{ user: Account; temporaryPassword: string }>(
      await issue({
        email: 'tam.nghi@hcmut.edu.vn',
        firstName: 'Minh',
        lastName: 'Lê',
        role: 'staff',
        facility: 'CS1',
      }),
    ).data;
    const tokens = body<LoginData>(await login(t.app, 'tam.nghi@hcmut.edu.vn', staff.temporaryPassword)).data;
    expect((await changeOwnPassword(tokens.accessToken, staff.temporaryPassword, 'Doi-mat-khau-1')).statusCode).toBe(
      200,
    );
    const session = body<LoginData>(await login(t.app, 'tam.nghi@hcmut.edu.vn', 'Doi-mat-khau-1')).data;
    const socket = await socketFor(session.accessToken);
    const cut = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const disabled = await change({ id: staff.user.id, disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(body<Account>(disabled).data.disabled).toBe(true);
    expect(await cut).toBe('io server disconnect');
    expect((await information(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(419);
    const refused = await login(t.app, 'tam.nghi@hcmut.edu.vn', 'Doi-mat-khau-1');
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toMatch(/vô hiệu hóa/);
    expect(body<AccountsPage>(await list('disabled=true')).data.users.map((user) => user.id)).toEqual([staff.user.id]);

    expect((await change({ id: staff.user.id, disabled: false })).statusCode).toBe(200);
    expect((await login(t.app, 'tam.nghi@hcmut.edu.vn', 'Doi-mat-khau-1')).statusCode).toBe(200);
    expect((await audit(staff.user.id)).map((row) => row.action)).toEqual([
      'create',
      'password_change',
      'disable',
      'enable',
    ]);
  });

  it('a reset gives a new temporary password (shown once), ends the logins, and must be changed again', async () => {
    const student = await t.app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      DEMO_ACCOUNTS.student,
    ]);
    const session = await loginAs(t.app, 'student');
    const reset = await change({ id: student?.id, resetPassword: true });
    expect(reset.statusCode).toBe(200);
    const data = body<Account & { temporaryPassword?: string }>(reset).data;
    expect(data.temporaryPassword).toMatch(/^[A-Za-z2-9-]{14}$/);
    expect(data.mustChangePassword).toBe(true);
    expect((await information(session.accessToken)).statusCode).toBe(401);
    expect((await login(t.app, DEMO_ACCOUNTS.student, DEMO_PASSWORD)).statusCode).toBe(401);
    const fresh = body<LoginData>(await login(t.app, DEMO_ACCOUNTS.student, data.temporaryPassword)).data;
    expect((await t.app.inject({ url: '/v1/student/filterLogs', headers: bearer(fresh.accessToken) })).statusCode).toBe(
      403,
    );
    expect((await changeOwnPassword(fresh.accessToken, data.temporaryPassword ?? '', DEMO_PASSWORD)).statusCode).toBe(
      200,
    );
    expect((await login(t.app, DEMO_ACCOUNTS.student, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await audit(student?.id ?? '')).map((row) => row.action)).toEqual(['reset_password', 'password_change']);
  });

  it('the last officer: an officer cannot disable themselves, and two disabling each other at once leave one', async () => {
    const self = await t.app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.spso]);
    const refusedSelf = await change({ id: self?.id, disabled: true });
    expect(refusedSelf.statusCode).toBe(422);
    expect(body(refusedSelf).message).toMatch(VIETNAMESE);

    // the seed's other officer, signed in with a password of its own
    const other = await t.app.db.one<{ id: string; email: string }>(
      `SELECT id, email FROM users WHERE role = 'spso' AND email <> $1`,
      [DEMO_ACCOUNTS.spso],
    );
    const otherTokens = body<LoginData>(await login(t.app, other?.email ?? '', DEMO_PASSWORD)).data;
    const both = await Promise.all([
      change({ id: other?.id, disabled: true }),
      change({ id: self?.id, disabled: true }, otherTokens.accessToken),
    ]);
    const statuses = both.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const lost = both.find((response) => response.statusCode === 409);
    expect(lost && body(lost).code).toBe('LAST_OFFICER');
    const active = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE role = 'spso' AND is_active`,
    );
    expect(active?.n).toBe(1);
    // Either may win (on PostgreSQL both requests run at once): the winner enables the loser again, and
    // when the demo officer lost, its ended session is replaced for the tests after this one.
    const selfLost = both[1]?.statusCode === 200;
    const enabled = await change(
      { id: selfLost ? self?.id : other?.id, disabled: false },
      selfLost ? otherTokens.accessToken : officer.accessToken,
    );
    expect(enabled.statusCode).toBe(200);
    if (selfLost) officer = await loginAs(t.app, 'spso');
  });

  it('an account of the school sign-in has no password to change here; bad ids are 400 or 404, not 500', async () => {
    const sso = await t.app.db.one<{ id: string }>(
      `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, auth_source)
       VALUES ('sso.only@hcmut.edu.vn', '', 'student', '2399999', 'Hà', 'Võ', 'cas') RETURNING id`,
    );
    const token = t.app.tokens.signAccess({ id: sso?.id ?? '', role: 'student' });
    const response = await changeOwnPassword(token, 'bat-ky', 'Mat-khau-moi-1');
    expect(response.statusCode).toBe(422);
    expect(body(response).message).toMatch(/tài khoản trường/);
    expect((await change({ id: 'not-a-uuid', disabled: true })).statusCode).toBe(400);
    const missing = await change({ id: '00000000-0000-4000-8000-000000000000', disabled: true });
    expect(missing.statusCode).toBe(404);
    expect((await change({ id: sso?.id })).statusCode).toBe(400);
  });
});
