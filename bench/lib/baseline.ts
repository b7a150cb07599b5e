import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

/**
 * Starts bench/lib/baseline-server.ts (hello | bytes | select1) in a child process; select1 on PGlite, or on the
 * PostgreSQL database `databaseUrl`; bytes sending the file `bodyFile`.
 */
export async function startBaseline(
  mode: 'hello' | 'bytes' | 'select1',
  databaseUrl: string | null = null,
  bodyFile: string | null = null,
): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'baseline-server.ts'), mode], {
    cwd: path.join(__dirname, '..'),
    env: { ...process.env, BENCH_SELECT1_URL: databaseUrl ?? '', BENCH_BODY_FILE: bodyFile ?? '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`baseline ${mode} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => reject(new Error(`baseline ${mode} exited with ${code}`)));
    if (!child.stdout) return reject(new Error('no stdout'));
    readline.createInterface({ input: child.stdout }).once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return {
    url,
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
