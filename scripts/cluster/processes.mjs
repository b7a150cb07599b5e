// Starting and stopping what a cluster is made of: server instances and nginx in front of them. Shared
// by npm run start:cluster (scripts/start-cluster.mjs) and the cluster checks (e2e/support/cluster.ts).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConfig } from './nginx-config.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Debian's nginx (NGINX_PATH overrides). */
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/**
 * The largest request nginx lets through: above the server's own limit for one print request
 * (max_request_bytes, 200 MB by default, plus the form's fields), so the server, not nginx, says what is
 * too large, in Vietnamese.
 */
export const UPLOAD_BODY_LIMIT = 256 * 1024 * 1024;

/** A TCP port nothing listens on right now (on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** True when nothing listens on `port` of 127.0.0.1 yet. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * Starts instance `index` (1..N) of the built server on 127.0.0.1:`port`, in a process group of its own
 * (a Ctrl-C reaches the supervisor, which stops the instances in order).
 */
export function startInstance({ index, port, env, stdio = 'inherit' }) {
  return spawn(process.execPath, ['server/dist/server.js'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', INSTANCE_ID: String(index) },
    stdio: ['ignore', stdio, stdio],
    detached: true,
  });
}

/** Waits until `url` + /healthz answers 200; fails when `child` exits first or after `timeoutMs`. */
export async function waitHealthy(url, child, timeoutMs = 60_000, what = url) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null)
      throw new Error(`${what} exited with ${child.exitCode} before it was healthy`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} was not healthy within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Writes the nginx configuration into `prefix` (logs/, temp/, nginx.conf) and starts nginx in the
 * foreground, in its own process group. As root its workers run as nobody: they read nothing private.
 */
export function startNginx({ prefix, port, instances, host = null, bodyLimit = UPLOAD_BODY_LIMIT, stdio = 'inherit' }) {
  if (!existsSync(NGINX)) throw new Error(`nginx is missing at ${NGINX} (Debian: apt-get install nginx)`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  // the workers (nobody) go through the prefix to their temp folders, which the master hands to them
  if (asRoot) chmodSync(prefix, 0o711);
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig({ port, instances, prefix, bodyLimit, host, user: asRoot ? 'nobody nogroup' : null }),
  );
  const errorLog = path.join(prefix, 'logs', 'error.log');
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog, '-g', 'daemon off;'], {
    stdio: ['ignore', stdio, stdio],
    detached: true,
  });
  return { child, conf, accessLog: path.join(prefix, 'logs', 'access.log'), errorLog };
}

/** Sends `signal` and resolves with the exit code once the process has ended (SIGKILL after `graceMs`). */
export function stopProcess(child, signal = 'SIGTERM', graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? 1);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code ?? 1);
    });
    child.kill(signal);
  });
}
