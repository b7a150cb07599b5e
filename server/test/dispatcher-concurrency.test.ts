import type { Db } from '../src/db';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';
import { Dispatcher } from '../src/print-queue/dispatcher';
import type { DeviceJobRef, DeviceJobStatus, PrinterDriver, PrintJob } from '../src/print-queue/drivers/driver';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { DomainEvents } from '../src/events/domain-events';
import { createTestApp, DRIVER, sleep, type TestApp, expectLedgerInvariant } from './helpers';
import { newStudent } from './printing-fixtures';

/**
 * The dispatcher against the real database with jobs inserted by SQL (document, Queued log, charge in
 * the ledger), so it does not depend on the printing routes: several instances on one database, paused
 * printers, failures refunded once however often the failure path runs, cancel against claim many
 * times, claims that lapse (crash) and claims kept alive by a live instance. After every test the
 * ledger balances for every user.
 */

const quiet = new DomainEvents();

interface PrintCall {
  jobId: string;
  printerId: string;
  instance: string;
  start: number;
  end: number;
}

/** A simulated printer that records every job sent to it (who sent which job, when it ended). */
class RecordingDriver implements PrinterDriver {
  readonly kind = 'recording';
  readonly sim: SimulatedDriver;

  constructor(
    msPerSheet: number,
    private readonly instance: string,
    private readonly calls: PrintCall[],
  ) {
    this.sim = new SimulatedDriver(msPerSheet);
  }

  async send(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef> {
    const ref = await this.sim.send(job, signal);
    this.calls.push({
      jobId: job.id,
      printerId: job.printerId,
      instance: this.instance,
      start: Date.now(),
      end: Infinity,
    });
    return ref;
  }

  find(): Promise<DeviceJobRef | null> {
    return this.sim.find();
  }

  async status(job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<DeviceJobStatus> {
    const status = await this.sim.status(job, ref, signal);
    if (status.state !== 'printing' && status.state !== 'waiting') {
      const call = this.calls.find((c) => c.jobId === job.id && c.end === Infinity);
      if (call) call.end = Date.now();
    }
    return status;
  }

  cancel(): Promise<void> {
    return this.sim.cancel();
  }

  nextLookMs(job: PrintJob): number {
    return this.sim.nextLookMs(job);
  }
}

async function until(check: () => Promise<boolean>, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(10);
  }
  throw new Error(`${what} not reached in time`);
}

/** A Queued job of `sheets` A4 sheets on a printer, charged in the ledger, in one transaction. */
async function insertJob(db: Db, userId: string, printerId: string, sheets = 1): Promise<string> {
  return db.tx(async (t) => {
    const doc = await t.one<{ id: string }>(
      `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes)
       VALUES ($1, 'job.pdf', 'pdf', $2, 1000) RETURNING id`,
      [userId, sheets],
    );
    const log = await t.one<{ id: string }>(
      `INSERT INTO printing_logs (user_id, printer_id, document_id, selected_pages, total_pages, cost)
       VALUES ($1, $2, $3, $4, $4, $4) RETURNING id`,
      [userId, printerId, doc?.id, sheets],
    );
    if (!log) throw new Error('no log');
    await applyLedgerEntry(t, {
      userId,
      kind: 'charge',
      delta: -sheets,
      refType: 'printing_log',
      refId: log.id,
    });
    return log.id;
  });
}

/** The student's cancel: one conditional UPDATE, and the refund in the same transaction. */
async function cancel(db: Db, logId: string): Promise<boolean> {
  return db.tx(async (t) => {
    const row = await t.one<{ user_id: string; cost: number }>(
      `UPDATE printing_logs SET status = 'Failed', failure_reason = 'cancelled', finish_date = now(), updated_at = now()
       WHERE id = $1 AND status = 'Queued' RETURNING user_id, cost`,
      [logId],
    );
    if (!row) return false;
    await applyLedgerEntry(t, {
      userId: row.user_id,
      kind: 'refund',
      delta: row.cost,
      refType: 'printing_log',
      refId: logId,
    });
    return true;
  });
}

describe(`print dispatcher, concurrency and crashes (${DRIVER})`, () => {
  let t: TestApp;
  const dispatchers: Dispatcher[] = [];

  function make(options: {
    instanceId: string;
    calls?: PrintCall[];
    msPerSheet?: number;
    leaseMs?: number;
    pollMs?: number;
  }): { dispatcher: Dispatcher; driver: RecordingDriver } {
    const driver = new RecordingDriver(options.msPerSheet ?? 2, options.instanceId, options.calls ?? []);
    const dispatcher = new Dispatcher({
      db: t.app.db,
      events: quiet,
      driver,
      instanceId: options.instanceId,
      pollMs: options.pollMs ?? 10,
      leaseMs: options.leaseMs ?? 60_000,
    });
    dispatchers.push(dispatcher);
    return { dispatcher, driver };
  }

  const statusOf = async (id: string) =>
    (await t.app.db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status;

  const refundRows = async (id: string) =>
    (
      await t.app.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM page_ledger WHERE kind = 'refund' AND ref_type = 'printing_log' AND ref_id = $1`,
        [id],
      )
    )?.n;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    // the demo queue would be printed too: mark it done so each test sees only its own jobs
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
  });

  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
    await expectLedgerInvariant(t.app.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('two instances on one database: every job printed exactly once, one at a time per printer, in order', async () => {
    const student = await newStudent(t.app, 200);
    const printers = ['B1-212', 'B4-301', 'B4-504'];
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) for (const p of printers) ids.push(await insertJob(t.app.db, student.id, p, 2));
    const calls: PrintCall[] = [];
    const a = make({ instanceId: 'inst-a', calls });
    const b = make({ instanceId: 'inst-b', calls });
    await Promise.all([a.dispatcher.start(), b.dispatcher.start()]);
    await until(
      async () =>
        (
          await t.app.db.query(`SELECT 1 FROM printing_logs WHERE id = ANY($1::uuid[]) AND status <> 'Completed'`, [
            ids,
          ])
        ).length === 0,
      30_000,
      'all jobs completed',
    );
    // each job printed once, by one instance
    const perJob = new Map<string, number>();
    for (const c of calls) perJob.set(c.jobId, (perJob.get(c.jobId) ?? 0) + 1);
    expect([...perJob.keys()].sort()).toEqual([...ids].sort());
    expect([...perJob.values()].every((n) => n === 1)).toBe(true);
    for (const printerId of printers) {
      const onPrinter = calls.filter((c) => c.printerId === printerId).sort((x, y) => x.start - y.start);
      // never two jobs at once on one printer, whichever instance printed them
      for (let i = 1; i < onPrinter.length; i += 1) {
        expect(onPrinter[i]?.start).toBeGreaterThanOrEqual(onPrinter[i - 1]?.end ?? Number.POSITIVE_INFINITY);
      }
      // in the order they were queued
      const queued = await t.app.db.query<{ id: string }>(
        `SELECT id FROM printing_logs WHERE id = ANY($1::uuid[]) AND printer_id = $2 ORDER BY created_at, id`,
        [ids, printerId],
      );
      expect(onPrinter.map((c) => c.jobId)).toEqual(queued.map((r) => r.id));
    }
    const rows = await t.app.db.query<{ finish_date: Date | null; started_at: Date | null; attempts: number }>(
      'SELECT finish_date, started_at, attempts FROM printing_logs WHERE id = ANY($1::uuid[])',
      [ids],
    );
    expect(rows.every((r) => r.finish_date !== null && r.started_at !== null && r.attempts === 1)).toBe(true);
  });

  it("a paused printer's jobs wait; they print once it is active again", async () => {
    const student = await newStudent(t.app, 10);
    await t.app.db.query(`UPDATE printers SET status = 0 WHERE printer_id = 'B5-110'`);
    try {
      const id = await insertJob(t.app.db, student.id, 'B5-110');
      const calls: PrintCall[] = [];
      const { dispatcher } = make({ instanceId: 'inst-paused', calls });
      await dispatcher.start();
      await sleep(300);
      await dispatcher.tick();
      expect(await statusOf(id)).toBe('Queued');
      expect(calls).toEqual([]);
      await t.app.db.query(`UPDATE printers SET status = 1 WHERE printer_id = 'B5-110'`);
      await until(async () => (await statusOf(id)) === 'Completed');
      expect(calls.map((c) => c.jobId)).toEqual([id]);
    } finally {
      await t.app.db.query(`UPDATE printers SET status = 1 WHERE printer_id = 'B5-110'`);
    }
  });

  it('a failed job is refunded exactly once, even when the failure path runs again or twice at once', async () => {
    const student = await newStudent(t.app, 10);
    // told to fail by the driver
    const failed = await insertJob(t.app.db, student.id, 'H6-605', 3);
    const { dispatcher, driver } = make({ instanceId: 'inst-fail' });
    driver.sim.failJob(failed, 'Kẹt giấy');
    await dispatcher.start();
    await until(async () => (await statusOf(failed)) === 'Failed');
    const again = await Promise.all([dispatcher.fail(failed, 'again'), dispatcher.fail(failed, 'again')]);
    expect(again).toEqual([false, false]);
    expect(await refundRows(failed)).toBe(1);
    await dispatcher.stop();

    // an InProgress job failed by two paths at the same moment: one of them wins
    const racing = await insertJob(t.app.db, student.id, 'H6-605', 2);
    const { dispatcher: other } = make({ instanceId: 'inst-fail-2' });
    expect((await other.claimNext('H6-605'))?.id).toBe(racing);
    const both = await Promise.all([other.fail(racing, 'a'), other.fail(racing, 'b')]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await refundRows(racing)).toBe(1);
    expect(await statusOf(racing)).toBe('Failed');
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(10);
  });

  it('cancel against claim, 50 times: exactly one wins each time, the ledger balances', async () => {
    const student = await newStudent(t.app, 200);
    const { dispatcher } = make({ instanceId: 'inst-race' });
    let claims = 0;
    let cancels = 0;
    let failedPrints = 0;
    for (let round = 0; round < 50; round += 1) {
      const id = await insertJob(t.app.db, student.id, 'H1-203', 2);
      // alternate who starts first
      const [claimed, cancelled] =
        round % 2 === 0
          ? await Promise.all([dispatcher.claimNext('H1-203'), cancel(t.app.db, id)])
          : await Promise.all([cancel(t.app.db, id), dispatcher.claimNext('H1-203')]).then(([c, j]) => [j, c] as const);
      const claimWon = claimed?.id === id;
      expect(claimWon).not.toBe(cancelled);
      if (claimWon) {
        claims += 1;
        expect(await statusOf(id)).toBe('InProgress');
        expect(await refundRows(id)).toBe(0);
        // half the printed ones fail and are refunded, the others complete
        if (round % 4 < 2) {
          failedPrints += 1;
          expect(await dispatcher.fail(id, 'Kẹt giấy')).toBe(true);
          expect(await refundRows(id)).toBe(1);
        } else {
          await t.app.db.query(`UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE id = $1`, [
            id,
          ]);
          expect(await refundRows(id)).toBe(0);
        }
      } else {
        cancels += 1;
        expect(claimed).toBeNull();
        expect(await statusOf(id)).toBe('Failed');
        expect(await refundRows(id)).toBe(1);
      }
    }
    // what the database holds, not what the loop counted: every job of the student ended once
    const ended = await t.app.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM printing_logs WHERE user_id = $1 GROUP BY status ORDER BY status`,
      [student.id],
    );
    const completed = ended.find((row) => row.status === 'Completed')?.n ?? 0;
    expect(ended.map((row) => row.status).filter((s) => s !== 'Completed' && s !== 'Failed')).toEqual([]);
    expect((ended.find((row) => row.status === 'Failed')?.n ?? 0) + completed).toBe(50);
    const refunds = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM page_ledger WHERE user_id = $1 AND kind = 'refund'`,
      [student.id],
    );
    // each cancel and each failed print refunded exactly once
    expect(refunds?.n).toBe(cancels + failedPrints);
    expect(completed).toBe(claims - failedPrints);
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    const charged = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM printing_logs WHERE user_id = $1 AND status = 'Completed'`,
      [student.id],
    );
    // only the completed jobs cost anything
    expect(balance?.balance).toBe(200 - 2 * (charged?.n ?? 0));
  });

  it('a live instance renews its claim: a job printing longer than the lease is never taken by another', async () => {
    const student = await newStudent(t.app, 10);
    const id = await insertJob(t.app.db, student.id, 'B1-109', 3);
    const calls: PrintCall[] = [];
    const a = make({ instanceId: 'inst-live-a', calls, msPerSheet: 600, leaseMs: 800, pollMs: 20 });
    await a.dispatcher.start();
    await until(async () => (await statusOf(id)) === 'InProgress');
    const b = make({ instanceId: 'inst-live-b', calls, msPerSheet: 600, leaseMs: 800, pollMs: 20 });
    await b.dispatcher.start();
    await until(async () => (await statusOf(id)) === 'Completed');
    expect(calls.map((c) => [c.jobId, c.instance])).toEqual([[id, 'inst-live-a']]);
    const row = await t.app.db.one<{ attempts: number }>('SELECT attempts FROM printing_logs WHERE id = $1', [id]);
    expect(row?.attempts).toBe(1);
  });

  it('crash: a claim nobody renews lapses; the job is queued again and printed once by the next instance', async () => {
    const student = await newStudent(t.app, 10);
    const id = await insertJob(t.app.db, student.id, 'B2-105', 2);
    // a process that claimed the job and died (no heartbeat, no requeue)
    const { dispatcher: dead } = make({ instanceId: 'inst-dead', leaseMs: 200 });
    expect((await dead.claimNext('B2-105'))?.id).toBe(id);
    const calls: PrintCall[] = [];
    const next = make({ instanceId: 'inst-next', calls, leaseMs: 200 });
    await next.dispatcher.start();
    await until(async () => (await statusOf(id)) === 'Completed');
    expect(calls.map((c) => c.jobId)).toEqual([id]);
    const row = await t.app.db.one<{ attempts: number; claimed_by: string }>(
      'SELECT attempts, claimed_by FROM printing_logs WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ attempts: 2, claimed_by: 'inst-next' });
    expect(await refundRows(id)).toBe(0);
  });

  it('crash: a job whose claim lapsed on its last attempt is failed and refunded once', async () => {
    const student = await newStudent(t.app, 10);
    const id = await insertJob(t.app.db, student.id, 'H3-106', 4);
    const { dispatcher: survivor } = make({ instanceId: 'inst-survivor', leaseMs: 100 });
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const { dispatcher: dead } = make({ instanceId: `inst-dead-${attempt}`, leaseMs: 100 });
      expect((await dead.claimNext('H3-106'))?.id).toBe(id);
      await sleep(150);
      await survivor.recoverAbandoned();
      expect(await statusOf(id)).toBe(attempt < 3 ? 'Queued' : 'Failed');
    }
    // recovering again changes nothing
    await survivor.recoverAbandoned();
    expect(await refundRows(id)).toBe(1);
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [student.id]);
    expect(balance?.balance).toBe(10);
  });

  it('stop() during a print leaves the job with its device (not queued, not failed, not refunded); the next instance follows it and never sends it again', async () => {
    const student = await newStudent(t.app, 10);
    const id = await insertJob(t.app.db, student.id, 'H1-101', 5);
    const calls: PrintCall[] = [];
    const { dispatcher } = make({ instanceId: 'inst-stop', msPerSheet: 10_000, calls });
    await dispatcher.start();
    await until(async () => calls.length === 1);
    const t0 = Date.now();
    await dispatcher.stop();
    expect(Date.now() - t0).toBeLessThan(2_000);
    const left = await t.app.db.one<{ status: string; device_job_id: number | null; claimed_by: string | null }>(
      'SELECT status, device_job_id, claimed_by FROM printing_logs WHERE id = $1',
      [id],
    );
    expect(left).toEqual({ status: 'InProgress', device_job_id: expect.any(Number), claimed_by: null });
    expect(await refundRows(id)).toBe(0);
    // the next instance (a restart) follows the job on its device to its end: sent once in all
    const { dispatcher: again } = make({ instanceId: 'inst-stop-2', msPerSheet: 1, calls });
    await again.start();
    await until(async () => (await statusOf(id)) === 'Completed');
    expect(calls.map((c) => [c.jobId, c.instance])).toEqual([[id, 'inst-stop']]);
    expect(await refundRows(id)).toBe(0);
  });

  it('stop() before the device took the job queues it again, to be sent by the next instance', async () => {
    const student = await newStudent(t.app, 10);
    const id = await insertJob(t.app.db, student.id, 'H6-109', 1);
    const { dispatcher } = make({ instanceId: 'inst-claimed-only' });
    expect((await dispatcher.claimNext('H6-109'))?.id).toBe(id);
    await dispatcher.start();
    await dispatcher.stop();
    const calls: PrintCall[] = [];
    const { dispatcher: next } = make({ instanceId: 'inst-claimed-next', leaseMs: 1, calls });
    await next.start();
    await until(async () => (await statusOf(id)) === 'Completed');
    expect(calls.map((c) => c.jobId)).toEqual([id]);
  });
});
