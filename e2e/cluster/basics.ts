import type { Socket } from 'socket.io-client';
import {
  ACCOUNTS,
  apiGet,
  assert,
  closing,
  connected,
  login,
  openSocket,
  sleep,
  stickyInstance,
  transportOf,
  upstreamCounts,
  type ClusterCheck,
} from './harness';

/** Watches sockets for anything that would show a broken session: disconnects and connect errors. */
function watch(sockets: Socket[]): string[] {
  const trouble: string[] = [];
  sockets.forEach((socket, i) => {
    socket.on('disconnect', (reason) => trouble.push(`client ${i + 1} disconnected: ${reason}`));
    socket.on('connect_error', (error) => trouble.push(`client ${i + 1} connect_error: ${error.message}`));
  });
  return trouble;
}

export const basicChecks: ClusterCheck[] = [
  {
    name: 'every instance answers /healthz directly and through nginx, on PostgreSQL',
    async run({ cluster }) {
      for (const url of [...cluster.instanceUrls, cluster.url]) {
        const res = await fetch(`${url}/healthz`);
        const body = (await res.json()) as { data?: { database?: { driver?: string } } };
        assert(res.status === 200, `${url}/healthz: ${res.status}`);
        assert(body.data?.database?.driver === 'postgres', `${url}/healthz: driver ${body.data?.database?.driver}`);
      }
    },
  },
  {
    name: 'requests through nginx reach every instance (nginx access log)',
    async run({ cluster }) {
      const from = cluster.accessLogLines().length;
      const marker = `spread-${Date.now()}`;
      // a few at once and a few one by one: least_conn spreads both
      await Promise.all(Array.from({ length: 10 }, () => fetch(`${cluster.url}/healthz?${marker}`)));
      for (let i = 0; i < 10; i += 1) await fetch(`${cluster.url}/healthz?${marker}`);
      await sleep(100);
      const counts = upstreamCounts(cluster.accessLogLines(from), (line) => line.includes(marker));
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      assert(total === 20, `the access log shows ${total} of the 20 requests`);
      for (let i = 0; i < cluster.instanceUrls.length; i += 1) {
        const n = counts.get(cluster.address(i)) ?? 0;
        assert(n > 0, `instance ${i + 1} got none of 20 requests: ${JSON.stringify([...counts])}`);
      }
    },
  },
  {
    name: 'a login through nginx works on every instance: API calls through nginx and directly to each',
    async run({ cluster }) {
      const { accessToken } = await login(cluster.url, ACCOUNTS.student);
      const from = cluster.accessLogLines().length;
      for (let i = 0; i < 10; i += 1) {
        const { status, body } = await apiGet(cluster.url, '/v1/user/information', accessToken);
        assert(status === 200 && body.success === true, `through nginx, call ${i + 1}: ${status} ${body.message}`);
      }
      const counts = upstreamCounts(cluster.accessLogLines(from), (line) => line.includes('/v1/user/information'));
      assert(counts.size === cluster.instanceUrls.length, `the calls reached ${JSON.stringify([...counts])}`);
      // the token one instance signed is good on every other (one secret, one session store: the database)
      for (const url of cluster.instanceUrls) {
        const { status } = await apiGet(url, '/v1/user/information', accessToken);
        assert(status === 200, `${url} refuses the token signed through nginx: ${status}`);
      }
      const { status } = await apiGet(cluster.url, '/v1/user/information', `${accessToken}x`);
      assert(status === 401, `a forged token through nginx: ${status}, expected 401`);
    },
  },
  {
    name: 'socket.io through nginx connects over websocket (HTTP upgrade)',
    async run({ cluster }) {
      const { accessToken } = await login(cluster.url, ACCOUNTS.student);
      const from = cluster.accessLogLines().length;
      const socket = openSocket(cluster.url, accessToken, ['websocket']);
      await closing([socket], async () => {
        await connected(socket);
        assert(transportOf(socket) === 'websocket', `transport ${transportOf(socket)}`);
        // a round trip on the open connection: ping-pong through nginx, no reconnect
        const trouble = watch([socket]);
        await sleep(500);
        assert(socket.connected && trouble.length === 0, trouble.join('; '));
      });
      // nginx logs a websocket once it has closed
      const upgraded = () =>
        cluster
          .accessLogLines(from)
          .some((line) => /GET \/socket\.io\/\?[^"]*transport=websocket[^"]*" 101 /.test(line));
      for (let i = 0; i < 30 && !upgraded(); i += 1) await sleep(100);
      assert(upgraded(), 'nginx logged no 101 Switching Protocols on /socket.io/');
    },
  },
  {
    name: '20 clients over long-polling only stay connected for 10 s through nginx (sticky cookie; no "Session ID unknown")',
    async run({ cluster }) {
      const { accessToken } = await login(cluster.url, ACCOUNTS.student);
      const from = cluster.accessLogLines().length;
      const sockets = Array.from({ length: 20 }, () => openSocket(cluster.url, accessToken, ['polling']));
      await closing(sockets, async () => {
        await Promise.all(sockets.map((socket) => connected(socket, 15_000)));
        const trouble = watch(sockets);
        await sleep(10_000);
        const down = sockets.filter((socket) => !socket.connected).length;
        assert(down === 0 && trouble.length === 0, `${down} of 20 not connected: ${trouble.slice(0, 5).join('; ')}`);
        assert(
          sockets.every((socket) => transportOf(socket) === 'polling'),
          'a client left long-polling',
        );
        const homes = new Set(sockets.map(stickyInstance));
        assert(
          homes.size === cluster.instanceUrls.length && !homes.has(null),
          `the sticky cookies name ${JSON.stringify([...homes])}: the clients should be spread over every instance`,
        );
      });
      const refused = cluster
        .accessLogLines(from)
        .filter((line) => line.includes('/socket.io/') && /" 400 /.test(line));
      assert(refused.length === 0, `nginx logged ${refused.length} answers 400 on /socket.io/: ${refused[0]}`);
    },
  },
  {
    name: 'without the sticky cookie, long-polling breaks (the stickiness above is what holds it)',
    async run({ cluster }) {
      const { accessToken } = await login(cluster.url, ACCOUNTS.student);
      const from = cluster.accessLogLines().length;
      // a client that drops cookies: its requests are spread like any other, away from its session
      const sockets = Array.from({ length: 6 }, () => openSocket(cluster.url, accessToken, ['polling'], false));
      await closing(sockets, async () => {
        const trouble = watch(sockets);
        await sleep(4_000);
        const refused = cluster
          .accessLogLines(from)
          .filter((line) => line.includes('/socket.io/') && /" 400 /.test(line));
        assert(
          refused.length > 0 || trouble.length > 0,
          'six polling clients without cookies kept their sessions: the check above proves nothing',
        );
      });
    },
  },
  {
    name: 'a sticky cookie naming a stopped instance lands on another; a polling client whose instance is killed reconnects there',
    async run({ cluster }) {
      const { accessToken } = await login(cluster.url, ACCOUNTS.student);
      const socket = openSocket(cluster.url, accessToken, ['polling']);
      await closing([socket], async () => {
        await connected(socket);
        const home = stickyInstance(socket);
        const index = Array.from({ length: cluster.instanceUrls.length }, (_, i) => i).find(
          (i) => cluster.address(i) === home,
        );
        assert(index !== undefined, `the sticky cookie names ${home}, no instance of this cluster`);
        const reconnected = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
        const ended = await cluster.kill(index, 'SIGKILL');
        assert(ended === 'SIGKILL', `instance ${index + 1} ended with ${ended}`);
        try {
          // a handshake carrying the cookie of the dead instance: answered by another, which the cookie now names
          const res = await fetch(`${cluster.url}/socket.io/?EIO=4&transport=polling`, {
            headers: { cookie: `sp_upstream=${home}` },
          });
          const text = await res.text();
          const named = /sp_upstream=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
          assert(
            res.status === 200 && text.startsWith('0{'),
            `handshake with a dead instance's cookie: ${res.status} ${text}`,
          );
          assert(named && named !== home, `the cookie after the fallback names ${named}`);

          await Promise.race([
            reconnected,
            sleep(15_000).then(() => {
              throw new Error('the polling client did not reconnect within 15 s');
            }),
          ]);
          const now = stickyInstance(socket);
          assert(now !== null && now !== home, `after the kill the client sits on ${now}`);
          const trouble = watch([socket]);
          await sleep(2_000);
          assert(socket.connected && trouble.length === 0, `after reconnecting: ${trouble.join('; ')}`);
        } finally {
          await cluster.restart(index);
        }
      });
    },
  },
];
