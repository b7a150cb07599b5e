// A baseline server in its own process (like the portal under test, so neither shares an event loop
// with autocannon): `hello` is a bare Fastify hello-world; `bytes` sends the file BENCH_BODY_FILE names as
// JSON, the same bytes on every request (the floor of a route's answer of that size); `select1` answers `SELECT 1` through the
// server's own database driver (server/dist/db: PGlite in-process, on a fresh data folder; or, with
// BENCH_SELECT1_URL, a pool of 10 connections to that PostgreSQL database, the server's default pool).
// Prints {"url": ...} on stdout once listening. Run: node --import tsx bench/lib/baseline-server.ts hello|bytes|select1
import Fastify from 'fastify';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openServerDb } from './portal';

async function main(): Promise<void> {
  const mode = process.argv[2];
  const app = Fastify({ logger: false });
  if (mode === 'hello') {
    app.get('/', async () => ({ hello: 'world' }));
  } else if (mode === 'bytes') {
    const body = readFileSync(process.env.BENCH_BODY_FILE ?? '');
    app.get('/', (_request, reply) => {
      void reply.type('application/json; charset=utf-8').send(body);
    });
  } else if (mode === 'select1') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-select1-'));
    const url = process.env.BENCH_SELECT1_URL;
    const db = url
      ? await openServerDb({ dataDir: dir, databaseUrl: url }, 10)
      : await openServerDb(path.join(dir, 'pglite'));
    app.addHook('onClose', async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    app.get('/', async () => {
      const row = await db.one<{ one: number }>('SELECT 1 AS one');
      return { one: row?.one };
    });
  } else {
    throw new Error(`unknown baseline "${mode}" (hello | bytes | select1)`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/` })}\n`);
  const stop = () => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
