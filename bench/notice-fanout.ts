// One notice event to 1,000 connected sockets (issue 11): 1,000 socket.io clients signed in as the demo
// officer (websocket transport, in this process) wait for update-notification-list; a staff member
// switches a printer (PUT /v1/staff/printer), whose notice goes to every officer. The time from the
// request to each client's event: p50, p99 and the last, over 5 rounds; and the server's memory with
// the sockets connected.
import { mkdtempSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { round1, signIn, startBenchPortal } from './lib/portal';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = 5;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return round1(kb / 1024);
}

export async function benchNoticeFanout(): Promise<void> {
  console.log(`\n== one notice event to ${SOCKETS} sockets (issue 11) ==`);
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-fanout-'));
  const portal = await startBenchPortal(path.join(dir, 'pglite'));
  const clients: Socket[] = [];
  try {
    const officer = await signIn(portal.url, 'spso@hcmut.edu.vn');
    const staff = await signIn(portal.url, 'staff@hcmut.edu.vn');
    const before = rssMb(portal.pid);
    const started = performance.now();
    for (let i = 0; i < SOCKETS; i += 1) {
      clients.push(
        connect(portal.url, { auth: { token: officer.accessToken }, transports: ['websocket'], forceNew: true }),
      );
    }
    await Promise.all(
      clients.map(
        (c) =>
          new Promise<void>((resolve, reject) => {
            if (c.connected) resolve();
            c.once('connect', () => resolve());
            c.once('connect_error', reject);
          }),
      ),
    );
    console.log(
      `${SOCKETS} sockets connected in ${round1((performance.now() - started) / 1000)} s; server memory ${before} MB → ${rssMb(portal.pid)} MB`,
    );
    for (let round = 1; round <= ROUNDS; round += 1) {
      const sent = performance.now();
      const arrivals = Promise.all(
        clients.map(
          (c) =>
            new Promise<number>((resolve) =>
              c.once('update-notification-list', () => resolve(performance.now() - sent)),
            ),
        ),
      );
      const response = await fetch(`${portal.url}/v1/staff/printer`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.accessToken}` },
        body: JSON.stringify({ printerId: 'B1-109', status: round % 2 === 1 ? 0 : 1 }),
      });
      if (!response.ok) throw new Error(`PUT /v1/staff/printer: HTTP ${response.status}`);
      const answered = performance.now() - sent;
      const times = (await arrivals).sort((a, b) => a - b);
      console.log(
        `  round ${round}: request answered in ${round1(answered)} ms; event at p50 ${round1(percentile(times, 0.5))} ms, ` +
          `p99 ${round1(percentile(times, 0.99))} ms, last ${round1(times[times.length - 1] ?? 0)} ms`,
      );
    }
  } finally {
    for (const c of clients) c.disconnect();
    await portal.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
