import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { keepTickObjectShape, LastRequestKeeper } from '../lib/warm-shapes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The last request's reply (and through it its request, Node's objects and its logger): lib/warm-shapes.ts. */
    lastRequest: LastRequestKeeper<FastifyReply>;
  }
}

/**
 * Keeps the shapes of the per-request objects alive between requests (lib/warm-shapes.ts): the first onRequest
 * hook, so every request is held, a 404 or a refused one too. A store per request, no allocation.
 */
export default fp(
  async (app) => {
    // server.ts has taken it already, before the modules loaded; an app built elsewhere (tests) takes it here
    keepTickObjectShape();
    const keeper = new LastRequestKeeper<FastifyReply>();
    app.decorate('lastRequest', keeper);
    app.addHook('onRequest', (_request, reply, done) => {
      keeper.hold(reply);
      done();
    });
  },
  { name: 'warm-shapes' },
);
