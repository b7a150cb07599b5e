import type { StudentFilterLogsResponse, StudentPrintingResponse } from 'shared-api/contracts';
import { ledgerSum } from '../src/modules/ledger/ledger.repository';
import { Dispatcher } from '../src/print-queue/dispatcher';
import type { PrinterDriver } from '../src/print-queue/drivers/driver';
import { PrinterDrivers } from '../src/print-queue/drivers/driver-registry';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { DomainEvents } from '../src/events/domain-events';
import { bearer, body, createTestApp, DRIVER, sleep, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const PRINTER = 'B1-109';

/** Waits until check() holds (polling), or fails after timeoutMs. */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error('condition not reached in time');
}

/** A bus recording the events a dispatcher raises, in the words the socket layer turns them into. */
function recordingRealtime() {
  const events: string[] = [];
  const realtime = new DomainEvents();
  realtime.on('printer-changed', () => events.push('printers'));
  realtime.on('job-changed', ({ userId }) => events.push(`history:${userId}`));
  return { realtime, events };
}

describe(`print dispatcher (${DRIVER})`, () => {
  let t: TestApp;
  let pdf2: Buffer;
  let dispatcher: Dispatcher | null = null;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    pdf2 = await makePdf(2);
    // the demo queue would be printed too: mark it done so each test sees only its own jobs
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = null;
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (id: string) =>
    (await t.app.db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status;

  async function queue(token: string, count: number, printerId = PRINTER): Promise<string[]> {
    const response = await submitPrint(
      t.app,
      token,
      Array.from({ length: count }, (_, i) => ({ name: `job-${i}.pdf`, content: pdf2 })),
      { printerId },
    );
    expect(response.statusCode).toBe(200);
    return body<StudentPrintingResponse>(response).data.printingLogs.map((l) => l._id);
  }

  function makeDispatcher(
    msPerSheet: number,
    realtime: DomainEvents = recordingRealtime().realtime,
    instanceId = 'test-a',
  ) {
    const driver = new SimulatedDriver(msPerSheet);
    dispatcher = new Dispatcher({ db: t.app.db, events: realtime, driver, instanceId, pollMs: 10, leaseMs: 60_000 });
    return { driver, dispatcher };
  }

  it('prints Queued → InProgress → Completed, one job at a time per printer, in order, with events', async () => {
    const student = await newStudent(t.app, 20);
    const ids = await queue(student.token, 3);
    const { realtime, events } = recordingRealtime();
    const { dispatcher: d } = makeDispatcher(15, realtime);
    const seenInProgress = new Set<string>();
    let maxConcurrent = 0;
    await d.start();
    await until(async () => {
      const rows = await t.app.db.query<{ id: string; status: string }>(
        'SELECT id, status FROM printing_logs WHERE id = ANY($1::uuid[])',
        [ids],
      );
      const inProgress = rows.filter((r) => r.status === 'InProgress');
      maxConcurrent = Math.max(maxConcurrent, inProgress.length);
      for (const r of inProgress) seenInProgress.add(r.id);
      return rows.every((r) => r.status === 'Completed');
    });
    expect(maxConcurrent).toBeLessThanOrEqual(1);
    expect(seenInProgress.size).toBeGreaterThan(0);
    const done = await t.app.db.query<{ id: string; finish_date: Date | null; started_at: Date | null }>(
      'SELECT id, finish_date, started_at FROM printing_logs WHERE id = ANY($1::uuid[]) ORDER BY finish_date',
      [ids],
    );
    expect(done.map((r) => r.id)).toEqual(ids);
    expect(done.every((r) => r.finish_date !== null)).toBe(true);
    expect(events).toContain(`history:${student.id}`);
    expect(events).toContain('printers');
    // nothing refunded, the ledger still balances
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(14);
    expect(await ledgerSum(t.app.db, student.id)).toBe(14);
  });

  it("each printer's jobs go to that printer's driver (a driver per printer, the default for the others)", async () => {
    const other = await t.app.db.one<{ printer_id: string }>(
      `SELECT printer_id FROM printers WHERE status = 1 AND printer_id <> $1 ORDER BY printer_id LIMIT 1`,
      [PRINTER],
    );
    const student = await newStudent(t.app, 20);
    const [special] = await queue(student.token, 1);
    const [plain] = await queue(student.token, 1, other?.printer_id);
    const seen: string[] = [];
    const fallback = new SimulatedDriver(1);
    const own: PrinterDriver = {
      kind: 'recording',
      send: async (job, signal) => {
        seen.push(`own:${job.id}`);
        return fallback.send(job, signal);
      },
      find: () => fallback.find(),
      status: (job, ref, signal) => fallback.status(job, ref, signal),
      cancel: () => fallback.cancel(),
      nextLookMs: (job) => fallback.nextLookMs(job),
    };
    const device = new SimulatedDriver(1);
    const drivers = new PrinterDrivers(fallback, () => device);
    drivers.set(PRINTER, own);
    expect(drivers.driverFor({ printerId: PRINTER, deviceUri: null })).toBe(own);
    expect(drivers.driverFor({ printerId: other?.printer_id ?? '', deviceUri: null })).toBe(fallback);
    // a printer with a device address gets that address's driver, one per address
    expect(drivers.driverFor({ printerId: 'X', deviceUri: 'ipp://a/ipp/print' })).toBe(device);
    dispatcher = new Dispatcher({
      db: t.app.db,
      events: new DomainEvents(),
      drivers,
      instanceId: 'per-printer',
      pollMs: 10,
    });
    await dispatcher.start();
    await until(
      async () => (await status(special ?? '')) === 'Completed' && (await status(plain ?? '')) === 'Completed',
    );
    expect(seen).toEqual([`own:${special}`]);
  });

  it('a job the printer fails is Failed and refunded in full, once', async () => {
    const student = await newStudent(t.app, 10);
    const [id] = await queue(student.token, 1);
    const { driver, dispatcher: d } = makeDispatcher(1);
    driver.failJob(id ?? '', 'Kẹt giấy');
    await d.start();
    await until(async () => (await status(id ?? '')) === 'Failed');
    const row = await t.app.db.one<{ failure_reason: string; finish_date: Date | null }>(
      'SELECT failure_reason, finish_date FROM printing_logs WHERE id = $1',
      [id],
    );
    expect(row?.failure_reason).toBe('Kẹt giấy');
    expect(row?.finish_date).not.toBeNull();
    expect(await d.fail(id ?? '', 'again')).toBe(false);
    const refunds = await t.app.db.query(`SELECT delta FROM page_ledger WHERE ref_id = $1 AND kind = 'refund'`, [id]);
    expect(refunds).toEqual([{ delta: 2 }]);
    expect(await ledgerSum(t.app.db, student.id)).toBe(10);
  });

  it('after a crash: an abandoned job resumes, one tried too often is refunded, a live claim is left alone', async () => {
    const student = await newStudent(t.app, 10);
    const [stale, exhausted] = await queue(student.token, 2, 'H1-101');
    const [live] = await queue(student.token, 1, 'H1-203');
    // what a killed process leaves behind: claims nobody renews any more
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'InProgress', claimed_by = 'dead-process',
              claimed_at = now() - interval '1 hour', attempts = 1 WHERE id = $1`,
      [stale],
    );
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'InProgress', claimed_by = 'dead-process',
              claimed_at = now() - interval '1 hour', attempts = 3 WHERE id = $1`,
      [exhausted],
    );
    // and a job another live process is printing right now (its claim is fresh)
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'InProgress', claimed_by = 'live-process', claimed_at = now(), attempts = 1
       WHERE id = $1`,
      [live],
    );
    const { dispatcher: d } = makeDispatcher(1);
    await d.start();
    await until(async () => (await status(stale ?? '')) === 'Completed');
    expect(await status(exhausted ?? '')).toBe('Failed');
    expect(await status(live ?? '')).toBe('InProgress');
    // 3 jobs of 2 pages charged, the exhausted one refunded
    expect(await ledgerSum(t.app.db, student.id)).toBe(6);
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(6);
    // the live process dies too: once its claim lapses, the job is taken back
    await t.app.db.query(`UPDATE printing_logs SET claimed_at = now() - interval '1 hour' WHERE id = $1`, [live]);
    await until(async () => (await status(live ?? '')) === 'Completed');
  });

  it('a stop leaves the job with its device; the next start follows it to its end without sending it again', async () => {
    const student = await newStudent(t.app, 10);
    const [id] = await queue(student.token, 1, 'H3-106');
    const { dispatcher: d } = makeDispatcher(10_000);
    await d.start();
    const sent = async () =>
      (
        await t.app.db.one<{ device_job_id: number | null }>('SELECT device_job_id FROM printing_logs WHERE id = $1', [
          id,
        ])
      )?.device_job_id ?? null;
    await until(async () => (await sent()) !== null);
    const deviceJob = await sent();
    await d.stop();
    expect(await status(id ?? '')).toBe('InProgress');
    const { dispatcher: next } = makeDispatcher(1, undefined, 'test-b');
    await next.start();
    await until(async () => (await status(id ?? '')) === 'Completed');
    // the same copy on the device, not a second one
    expect(await sent()).toBe(deviceJob);
  });

  it('cancel against claim, many times: exactly one wins, refunded at most once', async () => {
    const student = await newStudent(t.app, 60);
    const { dispatcher: d } = makeDispatcher(1);
    for (let round = 0; round < 15; round += 1) {
      const [id] = await queue(student.token, 1, 'H6-109');
      const [claimed, cancelled] = await Promise.all([
        d.claimNext('H6-109'),
        t.app.inject({
          method: 'DELETE',
          url: '/v1/student/cancelLog',
          payload: { printingLogId: id },
          headers: bearer(student.token),
        }),
      ]);
      const claimWon = claimed?.id === id;
      const cancelWon = cancelled.statusCode === 200;
      expect(claimWon !== cancelWon).toBe(true);
      // free the printer for the next round
      await t.app.db.query(`UPDATE printing_logs SET status = 'Completed' WHERE id = $1 AND status = 'InProgress'`, [
        id,
      ]);
    }
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(await ledgerSum(t.app.db, student.id));
    const doubles = await t.app.db.query(
      `SELECT ref_id FROM page_ledger WHERE user_id = $1 AND kind = 'refund' GROUP BY ref_id HAVING count(*) > 1`,
      [student.id],
    );
    expect(doubles).toEqual([]);
  });
});

describe(`print dispatcher in the app (${DRIVER})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: true, printSimMsPerSheet: 0 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('starts with the app: a submitted job reaches Completed, /healthz reports the dispatcher', async () => {
    const student = await newStudent(t.app, 10);
    const response = await submitPrint(t.app, student.token, [{ name: 'a.pdf', content: await makePdf(1) }], {
      printerId: 'B2-105',
    });
    expect(response.statusCode).toBe(200);
    const id = body<StudentPrintingResponse>(response).data.printingLogs[0]?._id;
    await until(async () => {
      const history = await t.app.inject({
        method: 'GET',
        url: '/v1/student/filterLogs',
        headers: bearer(student.token),
      });
      const log = body<StudentFilterLogsResponse>(history).data.printingLogs.find((l) => l._id === id);
      return log?.status === 'Completed' && log.finishDate !== null;
    }, 30_000);
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(['idle', 'running']).toContain(body<{ dispatcher: { state: string } }>(health).data.dispatcher.state);
  });
});
