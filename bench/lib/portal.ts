// A built portal (server/dist) on a data folder the benchmark owns, so it can be stopped, changed with
// SQL through the server's own database driver, and started again on the same data. The server's JSON
// access log is read from its stdout: each request's own time (`ms`, Fastify's elapsedTime).
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { repoRoot } from '../../e2e/support/portal';

export { repoRoot };

export const DEMO_STUDENT = 'student@hcmut.edu.vn';
export const DEMO_PASSWORD = 'Demo@12345';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** One access-log line of the server (LOG_LEVEL=info). */
export interface AccessLine {
  method: string;
  url: string;
  statusCode: number;
  ms: number;
}

export interface BenchPortal {
  url: string;
  /** The server process (to sample its memory). */
  pid: number;
  /** Access-log lines seen so far (only when started with accessLog: true). */
  accessLog: AccessLine[];
  stop(): Promise<void>;
}

/** A data folder (PGlite), or a data folder and a PostgreSQL database (bench/lib/database.ts). */
export type DbTarget = string | { dataDir: string; databaseUrl: string | null };

function targetOf(target: DbTarget): { dataDir: string; databaseUrl: string | null } {
  return typeof target === 'string' ? { dataDir: target, databaseUrl: null } : target;
}

/**
 * Starts server/dist/server.js on a free loopback port with DATA_DIR=dataDir (PGlite, or the
 * target's PostgreSQL database: a DATABASE_URL of this process is never passed on by itself), the demo
 * seed (skipped when the database already has users) and no print dispatcher, so queued jobs stay
 * queued and nothing prints during a measurement.
 */
export async function startBenchPortal(
  target: DbTarget,
  opts: { accessLog?: boolean; env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<BenchPortal> {
  const { dataDir, databaseUrl } = targetOf(target);
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // empty = PGlite (server/src/config.ts)
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'true',
      PRINT_DISPATCHER: 'false',
      ACCESS_TOKEN_TTL: '1h',
      LOG_LEVEL: opts.accessLog ? 'info' : 'error',
      LOG_PRETTY: 'false',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const accessLog: AccessLine[] = [];
  if (child.stdout) {
    readline.createInterface({ input: child.stdout }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as Partial<AccessLine> & { msg?: string; level?: number };
        if (line.msg === 'request completed' && typeof line.ms === 'number') accessLog.push(line as AccessLine);
        else if ((line.level ?? 0) >= 50) console.error(text);
      } catch {
        console.error(text);
      }
    });
  }
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('the portal did not become healthy within 180 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid ?? 0,
    accessLog,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function signIn(url: string, email = DEMO_STUDENT): Promise<{ accessToken: string }> {
  const res = await fetch(`${url}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: HTTP ${res.status}`);
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data;
}

/** The server's Db interface (server/src/db/db.ts), the part the benchmarks use. */
export interface ServerDb {
  readonly driver: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  one<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

interface DbModule {
  openDatabase(config: {
    databaseUrl: string | null;
    databaseSchema: string | null;
    databasePoolMax: number;
    dropSchemaOnClose: boolean;
    dataDir: string;
  }): Promise<ServerDb>;
}

/**
 * Opens a data folder (or the target's PostgreSQL database) with the server's own driver code (the
 * built server/dist/db, with the server's type parsers). On PGlite only while no portal runs on that
 * folder: PGlite is single-process. One connection unless `poolMax` says more (a session's SET holds).
 */
export async function openServerDb(target: DbTarget, poolMax = 1): Promise<ServerDb> {
  const { dataDir, databaseUrl } = targetOf(target);
  const load = createRequire(__filename);
  const mod = load(path.join(repoRoot, 'server', 'dist', 'db', 'index.js')) as DbModule;
  return mod.openDatabase({
    databaseUrl,
    databaseSchema: null,
    databasePoolMax: poolMax,
    dropSchemaOnClose: false,
    dataDir,
  });
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const round1 = (n: number): number => Math.round(n * 10) / 10;

/**
 * One GET timed: 3 warm-ups, then `calls` calls; the median wall time and the median server time (from
 * the access log: the portal must be started with accessLog: true), in ms.
 */
export async function timeGet(
  portal: BenchPortal,
  token: string,
  pathAndQuery: string,
  calls = 20,
): Promise<{ wall: number; server: number | null }> {
  const url = `${portal.url}${pathAndQuery}`;
  const headers = { authorization: `Bearer ${token}` };
  const route = pathAndQuery.split('?')[0] ?? pathAndQuery;
  const before = portal.accessLog.length;
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`${pathAndQuery}: HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  const wall: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    wall.push(performance.now() - started);
  }
  const lines = () => portal.accessLog.slice(before).filter((l) => l.url.startsWith(route));
  for (let i = 0; i < 100 && lines().length < 3 + calls; i += 1) await new Promise((r) => setTimeout(r, 20));
  const server = lines()
    .slice(3)
    .map((l) => l.ms);
  return { wall: round1(median(wall)), server: server.length === calls ? round1(median(server)) : null };
}
