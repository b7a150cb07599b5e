import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import { getGrantSettings, nextGrantDate, runSemesterGrant, type GrantRunResult } from './grants.service';

export interface GrantSchedulerOptions {
  db: Db;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Longest wait between two checks (GRANT_CHECK_MS); the scheduler also wakes at the next grant date. */
  intervalMs: number;
  log?: FastifyBaseLogger;
}

/**
 * Runs the semester grant at start, then at each grant date (and at least every intervalMs, so a date
 * changed in the configuration is picked up). Runs never overlap within a process; across processes
 * the grant itself is once per student and semester.
 */
export class GrantScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<GrantRunResult | null> | null = null;
  private stopped = true;
  /** A check is in progress; `again`: the dates changed meanwhile, check once more after it. */
  private ticking = false;
  private again = false;
  private readonly now: () => Date;

  constructor(private readonly options: GrantSchedulerOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** One run now (joins the one in progress). Errors are logged and answer null. */
  runOnce(at: Date = this.now()): Promise<GrantRunResult | null> {
    this.running ??= (async () => {
      try {
        const result = await runSemesterGrant(this.options.db, at);
        if (result.granted > 0) this.options.log?.info(result, 'semester grant');
        return result;
      } catch (error) {
        this.options.log?.error({ err: error }, 'semester grant failed');
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

  /** Runs once at once (not awaited by the caller's start), then on the timer. */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    void this.tick();
  }

  /**
   * The grant dates changed: check now and wait for the new next date (rather than the one computed
   * from the old dates). A run already in progress is joined.
   */
  reschedule(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.idle();
  }

  private async tick(): Promise<void> {
    this.ticking = true;
    let delay = this.options.intervalMs;
    try {
      // The next date is the one after the time this run granted for: a grant date that passes while the
      // run is in progress is then a second away, not a whole check interval.
      const ranAt = this.now();
      await this.runOnce(ranAt);
      if (this.stopped) return;
      try {
        const next = nextGrantDate(await getGrantSettings(this.options.db), ranAt);
        // wake a second after the next grant date when it comes before the next regular check
        if (next) delay = Math.min(delay, Math.max(1_000, next.getTime() - this.now().getTime() + 1_000));
      } catch (error) {
        this.options.log?.warn({ err: error }, 'grant scheduler: next date unknown');
      }
    } finally {
      this.ticking = false;
    }
    if (this.stopped) return;
    if (this.again) {
      // the dates changed during this check: check again with them
      this.again = false;
      return this.tick();
    }
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }
}
