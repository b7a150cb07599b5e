import fp from 'fastify-plugin';
import { ExpiryScheduler } from './expiry-scheduler';

/** Time between two runs of the expiry of held jobs (notices 10 minutes before are as late as this). */
export const EXPIRY_INTERVAL_MS = 30_000;

export interface ReleasePluginOptions {
  /** Run the expiry here; by default everywhere but NODE_ENV=test. */
  enabled?: boolean;
  /** The clock (tests move it). */
  now?: () => Date;
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The expiry scheduler of held jobs of this process (null when not running here). */
    expiryScheduler: ExpiryScheduler | null;
  }
}

/**
 * The expiry of held jobs: runs when the server is ready (a first run at once: jobs that expired while
 * it was down are refunded now), then every EXPIRY_INTERVAL_MS; stops before the server closes.
 */
export default fp<ReleasePluginOptions>(
  async (app, options) => {
    const enabled = options.enabled ?? app.appConfig.env !== 'test';
    if (!enabled) {
      app.decorate('expiryScheduler', null);
      return;
    }
    const scheduler = new ExpiryScheduler({
      release: app.services.release,
      now: options.now,
      intervalMs: options.intervalMs ?? EXPIRY_INTERVAL_MS,
      log: app.log,
    });
    app.decorate('expiryScheduler', scheduler);
    app.addHook('onReady', async () => {
      scheduler.start();
    });
    app.addHook('preClose', async () => {
      await scheduler.stop();
    });
  },
  { name: 'held-job-expiry', dependencies: ['services'] },
);
