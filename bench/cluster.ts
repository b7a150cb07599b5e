// Several instances behind nginx (issue 23, point 6), on a PostgreSQL server (DATABASE_URL; run it through
// `bash server/scripts/with-postgres.sh npm run bench -- cluster`): requests per second of the printer list
// and a student's history through nginx with two instances against one, in the same run (the ratio), and one
// event fanned out to 1,000 sockets spread over the instances (p50, p99 and the last to receive it, 5 rounds).
// The load generator (autocannon) runs in this process, on the same 2 cores as nginx, the instances and
// PostgreSQL: the ratio says what a second instance adds on this machine, not on two machines.
import { io as connect, type Socket } from 'socket.io-client';
import { startCluster, type Cluster } from '../e2e/support/cluster';
import { load, type LoadResult } from './lib/load';
import { round1, signIn } from './lib/portal';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const ROUNDS = 5;
const LIST = '/v1/student/printers?per_page=100&sortDirection=1';
// the history page's first call (remote-student's History page)
const HISTORY = '/v1/student/filterLogs?page=1&per_page=10';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

interface Throughput {
  printers: LoadResult;
  history: LoadResult;
}

async function throughput(cluster: Cluster, instances: number): Promise<Throughput> {
  const { accessToken } = await signIn(cluster.url);
  const headers = { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'br, gzip' };
  for (const url of [LIST, HISTORY]) {
    const res = await fetch(`${cluster.url}${url}`, { headers });
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  }
  const printers = await load(`${cluster.url}${LIST}`, { headers });
  const history = await load(`${cluster.url}${HISTORY}`, { headers });
  console.log(
    `${instances} instance${instances > 1 ? 's' : ''} through nginx: printers ${printers.reqPerSec} req/s ` +
      `(p99 ${printers.p99Ms} ms, non-2xx ${printers.non2xx}); history ${history.reqPerSec} req/s ` +
      `(p99 ${history.p99Ms} ms, non-2xx ${history.non2xx})`,
  );
  return { printers, history };
}

async function fanout(cluster: Cluster): Promise<void> {
  const student = await signIn(cluster.url);
  const staff = await signIn(cluster.url, 'staff@hcmut.edu.vn');
  const clients: Socket[] = [];
  try {
    const started = performance.now();
    for (let i = 0; i < SOCKETS; i += 1) {
      clients.push(
        connect(cluster.url, { auth: { token: student.accessToken }, transports: ['websocket'], forceNew: true }),
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
    console.log(`${SOCKETS} sockets connected through nginx in ${round1((performance.now() - started) / 1000)} s`);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const sent = performance.now();
      const arrivals = Promise.all(
        clients.map(
          (c) =>
            new Promise<number>((resolve) => c.once('update-printer-list', () => resolve(performance.now() - sent))),
        ),
      );
      // a staff member switches a printer on whichever instance nginx picks: every student reloads the list
      const response = await fetch(`${cluster.url}/v1/staff/printer`, {
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
  }
  // where nginx put them: its access log names the upstream of each websocket, once it has closed
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const sockets = cluster.accessLogLines().filter((line) => line.includes('/socket.io/'));
  const spread = cluster.instanceUrls.map(
    (_, i) => sockets.filter((line) => line.includes(`upstream=${cluster.address(i)}`)).length,
  );
  console.log(`  websockets per instance (nginx's log): ${spread.join(' / ')}`);
}

export async function benchCluster(): Promise<void> {
  console.log('\n== Several instances behind nginx (issue 23) ==');
  if (!process.env.DATABASE_URL?.trim()) {
    console.log('needs a PostgreSQL server: bash server/scripts/with-postgres.sh npm run bench -- cluster');
    return;
  }
  const results = new Map<number, Throughput>();
  for (const instances of [1, 2]) {
    const cluster = await startCluster({ instances, env: { PRINT_DISPATCHER: 'false', ACCESS_TOKEN_TTL: '1h' } });
    try {
      results.set(instances, await throughput(cluster, instances));
      if (instances === 2) await fanout(cluster);
    } finally {
      await cluster.stop();
    }
  }
  const one = results.get(1);
  const two = results.get(2);
  if (one && two) {
    console.log(
      `two instances against one: printers ${(two.printers.reqPerSec / one.printers.reqPerSec).toFixed(2)}×, ` +
        `history ${(two.history.reqPerSec / one.history.reqPerSec).toFixed(2)}× (aim: > 1.6×)`,
    );
  }
}
