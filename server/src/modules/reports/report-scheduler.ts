import type { FastifyBaseLogger } from 'fastify';
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
export class ReportScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<GenerationResult | null> | null = null;
  private stopped = true;
  private readonly now: () => Date;

  constructor(private readonly options: ReportSchedulerOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** One run now (joins the one in progress). Errors are logged and answer null. */
  runOnce(at: Date = this.now()): Promise<GenerationResult | null> {
    this.running ??= (async () => {
      try {
        const result = await this.options.reports.generateMissing(at);
        if (result.stored.length > 0) this.options.log?.info({ stored: result.stored }, 'reports stored');
        return result;
      } catch (error) {
        this.options.log?.error({ err: error }, 'report generation failed');
        return null;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Runs once at once (not awaited by the caller), then on the timer. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  /** How long to wait after a run at `at`: the regular interval, or until just after the next month starts. */
  delayAfter(at: Date): number {
    const untilMonth = nextMonthStart(at).getTime() - at.getTime() + AFTER_BOUNDARY_MS;
    return Math.max(AFTER_BOUNDARY_MS, Math.min(this.options.intervalMs, untilMonth));
  }

  private async tick(): Promise<void> {
    await this.runOnce(this.now());
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.delayAfter(this.now()));
    this.timer.unref();
  }
}
