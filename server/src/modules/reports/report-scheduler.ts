import type { FastifyBaseLogger } from 'fastify';
import { ScheduledRun } from '../../lib/scheduled-run';
import { nextMonthStart } from './report-periods';
import type { GenerationResult, ReportsService } from './reports.service';

export interface ReportSchedulerOptions {
  reports: Pick<ReportsService, 'generateMissing'>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Longest wait between two checks (REPORT_CHECK_MS); it also wakes just after each month starts. */
  intervalMs: number;
  log?: FastifyBaseLogger;
}

/** A second after a Vietnam month starts: the month just finished is then stored within the second. */
const AFTER_BOUNDARY_MS = 1_000;

/**
 * Stores the reports of finished periods: at start (catching up on every month and year missed while
 * down), then at least every intervalMs and just after each month boundary (Vietnam time). Runs never
 * overlap within a process; across processes the generation itself takes an advisory lock and inserts
 * each period once (unique key), so several instances and restarts store every period exactly once.
 */
export class ReportScheduler extends ScheduledRun<GenerationResult> {
  constructor(private readonly options: ReportSchedulerOptions) {
    super(options.now, options.log, 'report generation failed');
  }

  protected async run(at: Date): Promise<GenerationResult> {
    const result = await this.options.reports.generateMissing(at);
    if (result.stored.length > 0) this.log?.info({ stored: result.stored }, 'reports stored');
    return result;
  }

  /** How long to wait after a run at `at`: the regular interval, or until just after the next month starts. */
  delayAfter(at: Date): number {
    const untilMonth = nextMonthStart(at).getTime() - at.getTime() + AFTER_BOUNDARY_MS;
    return Math.max(AFTER_BOUNDARY_MS, Math.min(this.options.intervalMs, untilMonth));
  }

  protected nextDelay(): Promise<number> {
    return Promise.resolve(this.delayAfter(this.now()));
  }
}
