import type { StudentPrintingResponse } from 'shared-api/contracts';
import type { Db } from '../src/db';
import { DomainEvents } from '../src/events/domain-events';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';
import { markStopping } from '../src/modules/health/stopping';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { createStudent } from './factories';
import { body, createTestApp, DRIVER, expectLedgerInvariant, openTestDb, sleep, VIETNAMESE } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/**
 * A graceful stop (SIGTERM: server.ts marks the instance stopping, then closes the app): /healthz answers
 * 503 'stopping' at once; the job being printed is handed back at once (its claim released, its device
 * keeping it) and the next dispatcher on the database follows it to its end without sending it again,
 * charged once. On both drivers: the apps share one database handle here.
 */

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe(`graceful stop (${DRIVER})`, () => {
  let db: Db;

  beforeAll(async () => {
    db = await openTestDb();
  });

  afterAll(async () => {
    await db?.close();
  });

  const jobRow = (id: string) =>
    db.one<{ status: string; claimed_by: string | null; device_job_id: number | null; attempts: number }>(
      'SELECT status, claimed_by, device_job_id, attempts FROM printing_logs WHERE id = $1',
      [id],
    );

  it('answers /healthz 503 while stopping, hands back its print claim, and the next instance finishes the job', async () => {
    const first = await createTestApp({ db, config: { printDispatcher: true, printSimMsPerSheet: 100 } });
    let second: Awaited<ReturnType<typeof createTestApp>> | null = null;
    try {
      // the demo queue would be printed too: marked done, so the test sees only its own job
      await db.query(
        `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
      );
      const printer = await db.one<{ printer_id: string }>(
        `SELECT printer_id FROM printers p WHERE status = 1 AND retired_at IS NULL AND driver_kind = 'simulated'
           AND release_mode = 'direct'
           AND NOT EXISTS (SELECT 1 FROM printing_logs l WHERE l.printer_id = p.printer_id
                           AND l.status IN ('Queued', 'InProgress'))
         ORDER BY printer_id LIMIT 1`,
      );
      const student = await newStudent(first.app, 100);
      const response = await submitPrint(first.app, student.token, [{ name: 'dài.pdf', content: await makePdf(1) }], {
        printerId: printer?.printer_id ?? '',
        documents: [{ numVersion: 30 }],
      });
      expect(response.statusCode).toBe(200);
      const id = body<StudentPrintingResponse>(response).data.printingLogs[0]?._id ?? '';
      await until(async () => (await jobRow(id))?.device_job_id != null, 15_000, 'the job on its device');

      expect((await first.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      markStopping(first.app);
      const health = await first.app.inject({ url: '/healthz' });
      expect(health.statusCode).toBe(503);
      expect(body<{ status: string }>(health).data.status).toBe('stopping');
      expect(body(health).message).toMatch(VIETNAMESE);

      await first.close();
      expect(first.app.dispatcher.state).toBe('stopped');
      // handed back at once, still on its device: nobody has to wait for a lease to lapse
      expect(await jobRow(id)).toMatchObject({ status: 'InProgress', claimed_by: null, attempts: 1 });

      second = await createTestApp({ db, seed: false, config: { printDispatcher: true, printSimMsPerSheet: 100 } });
      await until(async () => (await jobRow(id))?.status === 'Completed', 15_000, 'the job completed');
      const row = await jobRow(id);
      // followed, not sent again: the same copy on the device, one claim counted
      expect(row?.attempts).toBe(1);
      const ledger = await db.query<{ kind: string; delta: number }>(
        `SELECT kind, delta FROM page_ledger WHERE ref_type = 'printing_log' AND ref_id = $1`,
        [id],
      );
      expect(ledger).toEqual([{ kind: 'charge', delta: -30 }]);
      await expectLedgerInvariant(db);
    } finally {
      await second?.close();
    }
  });

  it('lets go of a job whose claim another instance took: it neither finishes nor hands back what is not its own', async () => {
    const printer = await db.one<{ printer_id: string }>(
      `SELECT printer_id FROM printers p WHERE status = 1 AND retired_at IS NULL AND driver_kind = 'simulated'
         AND NOT EXISTS (SELECT 1 FROM printing_logs l WHERE l.printer_id = p.printer_id
                         AND l.status IN ('Queued', 'InProgress'))
       ORDER BY printer_id LIMIT 1`,
    );
    const student = await createStudent(db, 50);
    const id = await db.tx(async (t) => {
      const doc = await t.one<{ id: string }>(
        `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes) VALUES ($1, 'x.pdf', 'pdf', 30, 10)
         RETURNING id`,
        [student],
      );
      const log = await t.one<{ id: string }>(
        `INSERT INTO printing_logs (user_id, printer_id, document_id, selected_pages, total_pages, cost)
         VALUES ($1, $2, $3, 30, 30, 30) RETURNING id`,
        [student, printer?.printer_id, doc?.id],
      );
      if (!log) throw new Error('no job');
      await applyLedgerEntry(t, {
        userId: student,
        kind: 'charge',
        delta: -30,
        refType: 'printing_log',
        refId: log.id,
      });
      return log.id;
    });
    const dispatcher = new Dispatcher({
      db,
      events: new DomainEvents(),
      driver: new SimulatedDriver(100),
      instanceId: 'thought-dead',
      pollMs: 20,
      leaseMs: 60_000,
    });
    try {
      await dispatcher.start();
      await until(async () => (await jobRow(id))?.device_job_id != null, 10_000, 'the job on its device');
      expect(dispatcher.activeJobs).toEqual([id]);
      // another instance adopted it (this one's renewals were late)
      await db.query(`UPDATE printing_logs SET claimed_by = 'the-other', claimed_at = now() WHERE id = $1`, [id]);
      await until(async () => dispatcher.activeJobs.length === 0, 1_000, 'the job let go');
      await dispatcher.stop();
      expect(await jobRow(id)).toMatchObject({ status: 'InProgress', claimed_by: 'the-other' });
      await expectLedgerInvariant(db);
    } finally {
      await dispatcher.stop();
    }
  });
});
