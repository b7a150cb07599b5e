import type { FastifyInstance } from 'fastify';

/**
 * Whether this instance is stopping (SIGTERM, SIGINT: server.ts): from the moment its shutdown begins,
 * /healthz answers 503, so a load balancer (or a readiness probe) sends it nothing new while it hands back
 * its print claims, its owner leases and its sockets. Kept per HTTP server: the one object an app and
 * every encapsulated plugin of it share.
 */
const stoppingServers = new WeakSet<object>();

/** The shutdown began: /healthz answers 503 from now on. */
export function markStopping(app: FastifyInstance): void {
  stoppingServers.add(app.server);
}

export function isStopping(app: FastifyInstance): boolean {
  return stoppingServers.has(app.server);
}
