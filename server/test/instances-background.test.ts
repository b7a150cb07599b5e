import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { StudentPrintingResponse } from 'shared-api/contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Db, type HeldConnection } from '../src/db';
import { NO_DOCUMENT_TOOLS } from '../src/documents/file-types';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';
import { markStopping } from '../src/modules/health/stopping';
import { createStudent } from './factories';
import { body, expectLedgerInvariant, newSchemaName, openTestDb, PG_URL, sleep, TEST_JWT_SECRET } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/**
 * The background work of the server with two instances on one PostgreSQL database (two apps built here,
 * each with its own connection pool, on one schema): the dispatchers print each job once and charge it
 * once; the printer monitor runs on one instance, taken over when its owner stops or dies; the grant,
 * report, retention and expiry runs started on both at the same instant do their work once; a graceful
 * stop answers /healthz 503 and hands back its print claim at once; a killed instance (every query of it
 * frozen, its connections ended by the server, as after SIGKILL) has its job finished by the other,
 * charged once. PGlite is one process and cannot be shared by two instances: skipped there (the CI's
 * PostgreSQL step runs it).
 */
const describeOnPostgres = PG_URL ? describe : describe.skip;

const HOUR = 3_600_000;
const LEASE_MS = 1_000;
const MS_PER_SHEET = 100;

/** Makes every query of an instance hang from `freeze()` on, and fail from `bury()` on. */
class Gate {
  private frozen = false;
  private buried = false;
  private readonly waiting: ((error: Error) => void)[] = [];

  pass<T>(run: () => Promise<T>): Promise<T> {
    if (this.buried) return Promise.reject(new Error('instance killed'));
    if (this.frozen) return new Promise<T>((_resolve, reject) => this.waiting.push(reject));
    return run();
  }

  freeze(): void {
    this.frozen = true;
  }

  bury(): void {
    this.buried = true;
    for (const reject of this.waiting.splice(0)) reject(new Error('instance killed'));
  }
}

/** The instance's database handle, through the gate. */
function gated(inner: Db, gate: Gate): Db {
  const held = (conn: HeldConnection): HeldConnection => ({
    query: <T>(sql: string, params?: readonly unknown[]) => gate.pass(() => conn.query<T>(sql, params)),
    onLost: (handler) => conn.onLost(handler),
    release: () => conn.release(),
  });
  return {
    driver: inner.driver,
    query: <T>(sql: string, params?: readonly unknown[]) => gate.pass(() => inner.query<T>(sql, params)),
    one: <T>(sql: string, params?: readonly unknown[]) => gate.pass(() => inner.one<T>(sql, params)),
    exec: (sql) => gate.pass(() => inner.exec(sql)),
    tx: (fn) => gate.pass(() => inner.tx((t) => fn(gated(t, gate)))),
    inTransaction: () => inner.inTransaction(),
    hold: () =>
      gate.pass(async () => {
        const conn = await inner.hold();
        return conn ? held(conn) : null;
      }),
    close: () => inner.close(),
  };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(25);
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Instance {
  name: string;
  app: FastifyInstance;
  /** As a SIGKILL: nothing of it runs again, its database connections end (its locks go with them). */
  kill(): Promise<void>;
  close(): Promise<void>;
}

describeOnPostgres('background work across two instances (postgres)', () => {
  const schema = newSchemaName();
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-instances-'));
  let observer: Db;
  const instances: Instance[] = [];

  async function startInstance(name: string, seed: boolean): Promise<Instance> {
    const appName = `sp_${name}_${crypto.randomBytes(3).toString('hex')}`;
    const url = PG_URL ?? '';
    const real = await openDatabase({
      databaseUrl: `${url}${url.includes('?') ? '&' : '?'}application_name=${appName}`,
      databaseSchema: schema,
      dropSchemaOnClose: false,
      databasePoolMax: 6,
      dataDir: 'memory',
    });
    const gate = new Gate();
    const defaults = loadConfig({});
    const app = await buildApp({
      env: {},
      db: gated(real, gate),
      seed: seed ? undefined : false,
      documents: NO_DOCUMENT_TOOLS,
      // every scheduler on, with long intervals: the test starts their runs itself, at the same instant
      release: { enabled: true, intervalMs: HOUR },
      grants: { enabled: true, intervalMs: HOUR },
      reports: { enabled: true, intervalMs: HOUR },
      retention: { enabled: true, intervalMs: HOUR },
      config: {
        env: 'test',
        logLevel: 'silent',
        dataDir: 'memory',
        databaseUrl: PG_URL,
        databaseSchema: schema,
        jwtSecret: TEST_JWT_SECRET,
        seedDemo: seed,
        portalDir: '/nonexistent-portal',
        instanceId: name,
        uploadDir,
        printDispatcher: true,
        printSimMsPerSheet: MS_PER_SHEET,
        printClaimLeaseMs: LEASE_MS,
        printers: { ...defaults.printers, monitor: true, monitorIntervalMs: 200 },
      },
    });
    await app.ready();
    let closed = false;
    let killed = false;
    const instance: Instance = {
      name,
      app,
      async kill() {
        killed = true;
        gate.freeze();
        await observer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          appName,
        ]);
      },
      async close() {
        if (closed) return;
        closed = true;
        // a killed instance's queries fail from now on, so that its app can be closed
        if (killed) gate.bury();
        await within(app.close(), 20_000, `closing ${name}`);
        await within(real.close(), 10_000, `closing ${name}'s pool`);
      },
    };
    instances.push(instance);
    return instance;
  }

  /** The instance whose claim (INSTANCE_ID, then a random part) the job carries. */
  const claimerOf = async (jobId: string): Promise<string | null> => {
    const row = await observer.one<{ claimed_by: string | null }>(
      'SELECT claimed_by FROM printing_logs WHERE id = $1',
      [jobId],
    );
    return row?.claimed_by?.split(':')[0] ?? null;
  };

  const ledgerOf = async (jobId: string) =>
    observer.query<{ kind: string; delta: number }>(
      `SELECT kind, delta FROM page_ledger WHERE ref_type = 'printing_log' AND ref_id = $1 ORDER BY kind`,
      [jobId],
    );

  const simulatedPrinters = async (): Promise<string[]> =>
    (
      await observer.query<{ printer_id: string }>(
        `SELECT printer_id FROM printers p WHERE status = 1 AND retired_at IS NULL AND driver_kind = 'simulated'
           AND release_mode = 'direct'
           AND NOT EXISTS (SELECT 1 FROM printing_logs l WHERE l.printer_id = p.printer_id
                           AND l.status IN ('Queued', 'InProgress'))
         ORDER BY printer_id LIMIT 3`,
      )
    ).map((row) => row.printer_id);

  async function submit(via: Instance, token: string, printerId: string, copies = 1): Promise<string> {
    const response = await submitPrint(via.app, token, [{ name: `doc-${copies}.pdf`, content: await makePdf(1) }], {
      printerId,
      documents: [{ numVersion: copies }],
    });
    expect(response.statusCode).toBe(200);
    const id = body<StudentPrintingResponse>(response).data.printingLogs[0]?._id;
    if (!id) throw new Error('no job id');
    return id;
  }

  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    observer = await openTestDb(schema, true);
    a = await startInstance('inst-a', true);
    // the demo queue would be printed too: marked done, so each test sees only its own jobs
    await observer.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
    b = await startInstance('inst-b', false);
  });

  afterAll(async () => {
    for (const instance of instances.splice(0).reverse()) await instance.close().catch(() => undefined);
    await observer?.close();
    fs.rmSync(uploadDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await expectLedgerInvariant(observer);
  });

  it('two dispatchers, jobs submitted through either instance: each claimed once, printed, charged once', async () => {
    const printers = await simulatedPrinters();
    expect(printers).toHaveLength(3);
    const student = await newStudent(a.app, 200);
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      ids.push(await submit(i % 2 ? b : a, student.token, printers[i % printers.length] ?? ''));
    }
    await until(
      async () =>
        (
          await observer.query(`SELECT 1 FROM printing_logs WHERE id = ANY($1::uuid[]) AND status <> 'Completed'`, [
            ids,
          ])
        ).length === 0,
      30_000,
      'every job printed',
    );
    const rows = await observer.query<{ id: string; attempts: number; claimed_by: string }>(
      `SELECT id, attempts, claimed_by FROM printing_logs WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    // claimed once each (a second claim would count a second attempt), by one of the two instances
    expect(rows.map((row) => row.attempts)).toEqual(ids.map(() => 1));
    expect(new Set(rows.map((row) => row.claimed_by.split(':')[0])).size).toBeGreaterThanOrEqual(1);
    for (const row of rows) expect(['inst-a', 'inst-b']).toContain(row.claimed_by.split(':')[0]);
    for (const id of ids) expect(await ledgerOf(id)).toEqual([{ kind: 'charge', delta: -1 }]);
  });

  it('the printer monitor runs on one instance only', async () => {
    // a device that never answers (nothing listens on port 9): read each round by its one watcher
    await observer.query(
      `INSERT INTO printers (printer_id, facility, driver_kind, driver_uri) VALUES ('IPP-DOWN', 'CS1', 'ipp', 'ipp://127.0.0.1:9/ipp/print')`,
    );
    await until(
      async () => a.app.printerMonitor.printers + b.app.printerMonitor.printers > 0,
      10_000,
      'a monitor round',
    );
    const owners: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      await sleep(250);
      expect([a.app.printerMonitor.printers, b.app.printerMonitor.printers].filter((n) => n > 0)).toHaveLength(1);
      const row = await observer.one<{ monitor_owner: string | null }>(
        `SELECT monitor_owner FROM printers WHERE printer_id = 'IPP-DOWN'`,
      );
      owners.push(row?.monitor_owner?.split(':')[0] ?? '');
    }
    const owner = a.app.printerMonitor.printers > 0 ? 'inst-a' : 'inst-b';
    expect(owners).toEqual(owners.map(() => owner));
    // two watchers would still write one notice (the printer row is locked), but one watcher reads it once
    const notices = await observer.query(
      `SELECT 1 FROM notices WHERE action = 'printer-offline' AND printer_id = 'IPP-DOWN' AND receiver_role = 'spso'`,
    );
    expect(notices.length).toBeLessThanOrEqual(1);
  });

  it('grants started on both at the same instant: each student granted once', async () => {
    const students = await Promise.all(Array.from({ length: 30 }, () => createStudent(observer, 0)));
    const at = new Date();
    const [ra, rb] = await Promise.all([a.app.grantScheduler?.runOnce(at), b.app.grantScheduler?.runOnce(at)]);
    expect((ra?.granted ?? 0) + (rb?.granted ?? 0)).toBe(students.length);
    const grants = await observer.query<{ user_id: string; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM page_ledger WHERE kind = 'grant' AND user_id = ANY($1::uuid[])
       GROUP BY user_id`,
      [students],
    );
    expect(grants).toHaveLength(students.length);
    expect(grants.every((row) => row.n === 1)).toBe(true);
  });

  it('reports stored by both at the same instant: each period stored once', async () => {
    await observer.query('DELETE FROM stored_reports');
    const at = new Date();
    const [ra, rb] = await Promise.all([a.app.reportScheduler?.runOnce(at), b.app.reportScheduler?.runOnce(at)]);
    const stored = [...(ra?.stored ?? []), ...(rb?.stored ?? [])];
    const rows = await observer.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_reports');
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(stored).toHaveLength(rows[0]?.n ?? -1);
    expect(new Set(stored).size).toBe(stored.length);
  });

  it('held jobs expired by both at the same instant: each refunded once, each owner told once', async () => {
    const printerId = (await simulatedPrinters())[0] ?? '';
    const student = await createStudent(observer, 100);
    const expired: string[] = [];
    const expiring: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const soon = i % 4 === 0;
      const id = await observer.tx(async (t) => {
        const doc = await t.one<{ id: string }>(
          `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes) VALUES ($1, 'held.pdf', 'pdf', 1, 10)
           RETURNING id`,
          [student],
        );
        const log = await t.one<{ id: string }>(
          `INSERT INTO printing_logs (user_id, printer_id, document_id, status, selected_pages, total_pages, cost,
                                      release_code, held_until)
           VALUES ($1, $2, $3, 'Held', 1, 1, 1, $4, now() + make_interval(mins => $5::int)) RETURNING id`,
          [student, printerId, doc?.id, `9${String(i).padStart(5, '0')}`, soon ? 5 : -5],
        );
        if (!log) throw new Error('no job');
        await applyLedgerEntry(t, {
          userId: student,
          kind: 'charge',
          delta: -1,
          refType: 'printing_log',
          refId: log.id,
        });
        return log.id;
      });
      (soon ? expiring : expired).push(id);
    }
    const at = new Date();
    const [ra, rb] = await Promise.all([a.app.expiryScheduler?.runOnce(at), b.app.expiryScheduler?.runOnce(at)]);
    expect((ra?.expired ?? 0) + (rb?.expired ?? 0)).toBe(expired.length);
    expect((ra?.told ?? 0) + (rb?.told ?? 0)).toBe(expiring.length);
    for (const id of expired)
      expect(await ledgerOf(id)).toEqual([
        { kind: 'charge', delta: -1 },
        { kind: 'refund', delta: 1 },
      ]);
    for (const id of expiring) expect(await ledgerOf(id)).toEqual([{ kind: 'charge', delta: -1 }]);
    const told = await observer.query(`SELECT 1 FROM notices WHERE action = 'job-expiring' AND receiver_id = $1`, [
      student,
    ]);
    expect(told).toHaveLength(expiring.length);
  });

  it('the retention purge on both at the same instant: each file deleted once, one already gone is no error', async () => {
    const student = await createStudent(observer, 0);
    const printerId = (await simulatedPrinters())[0] ?? '';
    const names: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      const name = `old-${crypto.randomBytes(6).toString('hex')}.pdf`;
      fs.writeFileSync(path.join(uploadDir, name), 'x');
      names.push(name);
      await observer.tx(async (t) => {
        const doc = await t.one<{ id: string }>(
          `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes, storage_path, created_at)
           VALUES ($1, 'old.pdf', 'pdf', 1, 1, $2, now() - interval '10 days') RETURNING id`,
          [student, name],
        );
        await t.query(
          `INSERT INTO printing_logs (user_id, printer_id, document_id, status, selected_pages, total_pages, cost,
                                      created_at, finish_date, updated_at)
           VALUES ($1, $2, $3, 'Completed', 1, 1, 0, now() - interval '10 days', now() - interval '10 days',
                   now() - interval '10 days')`,
          [student, printerId, doc?.id],
        );
      });
    }
    // one removed by hand (or by an instance that crashed mid-purge)
    fs.rmSync(path.join(uploadDir, names[0] ?? ''));
    const at = new Date();
    const [ra, rb] = await Promise.all([a.app.retentionScheduler?.runOnce(at), b.app.retentionScheduler?.runOnce(at)]);
    expect((ra?.purged ?? 0) + (rb?.purged ?? 0)).toBe(names.length);
    expect((ra?.missing ?? 0) + (rb?.missing ?? 0)).toBe(1);
    for (const name of names) expect(fs.existsSync(path.join(uploadDir, name))).toBe(false);
    const left = await observer.query(`SELECT 1 FROM documents WHERE storage_path = ANY($1::text[])`, [names]);
    expect(left).toEqual([]);
  });

  it('a graceful stop: /healthz answers 503, the print claim is handed back and the other instance finishes the job, charged once; the monitor moves at once', async () => {
    const printerId = (await simulatedPrinters())[0] ?? '';
    const student = await newStudent(a.app, 100);
    // 30 sheets: 3 s of printing
    const id = await submit(a, student.token, printerId, 30);
    await until(
      async () =>
        Boolean(
          (
            await observer.one<{ sent: boolean }>(
              `SELECT device_job_id IS NOT NULL AS sent FROM printing_logs WHERE id = $1`,
              [id],
            )
          )?.sent,
        ),
      10_000,
      'the job on its device',
    );
    const printing = await claimerOf(id);
    const stopping = printing === 'inst-a' ? a : b;
    const staying = stopping === a ? b : a;

    markStopping(stopping.app);
    const health = await stopping.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(body<{ status: string }>(health).data.status).toBe('stopping');
    expect(body(health).message).toMatch(/đang dừng/);
    expect((await staying.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    const stoppedAt = Date.now();
    await stopping.close();
    // handed back, not left to lapse: the other follows it well within a lease
    await until(async () => (await claimerOf(id)) === staying.name, 5_000, 'the job taken by the other instance');
    expect(Date.now() - stoppedAt).toBeLessThan(LEASE_MS + 1_000);
    await until(
      async () =>
        (await observer.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status ===
        'Completed',
      15_000,
      'the job completed',
    );
    const row = await observer.one<{ attempts: number }>('SELECT attempts FROM printing_logs WHERE id = $1', [id]);
    expect(row?.attempts).toBe(1);
    expect(await ledgerOf(id)).toEqual([{ kind: 'charge', delta: -30 }]);
    // the monitor: the one left owns it within a retry of its lease
    await until(async () => staying.app.printerMonitor.printers > 0, 3_000, 'the monitor on the instance left');
    if (stopping === a) a = staying;
    b = await startInstance('inst-c', false);
  });

  it('an instance killed mid-print: the other finishes the job after the lease, charged once; the monitor moves', async () => {
    const printerId = (await simulatedPrinters())[0] ?? '';
    const student = await newStudent(a.app, 100);
    const id = await submit(b, student.token, printerId, 30);
    await until(
      async () =>
        Boolean(
          (
            await observer.one<{ sent: boolean }>(
              `SELECT device_job_id IS NOT NULL AS sent FROM printing_logs WHERE id = $1`,
              [id],
            )
          )?.sent,
        ),
      10_000,
      'the job on its device',
    );
    const printing = await claimerOf(id);
    const dying = printing === a.name ? a : b;
    const surviving = dying === a ? b : a;
    // the monitor owner (if the dying one) loses its lock with its connections
    await until(
      async () => a.app.printerMonitor.printers + b.app.printerMonitor.printers > 0,
      5_000,
      'a monitor round',
    );

    await dying.kill();
    await until(async () => (await claimerOf(id)) === surviving.name, LEASE_MS * 10, 'the job taken after the lease');
    await until(
      async () =>
        (await observer.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status ===
        'Completed',
      15_000,
      'the job completed',
    );
    expect(await ledgerOf(id)).toEqual([{ kind: 'charge', delta: -30 }]);
    const owner = async () =>
      (
        await observer.one<{ monitor_owner: string | null }>(
          `SELECT monitor_owner FROM printers WHERE printer_id = 'IPP-DOWN'`,
        )
      )?.monitor_owner?.split(':')[0];
    await until(async () => (await owner()) === surviving.name, 5_000, 'the monitor on the survivor');
  });
});
