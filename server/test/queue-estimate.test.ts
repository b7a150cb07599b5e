/**
 * Where my job stands (issue 21, point 5), over real HTTP on the app and a real database: the printer's
 * speed fitted from its own print log (the recorded log of fixtures/, put in printing_logs), each queued
 * job's queuePosition and estimatedStart in the student's history and in the staff and officer queues,
 * the printer list's estimatedWaitMinutes, longQueue and the nearest healthy printer of the building
 * (and none when no such printer is shorter), a student seeing only their own jobs, and the estimates
 * moving when a job starts and ends (the cached answers are dropped and the sockets told).
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import {
  LONG_QUEUE_MINUTES,
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type PrintingQueueResponse,
  type StudentFilterLogsResponse,
  type StudentPrinterDetail,
  type StudentPrinterItem,
  type StudentPrinterListResponse,
  type StudentPrintingLog,
  type StudentPrintingResponse,
} from 'shared-api/contracts';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { requeueJob } from '../src/print-queue/queue.repository';
import {
  DEFAULT_SPEED,
  fitPrinterSpeed,
  predictSeconds,
  toPrintSamples,
  type PrintLogRow,
  type PrinterSpeed,
} from '../src/modules/queue-estimate/queue-estimate.model';
import { bearer, body, createTestApp, DRIVER, expectLedgerInvariant, loginAs, sleep, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/** The printer with the recorded log and the long queue, two more of its building, and one elsewhere. */
const LONG = 'H3-201';
const NEXT_DOOR = 'H3-202';
const UPSTAIRS = 'H3-305';
/** Seeded, in the same building (H3, room 106). */
const DOWNSTAIRS = 'H3-106';
/** For the live test: no history (the default speed). */
const LIVE = 'H1-305';

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'print-log-recorded.json'), 'utf8')) as {
  rows: (PrintLogRow & { created_at: string; started_at: string | null; finish_date: string | null })[];
};

describe(`where my job stands (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let spso: string;
  let staff: string;
  let pdf: Buffer;
  /** The speed the recorded log gives (the pure fit, tested on its own in queue-estimate-model.test.ts). */
  let speed: PrinterSpeed;
  /** A (two jobs), B (the job printing and one waiting), C (a short queue next door). */
  let a: { id: string; token: string };
  let b: { id: string; token: string };
  let c: { id: string; token: string };
  let bPrinting: StudentPrintingLog;
  let bWaiting: StudentPrintingLog;
  let aFirst: StudentPrintingLog;
  let aSecond: StudentPrintingLog;

  const print = async (token: string, printerId: string, numVersion: number, pages = 2) => {
    const file = pages === 2 ? pdf : await makePdf(pages);
    const sent = await submitPrint(app, token, [{ name: 'bai-tap.pdf', content: file }], {
      printerId,
      documents: [{ numVersion }],
    });
    expect(sent.statusCode).toBe(200);
    const job = body<StudentPrintingResponse>(sent).data.printingLogs[0];
    if (!job) throw new Error('no job');
    return job;
  };
  const history = async (token: string) => {
    const answer = await app.inject({ url: '/v1/student/filterLogs', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    return body<StudentFilterLogsResponse>(answer).data.printingLogs;
  };
  const printers = async (token: string) => {
    const answer = await app.inject({ url: '/v1/student/printers?per_page=1000', headers: bearer(token) });
    expect(answer.statusCode).toBe(200);
    const list = body<StudentPrinterListResponse>(answer).data.printers;
    return (id: string): StudentPrinterItem => {
      const row = list.find((p) => p.printerId === id);
      if (!row) throw new Error(`no printer ${id}`);
      return row;
    };
  };
  const startedAt = async (id: string) => {
    const row = await app.db.one<{ started_at: Date }>('SELECT started_at FROM printing_logs WHERE id = $1', [id]);
    if (!row?.started_at) throw new Error('not started');
    return new Date(row.started_at).getTime();
  };
  const ms = (iso: string | null | undefined) => {
    if (!iso) throw new Error('no estimate');
    return Date.parse(iso);
  };
  /** Milliseconds of `sheets` at `s`. */
  const predicted = (s: PrinterSpeed, sheets: number) => predictSeconds(s, sheets) * 1000;
  const setStatus = async (printerId: string, status: 0 | 1) => {
    const answer = await app.inject({
      method: 'PUT',
      url: '/v1/staff/printer',
      headers: bearer(staff),
      payload: { printerId, status },
    });
    expect(answer.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false, uploadsInFlight: { perUser: 100, total: 100 } } });
    app = t.app;
    // the live test listens as the students' portals do
    await app.listen({ port: 0, host: '127.0.0.1' });
    spso = (await loginAs(app, 'spso')).accessToken;
    staff = (await loginAs(app, 'staff')).accessToken;
    pdf = await makePdf(2);
    // the demo queue stays out of the way
    await app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
    for (const [printerId, room, department] of [
      [LONG, '201', 'H3'],
      [NEXT_DOOR, '202', 'H3'],
      [UPSTAIRS, '305', 'H3'],
      [LIVE, '305', 'H1'],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/v1/spso/printer',
        headers: bearer(spso),
        payload: { printerId, brand: 'Ricoh', model: 'SP 5300DN', location: { facility: 'CS2', department, room } },
      });
      expect(created.statusCode).toBe(200);
    }
    // LONG's print log: the recorded one, moved to end an hour ago (inside the fit's 30 days)
    const owner = await newStudent(app, 0);
    const doc = await app.db.one<{ id: string }>(
      `INSERT INTO documents (owner_id, title, file_type, pages, purged_at) VALUES ($1, 'cu.pdf', 'pdf', 1, now())
       RETURNING id`,
      [owner.id],
    );
    const last = Math.max(...recorded.rows.map((r) => Date.parse(r.finish_date ?? r.created_at)));
    const shift = Date.now() - 3_600_000 - last;
    const moved = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) + shift));
    for (const row of recorded.rows) {
      await app.db.query(
        `INSERT INTO printing_logs (user_id, printer_id, document_id, status, selected_pages, total_pages, cost,
                                    created_at, started_at, finish_date, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5, $5, $6, $7, $8, $6)`,
        [
          owner.id,
          LONG,
          doc?.id,
          row.status,
          row.total_pages,
          moved(row.created_at),
          moved(row.started_at),
          moved(row.finish_date),
        ],
      );
    }
    speed = fitPrinterSpeed(toPrintSamples(recorded.rows));

    a = await newStudent(app, 5_000);
    b = await newStudent(app, 5_000);
    c = await newStudent(app, 5_000);
    // LONG: B's 300 sheets printing for 30 s, then B's 10 sheets, A's 200 sheets and A's 2 sheets
    bPrinting = await print(b.token, LONG, 150);
    bWaiting = await print(b.token, LONG, 5);
    aFirst = await print(a.token, LONG, 100);
    aSecond = await print(a.token, LONG, 1);
    await app.db.query(
      `UPDATE printing_logs SET status = 'InProgress', started_at = now() - interval '30 seconds' WHERE id = $1`,
      [bPrinting._id],
    );
    app.events.emit('printer-changed', { printerId: LONG });
    // next door: C's 4 sheets
    await print(c.token, NEXT_DOOR, 2);
  });
  afterEach(async () => {
    await expectLedgerInvariant(app.db);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  const sockets: Socket<ServerToClientEvents, ClientToServerEvents>[] = [];
  /** A signed-in portal's socket, connected, counting the events it is told. */
  const listen = async (token: string) => {
    const port = (app.server.address() as AddressInfo).port;
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    const told = { history: 0, printers: 0 };
    socket.on(SOCKET_EVENTS.updateStudentHistory, () => (told.history += 1));
    socket.on(SOCKET_EVENTS.updatePrinterList, () => (told.printers += 1));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return told;
  };
  /** Until `check` holds (the socket events arrive a moment after the answer), at most 3 s. */
  const eventually = async (check: () => boolean) => {
    for (let i = 0; i < 120 && !check(); i += 1) await sleep(25);
    return check();
  };

  it("reads the printer's speed from its own print log; a printer without one gets the default", async () => {
    const fitted = await app.services.queueEstimate.speedOf(LONG);
    expect(fitted.fitted).toBe(true);
    expect(fitted.setupSeconds).toBeCloseTo(speed.setupSeconds, 6);
    expect(fitted.sheetsPerMinute).toBeCloseTo(speed.sheetsPerMinute, 6);
    expect(await app.services.queueEstimate.speedOf(UPSTAIRS)).toEqual(DEFAULT_SPEED);
  });

  it("the history: each queued job's position and estimated start, from the job printing and the jobs ahead", async () => {
    const logs = await history(a.token);
    const first = logs.find((l) => l._id === aFirst._id);
    const second = logs.find((l) => l._id === aSecond._id);
    expect(first?.queuePosition).toBe(2);
    expect(first?.queuePosition).toBe(first?.position);
    expect(second?.queuePosition).toBe(3);
    // B's job started 30 s ago: A's first starts when it and B's waiting job should be done (no clock in it)
    const expectedFirst = (await startedAt(bPrinting._id)) + predicted(speed, 300) + predicted(speed, 10);
    expect(Math.abs(ms(first?.estimatedStart) - expectedFirst)).toBeLessThanOrEqual(2);
    expect(Math.abs(ms(second?.estimatedStart) - (expectedFirst + predicted(speed, 200)))).toBeLessThanOrEqual(2);

    // B sees the job printing without an estimate and the waiting one first in line
    const bLogs = await history(b.token);
    const printing = bLogs.find((l) => l._id === bPrinting._id);
    expect(printing?.status).toBe('InProgress');
    expect(printing?.queuePosition).toBeNull();
    expect(printing?.estimatedStart).toBeNull();
    const waiting = bLogs.find((l) => l._id === bWaiting._id);
    expect(waiting?.queuePosition).toBe(1);
    expect(
      Math.abs(ms(waiting?.estimatedStart) - ((await startedAt(bPrinting._id)) + predicted(speed, 300))),
    ).toBeLessThanOrEqual(2);
  });

  it("a student sees only their own jobs' places: none of another student's, nor the queues of staff", async () => {
    const text = JSON.stringify(await history(a.token));
    expect(text).not.toContain(bPrinting._id);
    expect(text).not.toContain(bWaiting._id);
    expect(text).not.toContain(b.id);
    for (const role of ['staff', 'spso']) {
      const queue = await app.inject({ url: `/v1/${role}/printingQueue?printerId=${LONG}`, headers: bearer(a.token) });
      expect(queue.statusCode).toBe(403);
    }
    const cancel = await app.inject({
      method: 'DELETE',
      url: '/v1/student/cancelLog',
      headers: bearer(a.token),
      payload: { printingLogId: bWaiting._id },
    });
    expect(cancel.statusCode).toBe(403);
  });

  it('the staff and officer queues: each waiting job with its position and estimated start', async () => {
    const expectedFirst = (await startedAt(bPrinting._id)) + predicted(speed, 300);
    for (const token of [staff, spso]) {
      const role = token === staff ? 'staff' : 'spso';
      const answer = await app.inject({ url: `/v1/${role}/printingQueue?printerId=${LONG}`, headers: bearer(token) });
      expect(answer.statusCode).toBe(200);
      const { printingJob, printingQueue } = body<PrintingQueueResponse>(answer).data;
      expect(printingJob.map((j) => [j._id, j.queuePosition, j.estimatedStart])).toEqual([[bPrinting._id, null, null]]);
      expect(printingQueue.map((j) => [j._id, j.queuePosition])).toEqual([
        [bWaiting._id, 1],
        [aFirst._id, 2],
        [aSecond._id, 3],
      ]);
      let start = expectedFirst;
      for (const job of printingQueue) {
        expect(Math.abs(ms(job.estimatedStart) - start)).toBeLessThanOrEqual(2);
        start += predicted(speed, job.total_pages);
      }
    }
  });

  it('the printer list: the wait, a long queue marked, and the nearest healthy printer of the building suggested', async () => {
    const before = Date.now();
    const row = await printers(c.token);
    const after = Date.now();
    const long = row(LONG);
    // a job sent now starts after all four: its wait in whole minutes (rounded up) at the time of the answer
    const end = (await startedAt(bPrinting._id)) + [300, 10, 200, 2].reduce((s, n) => s + predicted(speed, n), 0);
    const minutes = (at: number) => Math.ceil((end - at) / 60_000);
    expect(long.estimatedWaitMinutes).toBeGreaterThanOrEqual(minutes(after));
    expect(long.estimatedWaitMinutes).toBeLessThanOrEqual(minutes(before));
    expect(long.estimatedWaitMinutes).toBeGreaterThan(LONG_QUEUE_MINUTES);
    expect(long.longQueue).toBe(true);
    // next door (same floor, one room away) is shorter: C's 4 sheets at the default speed
    const nextDoor = row(NEXT_DOOR);
    expect(nextDoor.estimatedWaitMinutes).toBe(Math.ceil(predictSeconds(DEFAULT_SPEED, 4) / 60));
    expect(nextDoor.longQueue).toBe(false);
    expect(nextDoor.suggestedPrinter).toBeNull();
    expect(long.suggestedPrinter).toEqual({
      printerId: NEXT_DOOR,
      location: { facility: 'CS2', department: 'H3', room: '202' },
      estimatedWaitMinutes: nextDoor.estimatedWaitMinutes,
    });
    expect(row(UPSTAIRS).estimatedWaitMinutes).toBe(0);
    // the detail says the same
    const detail = await app.inject({ url: `/v1/student/printer?printerId=${LONG}`, headers: bearer(a.token) });
    expect(detail.statusCode).toBe(200);
    const data = body<StudentPrinterDetail>(detail).data;
    expect(data.longQueue).toBe(true);
    expect(data.suggestedPrinter?.printerId).toBe(NEXT_DOOR);
  });

  it('a printer whose device is offline is neither waited for nor suggested; the next nearest is', async () => {
    await app.db.query(
      `UPDATE printers SET driver_kind = 'ipp', driver_uri = 'ipp://127.0.0.1:9/ipp/print', device_state = 'offline',
              device_takes_jobs = false WHERE printer_id = $1`,
      [NEXT_DOOR],
    );
    // as the printer monitor says it
    app.events.emit('printer-changed', { printerId: NEXT_DOOR });
    const row = await printers(a.token);
    expect(row(NEXT_DOOR).estimatedWaitMinutes).toBeNull();
    expect(row(NEXT_DOOR).longQueue).toBe(false);
    // C's job waits with no start to promise
    const cJob = (await history(c.token))[0];
    expect(cJob?.status).toBe('Queued');
    expect(cJob?.queuePosition).toBe(1);
    expect(cJob?.estimatedStart).toBeNull();
    // downstairs (floor 1, room 106) is one floor away like upstairs (305), and nearer by number
    expect(row(LONG).suggestedPrinter?.printerId).toBe(DOWNSTAIRS);
    await setStatus(DOWNSTAIRS, 0);
    expect((await printers(a.token))(LONG).suggestedPrinter?.printerId).toBe(UPSTAIRS);
  });

  it('no suggestion when no healthy printer of the building is shorter', async () => {
    await setStatus(UPSTAIRS, 0);
    const row = await printers(a.token);
    expect(row(LONG).longQueue).toBe(true);
    expect(row(LONG).suggestedPrinter).toBeNull();
    // printers of other buildings are shorter, and never suggested
    expect(row(LIVE).estimatedWaitMinutes).toBe(0);
    await setStatus(DOWNSTAIRS, 1);
    await setStatus(UPSTAIRS, 1);
  });

  it('the estimates move when a job starts and ends: cached answers dropped, the sockets told', async () => {
    const d = await newStudent(app, 5_000);
    const e = await newStudent(app, 5_000);
    const dFirst = await print(d.token, LIVE, 3);
    const dSecond = await print(d.token, LIVE, 1);
    const eJob = await print(e.token, LIVE, 2);
    const before = Date.now();
    const eBefore = (await history(e.token))[0];
    const after = Date.now();
    // nothing printing: E's job starts after D's 6 and 2 sheets, at the default speed (no history)
    expect(eBefore?._id).toBe(eJob._id);
    expect(eBefore?.queuePosition).toBe(3);
    const ahead = predicted(DEFAULT_SPEED, 6) + predicted(DEFAULT_SPEED, 2);
    expect(ms(eBefore?.estimatedStart)).toBeGreaterThanOrEqual(before + ahead - 1);
    expect(ms(eBefore?.estimatedStart)).toBeLessThanOrEqual(after + ahead + 1);
    // E's answer is cached (volatile: it shows a queued job)
    expect((await history(e.token))[0]?.estimatedStart).toBe(eBefore?.estimatedStart);

    const eTold = await listen(e.token);
    // a student with nothing waiting is not told to reload their history
    const bystander = await newStudent(app, 0);
    const bystanderTold = await listen(bystander.token);
    const dispatcher = new Dispatcher({
      db: app.db,
      events: app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'queue-estimate-test',
      pollMs: 10,
    });
    try {
      // D's first job starts: E, waiting behind it, is told to reload the history and the printers, and
      // E's cached answer was dropped
      const claimed = await dispatcher.claimNext(LIVE);
      expect(claimed?.id).toBe(dFirst._id);
      expect(await eventually(() => eTold.history >= 1 && eTold.printers >= 1)).toBe(true);
      const eNow = (await history(e.token))[0];
      expect(eNow?.queuePosition).toBe(2);
      const expected = (await startedAt(dFirst._id)) + ahead;
      expect(Math.abs(ms(eNow?.estimatedStart) - expected)).toBeLessThanOrEqual(2);
      expect((await printers(e.token))(LIVE).waiting_amount).toBe(3);

      // then every job prints and ends: each end tells again, and nothing is left waiting
      const toldBefore = { ...eTold };
      await dispatcher.stop();
      // the claim above only took the job (as a pass does before printing it): it goes back to be printed
      expect(await requeueJob(app.db, dFirst._id, 'queue-estimate-test', true)).toBe(d.id);
      await dispatcher.start();
      for (let i = 0; i < 200; i += 1) {
        const left = await app.db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM printing_logs WHERE printer_id = $1 AND status <> 'Completed'`,
          [LIVE],
        );
        if (left?.n === 0) break;
        await sleep(25);
      }
      expect(await eventually(() => eTold.history > toldBefore.history + 1)).toBe(true);
      expect(eTold.printers).toBeGreaterThan(toldBefore.printers + 1);
      expect(bystanderTold.printers).toBeGreaterThan(0);
      expect(bystanderTold.history).toBe(0);
      const eDone = (await history(e.token))[0];
      expect(eDone?.status).toBe('Completed');
      expect(eDone?.queuePosition).toBeNull();
      expect(eDone?.estimatedStart).toBeNull();
      expect((await history(d.token)).find((l) => l._id === dSecond._id)?.status).toBe('Completed');
      expect((await printers(e.token))(LIVE).estimatedWaitMinutes).toBe(0);
    } finally {
      await dispatcher.stop();
    }
  });
});
