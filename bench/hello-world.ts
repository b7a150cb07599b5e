import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';

/** A bare Fastify hello-world on a free loopback port: the machine's ceiling for comparisons. */
export async function startHelloWorld(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}
