import fp from 'fastify-plugin';
import { GrantScheduler } from './grant-scheduler';

export interface GrantsPluginOptions {
  /** Run the scheduler; default GRANT_SCHEDULER, else on except when NODE_ENV=test. */
  enabled?: boolean;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Longest wait between checks; default GRANT_CHECK_MS. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The semester grant scheduler of this process (null when not running here). */
    grantScheduler: GrantScheduler | null;
  }
}

/**
 * Semester grants: starts the scheduler when the server is ready (a first run at once: a server
 * down on a grant date grants when it comes back), stops it before the server closes.
 */
export default fp<GrantsPluginOptions>(
  async (app, options) => {
    const enabled = options.enabled ?? app.appConfig.grantScheduler ?? app.appConfig.env !== 'test';
    if (!enabled) {
      app.decorate('grantScheduler', null);
      return;
    }
    const scheduler = new GrantScheduler({
      db: app.db,
      now: options.now,
      intervalMs: options.intervalMs ?? app.appConfig.grantCheckMs,
      log: app.log,
      events: app.events,
    });
    app.decorate('grantScheduler', scheduler);
    app.addHook('onReady', async () => {
      scheduler.start();
    });
    // 'state' handlers, run on every instance (the events cross): each instance's scheduler waits for the
    // dates in force, and the grant runs wherever it runs (once per student and semester in any case)
    // an officer moved the grant dates, on any instance
    const off = app.events.on('config-changed', () => scheduler.reschedule(), 'state');
    // new students (imported, or a first school sign-in): the running semester's pages now, not at the next check
    const offImported = app.events.on(
      'students-added',
      ({ created }) => {
        if (created > 0) scheduler.reschedule();
      },
      'state',
    );
    app.addHook('preClose', async () => {
      off();
      offImported();
      await scheduler.stop();
    });
  },
  { name: 'grants', dependencies: ['db', 'events'] },
);
