import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort, startInstance, startNginx, stopProcess, waitHealthy } from '../../scripts/cluster/processes.mjs';

export interface Cluster {
  /** nginx in front of the instances: the portal's URL. */
  url: string;
  /** Each instance directly (instance i + 1 at index i). */
  instanceUrls: string[];
  /** The database of this run (created for it, dropped by stop()). */
  databaseUrl: string;
  /** nginx's access log: one line per request with `upstream=<the instance(s) tried>`. */
  accessLog: string;
  /** nginx's access log lines written since `fromLine` (read it once to get a starting point). */
  accessLogLines(fromLine?: number): string[];
  /** 'host:port' of the instance at `index`, as nginx names it in its log and the sticky cookie. */
  address(index: number): string;
  /** Sends `signal` to the instance at `index`; resolves once it has exited, with its exit code or signal. */
  kill(index: number, signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
  /** Starts the instance at `index` again (same port, database and uploads) and waits for its /healthz. */
  restart(index: number): Promise<void>;
  /** Stops nginx and every instance, drops the database and the temporary folders. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** How many instances (default 2). */
  instances?: number;
  /** A PostgreSQL server (default DATABASE_URL): the cluster gets a database of its own on it. */
  databaseUrl?: string;
  /** More environment for every instance (e.g. PRINT_SIM_MS_PER_SHEET). */
  env?: Record<string, string>;
}

/** A fresh database on the server of `serverUrl`; answers its URL and how to drop it. */
async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sp_cluster_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts `instances` built servers (server/dist) and nginx in front of them, on free ports of 127.0.0.1,
 * with the configuration npm run start:cluster writes (scripts/cluster), on a database of their own
 * with the demo data, and one shared upload folder.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const serverUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (!serverUrl) {
    throw new Error(
      'the cluster needs a PostgreSQL server: set DATABASE_URL, or run through server/scripts/with-postgres.sh',
    );
  }
  const database = await createDatabase(serverUrl);
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'sp-cluster-uploads-'));
  const prefix = mkdtempSync(path.join(tmpdir(), 'sp-cluster-nginx-'));
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) ports.push(await freePort());
  const nginxPort = await freePort();
  const env = {
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    ...options.env,
    DATABASE_URL: database.url,
    UPLOAD_DIR: uploadDir,
  };
  const children: (ChildProcess | null)[] = ports.map(() => null);
  const urlOf = (i: number) => `http://127.0.0.1:${ports[i]}`;
  const start = async (i: number): Promise<void> => {
    const child = startInstance({ index: i + 1, port: ports[i] ?? 0, env });
    children[i] = child;
    await waitHealthy(urlOf(i), child, 120_000, `instance ${i + 1}`);
  };
  let nginx: ReturnType<typeof startNginx> | null = null;

  const stop = async (): Promise<void> => {
    if (nginx) await stopProcess(nginx.child, 'SIGQUIT', 10_000);
    await Promise.all(children.map((child) => (child ? stopProcess(child, 'SIGTERM', 15_000) : 0)));
    await database.drop().catch((error: unknown) => console.error(`dropping the cluster's database: ${error}`));
    rmSync(uploadDir, { recursive: true, force: true });
    rmSync(prefix, { recursive: true, force: true });
  };

  try {
    await Promise.all(ports.map((_, i) => start(i)));
    const addresses = ports.map((port) => `127.0.0.1:${port}`);
    nginx = startNginx({ prefix, port: nginxPort, instances: addresses, host: '127.0.0.1' });
    await waitHealthy(`http://127.0.0.1:${nginxPort}`, nginx.child, 15_000, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  const running = nginx;

  return {
    url: `http://127.0.0.1:${nginxPort}`,
    instanceUrls: ports.map((_, i) => urlOf(i)),
    databaseUrl: database.url,
    accessLog: running.accessLog,
    accessLogLines(fromLine = 0) {
      const text = readFileSync(running.accessLog, 'utf8');
      return text.split('\n').filter(Boolean).slice(fromLine);
    },
    address: (index) => `127.0.0.1:${ports[index]}`,
    kill(index, signal = 'SIGTERM') {
      const child = children[index];
      if (!child || child.exitCode !== null || child.signalCode !== null) {
        return Promise.reject(new Error(`instance ${index + 1} is not running`));
      }
      return new Promise((resolve) => {
        child.once('exit', (code, sig) => resolve(code ?? sig ?? 1));
        child.kill(signal);
      });
    },
    restart: (index) => start(index),
    stop,
  };
}
