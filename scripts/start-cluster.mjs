// npm run start:cluster: several instances of the portal on one PostgreSQL server, behind Debian's nginx.
//
//   INSTANCES     how many instances (1..16, default 2); instance i listens on 127.0.0.1:PORT+i
//   PORT          nginx's port, the portal's URL (default 8080)
//   DATABASE_URL  the PostgreSQL server they share; unset: a throw-away one for this run
//                 (server/scripts/with-postgres.sh), deleted at the end. Never PGlite: one process only.
//   UPLOAD_DIR    the folder every instance keeps uploads in (default data/cluster-uploads)
//   JWT_SECRET    optional: otherwise generated once and kept in the database, the same for all
//
// Builds what is missing first (as npm start does). An instance that ends on its own is reported and the
// others carry on behind nginx. Ctrl-C or SIGTERM stops nginx, then every instance gracefully (SIGTERM);
// the exit code is nonzero when an instance had ended on its own.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildMissing, ensureDebianPackage, ensurePostgresServer, root } from './lib.mjs';
import { NGINX, portIsFree, startInstance, startNginx, stopProcess, waitHealthy } from './cluster/processes.mjs';

const THROWAWAY = 'SP_CLUSTER_THROWAWAY_DB';

function fail(message) {
  console.error(`start:cluster: ${message}`);
  process.exit(1);
}

function intVar(name, fallback, min, max) {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    fail(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
  return value;
}

const count = intVar('INSTANCES', 2, 1, 16);
// through with-postgres.sh, the port comes as SP_CLUSTER_PORT: that script's own PORT (PostgreSQL's) replaces
// an exported PORT
const port = process.env.SP_CLUSTER_PORT ? Number(process.env.SP_CLUSTER_PORT) : intVar('PORT', 8080, 1, 65535 - count);

const built = await buildMissing();
if (built !== 0) process.exit(built);

// a fresh machine: Debian's nginx, and PostgreSQL when no server is given (installed as root, as npm test does)
if (process.env[THROWAWAY] !== '1') {
  if (!(await ensureDebianPackage(NGINX, 'nginx', 'start:cluster (nginx in front of the instances)'))) process.exit(1);
  if (!(await ensurePostgresServer('start:cluster'))) process.exit(1);
}

if (!process.env.DATABASE_URL?.trim()) {
  if (process.env[THROWAWAY] === '1') fail('with-postgres.sh set no DATABASE_URL');
  console.log(
    'start:cluster: DATABASE_URL is not set: starting a throw-away PostgreSQL server for this run, deleted when it ' +
      'stops (the embedded PGlite serves one process only). Set DATABASE_URL to keep the data.',
  );
  // the same script again, on the server with-postgres.sh starts; its own process group, so a signal
  // reaches this script and the one it runs, which stops the cluster before the database goes
  const child = spawn(
    'bash',
    [path.join(root, 'server/scripts/with-postgres.sh'), process.execPath, fileURLToPath(import.meta.url)],
    {
      stdio: 'inherit',
      env: { ...process.env, [THROWAWAY]: '1', SP_CLUSTER_PORT: String(port) },
      detached: true,
    },
  );
  const forward = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await runCluster();
}

async function runCluster() {
  const databaseUrl = process.env.DATABASE_URL.trim();
  const uploadDir = path.resolve(process.env.UPLOAD_DIR?.trim() || path.join(root, 'data', 'cluster-uploads'));
  mkdirSync(uploadDir, { recursive: true });
  for (const p of [port, ...Array.from({ length: count }, (_, i) => port + i + 1)]) {
    if (!(await portIsFree(p))) fail(`port ${p} is taken: nginx uses PORT (${port}), instance i PORT+i`);
  }

  const instances = Array.from({ length: count }, (_, i) => ({ index: i + 1, port: port + i + 1, child: null }));
  let nginx = null;
  let prefix = null;
  let stopping = false;
  let diedOnItsOwn = false;

  const stop = async (reason) => {
    if (stopping) return;
    stopping = true;
    console.log(`start:cluster: ${reason}: stopping nginx, then the instances (SIGTERM)`);
    // nginx first (SIGQUIT: finishes what is under way, then closes), so nothing new reaches an instance that stops
    if (nginx) await stopProcess(nginx.child, 'SIGQUIT', 10_000);
    const codes = await Promise.all(instances.map(({ child }) => (child ? stopProcess(child, 'SIGTERM', 15_000) : 0)));
    if (prefix) rmSync(prefix, { recursive: true, force: true });
    codes.forEach((code, i) => {
      if (code !== 0 && !diedOnItsOwn)
        console.error(`start:cluster: instance ${i + 1} did not stop cleanly (exit code ${code})`);
    });
    const failed = diedOnItsOwn || codes.some((code) => code !== 0);
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', () => void stop('interrupted'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // the supervisor itself ending abruptly leaves no instance behind (they run in their own process groups)
  process.on('exit', () => {
    for (const { child } of instances) if (child && child.exitCode === null) child.kill('SIGTERM');
    if (nginx && nginx.child.exitCode === null) nginx.child.kill('SIGTERM');
  });

  const env = {
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
    // nginx sets X-Forwarded-For to the client's address; the instances listen on 127.0.0.1 only
    TRUST_PROXY: process.env.TRUST_PROXY?.trim() || 'true',
  };
  console.log(
    `start:cluster: ${count} instance(s) on ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')}, uploads in ${uploadDir}`,
  );
  for (const instance of instances) {
    instance.child = startInstance({ index: instance.index, port: instance.port, env });
    instance.child.on('exit', (code, signal) => {
      if (stopping) return;
      diedOnItsOwn = true;
      // nginx sends its requests and sockets to the others; the exit code will say it happened
      const left = instances.filter(({ child }) => child && child.exitCode === null && child.signalCode === null);
      console.error(
        `start:cluster: instance ${instance.index} ended on its own (${signal ?? `exit code ${code}`}); ` +
          `${left.length} instance(s) left`,
      );
      if (!left.length) void stop('no instance left');
    });
  }
  try {
    await Promise.all(
      instances.map(({ index, port: p, child }) =>
        waitHealthy(`http://127.0.0.1:${p}`, child, 120_000, `instance ${index}`),
      ),
    );
  } catch (error) {
    diedOnItsOwn = true;
    return stop(error.message);
  }

  prefix = mkdtempSync(path.join(tmpdir(), 'sp-nginx-'));
  try {
    nginx = startNginx({ prefix, port, instances: instances.map(({ port: p }) => `127.0.0.1:${p}`) });
  } catch (error) {
    diedOnItsOwn = true;
    return stop(error.message);
  }
  nginx.child.on('exit', (code, signal) => {
    if (stopping) return;
    diedOnItsOwn = true;
    void stop(`nginx ended on its own (${signal ?? `exit code ${code}`}; see ${nginx.errorLog})`);
  });
  try {
    await waitHealthy(`http://127.0.0.1:${port}`, nginx.child, 15_000, `nginx (${NGINX})`);
  } catch (error) {
    diedOnItsOwn = true;
    return stop(error.message);
  }
  console.log(`\nSmart Printing cluster ready at http://localhost:${port} (nginx in front of ${count} instance(s))`);
  for (const { index, port: p } of instances) console.log(`  instance ${index}: http://127.0.0.1:${p}`);
  console.log(`  nginx configuration: ${nginx.conf}\n  Ctrl-C stops them all.`);
}
