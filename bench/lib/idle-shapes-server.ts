// A child of bench/idle-shapes.ts, run with --expose-gc. `ticks <fresh|idle|kept>` prints the cost of one
// process.nextTick call (ns, the best of 50 × 1,000) after nothing, after eight rounds of busy ticks and an idle full
// collection, or after eight with the server's tick object kept (server/src/lib/warm-shapes.ts). `http <fresh|idle|kept>` is a bare
// Fastify answering BENCH_BODY_FILE's bytes, which first answers 200 requests and sits through an idle full
// collection, twelve times (`idle`, `kept`: with the server's warm-shapes plugin registered), then prints {"url", "pid"}.
import Fastify from 'fastify';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepTickObjectShape } from '../../server/src/lib/warm-shapes';
import warmShapes from '../../server/src/plugins/warm-shapes';

const [what, mode] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
const idle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

async function idleCollections(rounds: number, between: () => Promise<unknown> = async () => undefined) {
  if (!gc) throw new Error('run with --expose-gc');
  for (let round = 0; round < rounds; round++) {
    await between();
    await idle();
    gc();
    await idle();
  }
}

async function ticks(): Promise<void> {
  if (mode === 'kept') keepTickObjectShape();
  const noop = () => undefined;
  /** The best of 50 × 1,000 calls, in ns per call: also the busy time between idle collections. */
  const measure = async () => {
    let best = Infinity;
    for (let round = 0; round < 50; round++) {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 1_000; i++) process.nextTick(noop);
      best = Math.min(best, Number(process.hrtime.bigint() - start) / 1_000);
      await idle(0);
    }
    return best;
  };
  if (mode !== 'fresh') await idleCollections(8, measure);
  process.stdout.write(`${JSON.stringify({ ns: await measure() })}\n`);
}

async function server(): Promise<void> {
  if (mode === 'kept') keepTickObjectShape();
  const body = readFileSync(process.env.BENCH_BODY_FILE ?? '');
  const app = Fastify({ logger: false });
  if (mode === 'kept') await app.register(warmShapes);
  app.get('/', (_request, reply) => {
    void reply.type('application/json; charset=utf-8').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/`;
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, (res) => {
          // as a plain emitter: a library's declaration merged into Readable hides its 'end' overload here
          (res as NodeJS.EventEmitter).on('end', resolve);
          res.resume();
        })
        .on('error', reject);
    });
  // a burst of requests (the code gets hot), then an idle full collection, twelve times
  const burst = async () => {
    for (let i = 0; i < 200; i++) await get();
  };
  if (mode !== 'fresh') await idleCollections(12, burst);
  process.stdout.write(`${JSON.stringify({ url, pid: process.pid })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

(what === 'ticks' ? ticks() : server()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
