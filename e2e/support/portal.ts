import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';

export const repoRoot = path.resolve(__dirname, '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface Portal {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the built portal (server/dist) on a free port with a fresh embedded database and demo data.
 * `env` may depend on the portal's URL (PUBLIC_URL, which a gateway sends the browser back to).
 */
export async function startPortal(
  env: Record<string, string> | ((url: string) => Record<string, string>) = {},
): Promise<Portal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const extra = typeof env === 'function' ? env(url) : env;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['server/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...extra,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('the portal did not become healthy within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
