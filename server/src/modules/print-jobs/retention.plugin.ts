import fp from 'fastify-plugin';
import { uploadDirOf } from '../../config';
import { RetentionScheduler } from './retention-scheduler';
import { createRetentionService, type RetentionService } from './retention.service';

export interface RetentionPluginOptions {
  /** Run the purge; default RETENTION_PURGE, else on except when NODE_ENV=test. */
  enabled?: boolean;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Time between purges; default RETENTION_PURGE_MS. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The retention of stored files (tests run a purge directly). */
    documentRetention: RetentionService;
    /** The purge scheduler of this process (null when not running here). */
    retentionScheduler: RetentionScheduler | null;
  }
}

/**
 * Document retention: builds the service and, when enabled, runs the purge when the server is ready (a
 * first run at once), every RETENTION_PURGE_MS after, and at once after a configuration change on any
 * instance; stops it before the server closes. The scheduler is the service's only user besides tests,
 * hence here rather than in the services plugin (as the reports).
 */
export default fp<RetentionPluginOptions>(
  async (app, options) => {
    const retention = createRetentionService({ db: app.db, uploadDir: uploadDirOf(app.appConfig) });
    app.decorate('documentRetention', retention);
    const enabled = options.enabled ?? app.appConfig.retentionPurge ?? app.appConfig.env !== 'test';
    if (!enabled) {
      app.decorate('retentionScheduler', null);
      return;
    }
    const scheduler = new RetentionScheduler({
      retention,
      now: options.now,
      intervalMs: options.intervalMs ?? app.appConfig.retentionPurgeMs,
      log: app.log,
    });
    app.decorate('retentionScheduler', scheduler);
    app.addHook('onReady', async () => {
      scheduler.start();
    });
    // an officer may have shortened the retention: purge now rather than within the interval. A 'state'
    // handler: it runs on every instance (the event crosses), the purge claims each file once anyway
    const off = app.events.on('config-changed', () => scheduler.reschedule(), 'state');
    app.addHook('preClose', async () => {
      off();
      await scheduler.stop();
    });
  },
  { name: 'document-retention', dependencies: ['db', 'events'] },
);
