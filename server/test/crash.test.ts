import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import type { Db } from '../src/db';
import { applyLedgerEntry, ledgerSum } from '../src/modules/ledger/ledger.repository';
import { createTokenService } from '../src/lib/tokens';
import { newSchemaName, openTestDb, PG_URL, sleep, TEST_JWT_SECRET } from './helpers';
import { makePdf } from './printing-fixtures';

/**
 * The server process killed with SIGKILL while a job prints, then started again: the job is taken back
 * (its claim is no longer renewed) and completes, charged once, nothing lost. Needs a PostgreSQL server (the test reads the database
 * while the server process runs, which an embedded PGlite folder does not allow): runs under
 * scripts/with-postgres.sh and in CI, skipped on PGlite.
 */
const describeOnPostgres = PG_URL ? describe : describe.skip;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describeOnPostgres('crash while printing (postgres)', () => {
  const schema = newSchemaName();
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-crash-'));
  let db: Db;
  let port: number;
  let child: ChildProcess | null = null;

  function startServer(msPerSheet: number): ChildProcess {
    // tsx as a loader inside this one process (its CLI would fork a second process SIGKILL would miss)
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: path.join(REPO_ROOT, 'server'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: PG_URL ?? '',
        DATABASE_SCHEMA: schema,
        DATA_DIR: path.join(dataRoot, 'pglite'),
        JWT_SECRET: TEST_JWT_SECRET,
        SEED_DEMO: 'false',
        // production refuses the sandbox gateway unless allowed: this test needs no real gateway
        ALLOW_SANDBOX_GATEWAY: 'true',
        // production starts only with an officer account
        BOOTSTRAP_SPSO_EMAIL: 'officer@crash.test',
        BOOTSTRAP_SPSO_PASSWORD: 'Crash@12345',
        LOG_LEVEL: 'warn',
        PORTAL_DIR: '/nonexistent-portal',
        PRINT_DISPATCHER: 'true',
        // This test counts ledger rows: a semester grant landing mid-test is not what it checks.
        GRANT_SCHEDULER: 'false',
        PRINT_SIM_MS_PER_SHEET: String(msPerSheet),
        PRINT_CLAIM_LEASE: '2s',
      },
      stdio: process.env.CRASH_DEBUG ? 'inherit' : 'ignore',
    });
    return proc;
  }

  async function healthy(): Promise<void> {
    await until(
      async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200,
      60_000,
      'the server to answer /healthz',
    );
  }

  function killed(proc: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    return new Promise((resolve) => {
      if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  }

  beforeAll(async () => {
    port = await freePort();
    child = startServer(60_000);
    await healthy();
    db = await openTestDb(schema, true);
  }, 90_000);

  afterAll(async () => {
    if (child) await killed(child, 'SIGTERM');
    await db?.close();
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }, 30_000);

  it('takes the job back after a kill -9 and completes it, charged once', async () => {
    const user = await db.one<{ id: string }>(
      `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name)
       VALUES ('crash.test@hcmut.edu.vn', 'x', 'student', 'CRASH01', 'Thử', 'Sinh Viên') RETURNING id`,
    );
    const userId = user?.id ?? '';
    await db.query(
      `INSERT INTO printers (printer_id, facility, department, room, status) VALUES ('CRASH-1', 'CS1', 'B1', '101', 1)`,
    );
    await applyLedgerEntry(db, { userId, kind: 'adjustment', delta: 10 });
    const token = createTokenService(TEST_JWT_SECRET, 900_000, 900_000).signAccess({ id: userId, role: 'student' });

    const form = new FormData();
    form.append('printerId', 'CRASH-1');
    form.append('documents', JSON.stringify([{ numVersion: 1 }]));
    form.append('file', new Blob([new Uint8Array(await makePdf(2))]), 'crash.pdf');
    const response = await fetch(`http://127.0.0.1:${port}/v1/student/printing`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const jobId = ((await response.json()) as { data: { printingLogs: { _id: string }[] } }).data.printingLogs[0]?._id;

    const status = async () =>
      (await db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [jobId]))?.status;
    await until(async () => (await status()) === 'InProgress', 30_000, 'the job to start printing');

    // the process dies mid-print: no shutdown hook runs
    if (child) await killed(child, 'SIGKILL');
    expect(await status()).toBe('InProgress');

    // started again (a new process: it takes the job back once the dead claim lapses), a fast printer now
    child = startServer(1);
    await healthy();
    await until(async () => (await status()) === 'Completed', 30_000, 'the job to complete after the restart').catch(
      async (error: unknown) => {
        if (process.env.CRASH_DEBUG) console.log(await db.query('SELECT * FROM printing_logs WHERE id = $1', [jobId]));
        throw error;
      },
    );

    const ledger = await db.query<{ kind: string; delta: number }>(
      'SELECT kind, delta FROM page_ledger WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    expect(ledger).toEqual([
      { kind: 'adjustment', delta: 10 },
      { kind: 'charge', delta: -2 },
    ]);
    const balance = await db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
    expect(balance?.balance).toBe(8);
    expect(await ledgerSum(db, userId)).toBe(8);
  }, 120_000);
});
