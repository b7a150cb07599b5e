import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { NoticeListResponse, ServerToClientEvents } from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { noticeConfigChanged, noticePrinterChange } from '../src/modules/notices/notices.writers';
import { recordPrinterChange } from '../src/modules/printers/printer-room.repository';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { claimNextJob } from '../src/print-queue/queue.repository';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { recordDeviceReading } from '../src/print-queue/device-health';
import { bearer, body, createTestApp, loginAs, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

let t: TestApp;
let app: FastifyInstance;
let staff: string;
let spso: string;
let student: string;
let seq = 0;

/** A second user of a role (another officer, a staff member of another facility), with a token. */
async function anotherUser(role: 'staff' | 'spso', facility: string | null, firstName = 'Khác') {
  seq += 1;
  const row = await app.db.one<{ id: string }>(
    `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, facility)
     SELECT $1, password_hash, $2, $3, $4, 'Người', $5 FROM users WHERE email = $6 RETURNING id`,
    [
      `${role}.${seq}.${Date.now()}@hcmut.edu.vn`,
      role,
      `X${seq}${Date.now() % 100000}`,
      firstName,
      facility,
      DEMO_ACCOUNTS[role],
    ],
  );
  const id = row?.id ?? '';
  return { id, token: app.tokens.signAccess({ id, role }) };
}

async function notices(role: 'staff' | 'spso', token: string, query: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: `/v1/${role}/notices`, headers: bearer(token), query });
  expect(response.statusCode).toBe(200);
  return body<NoticeListResponse>(response).data;
}

async function addPrinter(facility: 'CS1' | 'CS2' = 'CS1', description = 'Máy in thử'): Promise<string> {
  seq += 1;
  const printerId = `N-${Date.now().toString(36).slice(-5)}-${seq}`;
  const location =
    facility === 'CS1' ? { facility, department: 'B1', room: '101' } : { facility, department: 'H6', room: '109' };
  const response = await app.inject({
    method: 'POST',
    url: '/v1/spso/printer',
    headers: bearer(spso),
    payload: { printerId, brand: 'HP', model: 'M', location, description },
  });
  expect(response.statusCode).toBe(200);
  return printerId;
}

const setStatus = (token: string, printerId: string, status: 0 | 1) =>
  app.inject({ method: 'PUT', url: '/v1/staff/printer', headers: bearer(token), payload: { printerId, status } });

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  staff = (await loginAs(app, 'staff')).accessToken;
  spso = (await loginAs(app, 'spso')).accessToken;
  student = (await loginAs(app, 'student')).accessToken;
});
afterAll(() => t.close());

describe('notices come from real events', () => {
  it('a staff member switching a printer tells every officer, not the staff; the text is escaped', async () => {
    const printerId = await addPrinter();
    // a staff member whose name holds markup
    const sneaky = await anotherUser('staff', null, '<img src=x onerror=alert(1)>');
    const otherOfficer = await anotherUser('spso', null);
    const before = (await notices('spso', spso)).total;
    expect((await setStatus(sneaky.token, printerId, 0)).statusCode).toBe(200);

    for (const token of [spso, otherOfficer.token]) {
      const list = await notices('spso', token);
      const [latest] = list.allNotices;
      expect(latest).toMatchObject({
        action: 'printer-disabled',
        printerId,
        seen: false,
        sender: { user_id: sneaky.id, role: 'staff', firstName: '<img src=x onerror=alert(1)>' },
        receiver: null,
        receiverRole: 'spso',
        location: { facility: 'CS1', department: 'B1', room: '101' },
      });
      expect(latest?.description).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(latest?.description).not.toContain('<img');
      expect(latest?.description).toMatch(VIETNAMESE);
    }
    expect((await notices('spso', spso)).total).toBe(before + 1);
    // the staff (and the one who did it) get nothing about it
    const staffSide = await notices('staff', staff);
    expect(staffSide.allNotices.some((n) => n.printerId === printerId && n.action === 'printer-disabled')).toBe(false);
  });

  it("an officer's changes tell the staff of that printer's facility and the staff with none", async () => {
    const cs1Staff = staff; // the demo staff member works at CS1
    const cs2Staff = await anotherUser('staff', 'CS2');
    const anywhere = await anotherUser('staff', null);
    const printerId = await addPrinter('CS2', 'Mô tả <script>alert(1)</script>');
    const seenBy = async (token: string) =>
      (await notices('staff', token)).allNotices.filter((n) => n.printerId === printerId).map((n) => n.action);
    expect(await seenBy(cs2Staff.token)).toEqual(['printer-created']);
    expect(await seenBy(anywhere.token)).toEqual(['printer-created']);
    expect(await seenBy(cs1Staff)).toEqual([]);
    // the officer who did it reads nothing of their own
    expect((await notices('spso', spso)).allNotices.some((n) => n.printerId === printerId)).toBe(false);

    const edit = await app.inject({
      method: 'PUT',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId, status: 0, description: 'Đổi mô tả' },
    });
    expect(edit.statusCode).toBe(200);
    const retire = await app.inject({
      method: 'DELETE',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId },
    });
    expect(retire.statusCode).toBe(200);
    expect(await seenBy(cs2Staff.token)).toEqual(['printer-retired', 'printer-disabled', 'printer-created']);
    // each notice points at the recorded change
    const linked = await app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM notices n JOIN printer_changes c ON c.id = n.printer_change_id
       WHERE c.printer_id = $1`,
      [printerId],
    );
    expect(linked?.n).toBe(3);
  });

  it("a notice is read in the reader's language (Accept-Language), escaped in both", async () => {
    const printerId = await addPrinter();
    const sneaky = await anotherUser('staff', null, '<b>Bình</b>');
    expect((await setStatus(sneaky.token, printerId, 0)).statusCode).toBe(200);
    const read = async (language: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/v1/spso/notices',
        headers: { ...bearer(spso), 'accept-language': language },
      });
      return body<NoticeListResponse>(response).data.allNotices.find((n) => n.printerId === printerId)?.description;
    };
    const english = await read('en-US,en;q=0.9');
    expect(english).toContain('paused printer');
    expect(english).toContain('Campus 1, building B1, room 101');
    expect(english).toContain('&lt;b&gt;Bình&lt;/b&gt;');
    expect(english).not.toMatch(/đã tạm dừng/);
    const vietnamese = await read('vi');
    expect(vietnamese).toContain('đã tạm dừng máy in');
    expect(vietnamese).toContain('Cơ sở 1, tòa B1, phòng 101');
    // no header, or another language: Vietnamese first
    expect(await read('fr')).toBe(vietnamese);
  });

  it('a job failing at a printer tells the staff and the officers, refunded, in one transaction', async () => {
    const printerId = await addPrinter();
    const s = await newStudent(app, 10);
    const sent = await submitPrint(app, s.token, [{ name: 'hong.pdf', content: await makePdf(2) }], { printerId });
    expect(sent.statusCode).toBe(200);
    const job = await claimNextJob(app.db, printerId, 'notices-test');
    const dispatcher = new Dispatcher({
      db: app.db,
      events: app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'notices-test',
      pollMs: 60_000,
      leaseMs: 60_000,
    });
    expect(await dispatcher.fail(job?.id ?? '', 'kẹt giấy')).toBe(true);
    for (const [role, token] of [
      ['staff', staff],
      ['spso', spso],
    ] as const) {
      const [latest] = (await notices(role, token)).allNotices;
      expect(latest).toMatchObject({ action: 'job-failed', printerId, sender: { role: 'system', user_id: '' } });
      expect(latest?.description).toContain('hong.pdf');
      expect(latest?.description).toContain('kẹt giấy');
    }
  });

  it('a rolled-back change leaves no notice (the writers use the change’s transaction)', async () => {
    const printerId = await addPrinter();
    const count = async () =>
      (await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notices WHERE printer_id = $1', [printerId]))?.n;
    const before = await count();
    const staffId = (await app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.staff]))
      ?.id;
    await expect(
      app.db.tx(async (tx) => {
        const change = {
          printerId,
          actorId: staffId ?? '',
          actorRole: 'staff' as const,
          action: 'disable' as const,
          changes: {},
        };
        await noticePrinterChange(tx, {
          id: await recordPrinterChange(tx, change),
          action: 'disable',
          actorId: staffId ?? '',
          actorRole: 'staff',
          printerId,
          changes: { status: [1, 0] },
          jobsFailed: 0,
          pagesRefunded: 0,
        });
        throw new Error('the change failed after the notice was written');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(before);
    // a change refused before it starts (unknown printer) writes none either
    const total = await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notices');
    expect((await setStatus(staff, 'NO-SUCH', 0)).statusCode).toBe(404);
    expect((await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notices'))?.n).toBe(total?.n);
  });

  it('a configuration change tells the other officers; a printer going offline or back tells staff and officers', async () => {
    const other = await anotherUser('spso', null);
    const officerId = (await app.db.one<{ id: string }>('SELECT id FROM users WHERE email = $1', [DEMO_ACCOUNTS.spso]))
      ?.id;
    await app.db.tx((tx) =>
      noticeConfigChanged(tx, officerId ?? '', {
        vi: ['Giá một trang A4: 500 → 600'],
        en: ['Price of an A4 page: 500 → 600'],
      }),
    );
    expect((await notices('spso', other.token)).allNotices[0]?.action).toBe('config-changed');
    expect((await notices('spso', spso)).allNotices.some((n) => n.action === 'config-changed')).toBe(false);

    // a real printer's device stops answering (the monitor's reading, or a send that got no answer)
    await app.db.query(
      `UPDATE printers SET driver_kind = 'ipp', driver_uri = 'ipp://127.0.0.1:1/ipp/print' WHERE printer_id = 'B1-109'`,
    );
    await recordDeviceReading(app.db, app.events, 'B1-109', {
      state: 'offline',
      reasons: [],
      detail: 'không phản hồi IPP',
    });
    expect((await notices('staff', staff)).allNotices[0]).toMatchObject({
      action: 'printer-offline',
      printerId: 'B1-109',
    });
    expect((await notices('spso', spso)).allNotices[0]).toMatchObject({
      action: 'printer-offline',
      printerId: 'B1-109',
    });
    // the same reading again is no news; the device answering again is
    await recordDeviceReading(app.db, app.events, 'B1-109', { state: 'offline', reasons: [] });
    await recordDeviceReading(app.db, app.events, 'B1-109', { state: 'idle', reasons: ['toner-low-warning'] });
    const latest = (await notices('spso', spso)).allNotices;
    expect(latest.slice(0, 2).map((n) => n.action)).toEqual(['printer-online', 'printer-offline']);
    await app.db.query(
      `UPDATE printers SET driver_kind = 'simulated', driver_uri = NULL, device_state = NULL, device_reasons = '{}'
       WHERE printer_id = 'B1-109'`,
    );
  });
});

describe('reading notices', () => {
  it("'seen' is per reader; the count follows; paging is newest first", async () => {
    const a = await anotherUser('spso', null);
    const b = await anotherUser('spso', null);
    const printerId = await addPrinter();
    for (let i = 0; i < 6; i += 1) expect((await setStatus(staff, printerId, (i % 2) as 0 | 1)).statusCode).toBe(200);
    const first = await notices('spso', a.token, { per_page: '4' });
    expect(first.allNotices).toHaveLength(4);
    expect(first.news).toBe(first.total);
    const second = await notices('spso', a.token, { per_page: '4', page: '2' });
    expect(second.page).toBe(2);
    const all = [...first.allNotices, ...second.allNotices].map((n) => Date.parse(n.createdAt));
    expect(all).toEqual([...all].sort((x, y) => y - x));

    const seen = await app.inject({ method: 'PUT', url: '/v1/spso/notices/seen', headers: bearer(a.token) });
    expect(seen.statusCode).toBe(200);
    expect(body(seen).data).toEqual({ news: 0 });
    const afterA = await notices('spso', a.token);
    expect(afterA.news).toBe(0);
    expect(afterA.allNotices.every((n) => n.seen)).toBe(true);
    // b still has them all
    const afterB = await notices('spso', b.token);
    expect(afterB.news).toBe(first.total);
    expect(afterB.allNotices.every((n) => !n.seen)).toBe(true);
    // a new one is new again for a; the spec's PUT .../notices does the same as .../seen
    expect((await setStatus(staff, printerId, 0)).statusCode).toBe(200);
    expect((await notices('spso', a.token)).news).toBe(1);
    const put = await app.inject({ method: 'PUT', url: '/v1/spso/notices', headers: bearer(a.token) });
    expect(put.statusCode).toBe(200);
    expect((await notices('spso', a.token)).news).toBe(0);
  });

  it('students reach no notice route; each role only its own; bad paging is a 400', async () => {
    for (const [method, url] of [
      ['GET', '/v1/staff/notices'],
      ['GET', '/v1/spso/notices'],
      ['PUT', '/v1/staff/notices'],
      ['PUT', '/v1/spso/notices/seen'],
    ] as const) {
      expect((await app.inject({ method, url, headers: bearer(student) })).statusCode).toBe(403);
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await app.inject({ method: 'GET', url: '/v1/spso/notices', headers: bearer(staff) })).statusCode).toBe(403);
    for (const query of [{ page: '0' }, { per_page: '1000' }, { page: 'x' }] as Record<string, string>[]) {
      const response = await app.inject({ method: 'GET', url: '/v1/staff/notices', headers: bearer(staff), query });
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toMatch(VIETNAMESE);
    }
  });
});

describe('live', () => {
  let url: string;
  const clients: Socket<ServerToClientEvents>[] = [];
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });

  async function connected(token: string): Promise<Socket<ServerToClientEvents>> {
    const client: Socket<ServerToClientEvents> = connect(url, { auth: { token }, transports: ['websocket'] });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('connect_error', reject);
    });
    return client;
  }
  const next = (client: Socket<ServerToClientEvents>, ms = 1_500) =>
    new Promise<'got' | 'timeout'>((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), ms);
      client.once('update-notification-list', () => {
        clearTimeout(timer);
        resolve('got');
      });
    });

  it('update-notification-list reaches the receivers only, and the reader’s other tabs after a seen', async () => {
    const printerId = await addPrinter();
    const officer = await connected(spso);
    const officerTab2 = await connected(spso);
    const staffSocket = await connected(staff);
    const studentSocket = await connected(student);
    const waits = [next(officer), next(staffSocket, 600), next(studentSocket, 600)];
    expect((await setStatus(staff, printerId, 0)).statusCode).toBe(200);
    expect(await Promise.all(waits)).toEqual(['got', 'timeout', 'timeout']);

    const otherTab = next(officerTab2);
    const staffQuiet = next(staffSocket, 600);
    expect((await app.inject({ method: 'PUT', url: '/v1/spso/notices/seen', headers: bearer(spso) })).statusCode).toBe(
      200,
    );
    expect([await otherTab, await staffQuiet]).toEqual(['got', 'timeout']);
  });
});
