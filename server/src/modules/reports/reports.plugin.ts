import fp from 'fastify-plugin';
import { ReportScheduler } from './report-scheduler';
import { createReportsService, type ReportsService } from './reports.service';

export interface ReportsPluginOptions {
  /** Run the scheduler; default REPORT_SCHEDULER, else on except when NODE_ENV=test. */
  enabled?: boolean;
  /** The clock of the scheduler and of the reports' current year (tests move it). */
  now?: () => Date;
  /** Longest wait between checks; default REPORT_CHECK_MS. */
  intervalMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The officers' reports: live figures, the archive of finished periods, its files. */
    reports: ReportsService;
    /** The report scheduler of this process (null when not running here). */
    reportScheduler: ReportScheduler | null;
  }
}

/**
 * The reports: builds the service (routes and the scheduler share it) and, when enabled, starts the
 * scheduler when the server is ready (a first run at once stores every period missed while down) and
 * stops it before the server closes. The service lives here rather than in the services plugin because
 * the scheduler and the routes are its only users.
 */
export default fp<ReportsPluginOptions>(
  async (app, options) => {
    const reports = createReportsService(app.db, options.now);
    app.decorate('reports', reports);
    const enabled = options.enabled ?? app.appConfig.reportScheduler ?? app.appConfig.env !== 'test';
    if (!enabled) {
      app.decorate('reportScheduler', null);
      return;
    }
    const scheduler = new ReportScheduler({
      reports,
      now: options.now,
      intervalMs: options.intervalMs ?? app.appConfig.reportCheckMs,
      log: app.log,
    });
    app.decorate('reportScheduler', scheduler);
    app.addHook('onReady', async () => {
      scheduler.start();
    });
    app.addHook('preClose', async () => {
      await scheduler.stop();
    });
  },
  { name: 'reports', dependencies: ['db'] },
);
