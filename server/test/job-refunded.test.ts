/**
 * A student is told when someone else ends their job and refunds it: staff disable the printer under
 * a queued job, or the printer fails it. The event names the printer, the file and the pages, and goes
 * to that student's sockets only.
 */
import type { AddressInfo } from 'node:net';
import type {
  ClientToServerEvents,
  JobExpiringEvent,
  JobRefundedEvent,
  ServerToClientEvents,
  StudentFilterLogsResponse,
  StudentPrintingResponse,
} from 'shared-api/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { balanceOf } from './factories';
import { bearer, body, createTestApp, DRIVER, loginAs, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe(`a refund the student did not ask for is told to them (${DRIVER})`, () => {
  let t: TestApp;
  let url: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await t.close();
  });

  const listen = async (token: string) => {
    const client: Client = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    const received: JobRefundedEvent[] = [];
    client.on('job-refunded', (event) => received.push(event));
    const expiring: JobExpiringEvent[] = [];
    client.on('job-expiring', (event) => expiring.push(event));
    // what it heard of expiring jobs rides along, unseen by the comparisons of the refunds
    Object.defineProperty(received, 'expiring', { value: expiring, enumerable: false });
    return received as JobRefundedEvent[] & { expiring: JobExpiringEvent[] };
  };
  const until = async (check: () => boolean, ms = 3_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('staff disable a printer: its owner hears the file, the printer and the pages; nobody else does', async () => {
    const printerId = 'H1-101';
    const owner = await newStudent(t.app, 30);
    const bystander = await newStudent(t.app, 30);
    const ownerHears = await listen(owner.token);
    const bystanderHears = await listen(bystander.token);
    const staffHears = await listen((await loginAs(t.app, 'staff')).accessToken);

    const title = 'Giải tích <img src=x onerror=alert(1)> & bài 2.pdf';
    const sent = await submitPrint(t.app, owner.token, [{ name: title, content: await makePdf(3) }], {
      printerId,
      documents: [{ numVersion: 2 }],
    });
    expect(sent.statusCode).toBe(200);
    const job = body<StudentPrintingResponse>(sent).data.printingLogs[0];
    expect(await balanceOf(t.app.db, owner.id)).toBe(24);

    const staff = await loginAs(t.app, 'staff');
    const off = await t.app.inject({
      method: 'PUT',
      url: '/v1/staff/printer',
      headers: bearer(staff.accessToken),
      payload: { printerId, status: 0 },
    });
    expect(off.statusCode).toBe(200);

    await until(() => ownerHears.length > 0);
    expect(ownerHears).toEqual([{ printingLogId: job?._id, printerId, title, pages: 6, reason: 'printer disabled' }]);
    expect(await balanceOf(t.app.db, owner.id)).toBe(30);
    // the row of the history carries the reason
    const history = await t.app.inject({ url: '/v1/student/filterLogs', headers: bearer(owner.token) });
    const row = body<StudentFilterLogsResponse>(history).data.printingLogs.find((log) => log._id === job?._id);
    expect(row).toMatchObject({ status: 'Failed', failureReason: 'printer disabled' });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bystanderHears).toEqual([]);
    expect(staffHears).toEqual([]);

    await t.app.inject({
      method: 'PUT',
      url: '/v1/staff/printer',
      headers: bearer(staff.accessToken),
      payload: { printerId, status: 1 },
    });
  });

  it('a job the printer fails: its owner hears the reason the printer gave', async () => {
    const printerId = 'H1-203';
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE printer_id = $1 AND status IN ('Queued', 'InProgress')`,
      [printerId],
    );
    const owner = await newStudent(t.app, 10);
    const ownerHears = await listen(owner.token);
    const sent = await submitPrint(t.app, owner.token, [{ name: 'luan-van.pdf', content: await makePdf(2) }], {
      printerId,
    });
    const jobId = body<StudentPrintingResponse>(sent).data.printingLogs[0]?._id ?? '';
    const dispatcher = new Dispatcher({
      db: t.app.db,
      events: t.app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'refund-told',
    });
    expect((await dispatcher.claimNext(printerId))?.id).toBe(jobId);
    expect(await dispatcher.fail(jobId, 'Kẹt giấy khay 2')).toBe(true);
    await until(() => ownerHears.length > 0);
    expect(ownerHears).toEqual([
      { printingLogId: jobId, printerId, title: 'luan-van.pdf', pages: 2, reason: 'Kẹt giấy khay 2' },
    ]);
    // failing it again refunds nothing and tells nothing
    expect(await dispatcher.fail(jobId, 'Kẹt giấy khay 2')).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ownerHears).toHaveLength(1);
    expect(await balanceOf(t.app.db, owner.id)).toBe(10);
  });

  it('a held job about to expire: its owner hears it once, with the minutes left; then its refund; nobody else', async () => {
    const printerId = 'B1-109';
    await t.app.db.query(`UPDATE printers SET release_mode = 'held' WHERE printer_id = $1`, [printerId]);
    try {
      const owner = await newStudent(t.app, 10);
      const ownerHears = await listen(owner.token);
      const bystanderHears = await listen((await newStudent(t.app, 10)).token);
      const title = 'Đề cương <b>ôn tập <i>và bài 3.pdf';
      const sent = await submitPrint(t.app, owner.token, [{ name: title, content: await makePdf(2) }], { printerId });
      const job = body<StudentPrintingResponse>(sent).data.printingLogs[0];
      const deadline = Date.parse(job?.heldUntil ?? '');
      expect(job?.status).toBe('Held');

      // 8 minutes before its deadline, the expiry runs twice: the owner hears it once
      await t.app.services.release.expireHeldJobs(new Date(deadline - 8 * 60_000));
      await t.app.services.release.expireHeldJobs(new Date(deadline - 7 * 60_000));
      await until(() => ownerHears.expiring.length > 0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ownerHears.expiring).toEqual([{ printingLogId: job?._id, printerId, title, minutes: 8 }]);
      expect(ownerHears).toEqual([]);

      // past it: expired and refunded, and told so
      await t.app.services.release.expireHeldJobs(new Date(deadline + 60_000));
      await until(() => ownerHears.length > 0);
      expect(ownerHears).toEqual([{ printingLogId: job?._id, printerId, title, pages: 2, reason: 'expired' }]);
      expect(bystanderHears.expiring).toEqual([]);
      expect(bystanderHears).toEqual([]);
    } finally {
      await t.app.db.query(`UPDATE printers SET release_mode = 'direct' WHERE printer_id = $1`, [printerId]);
    }
  });
});
