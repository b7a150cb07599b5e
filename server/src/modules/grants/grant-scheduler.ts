import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { ScheduledRun } from '../../lib/scheduled-run';
import { getGrantSettings, nextGrantDate, runSemesterGrant, type GrantRunResult } from './grants.service';

export interface GrantSchedulerOptions {
  db: Db;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Longest wait between two checks (GRANT_CHECK_MS); the scheduler also wakes at the next grant date. */
  intervalMs: number;
  log?: FastifyBaseLogger;
  /** users-changed (every user) after a run that granted pages: balances moved. */
  events?: DomainEvents;
}

/**
 * Runs the semester grant at start, then at each grant date (and at least every intervalMs, so a date
 * changed in the configuration is picked up; `reschedule` when this process changed them). Runs never
 * overlap within a process; across processes the grant itself is once per student and semester.
 */
export class GrantScheduler extends ScheduledRun<GrantRunResult> {
  constructor(private readonly options: GrantSchedulerOptions) {
    super(options.now, options.log, 'semester grant failed');
  }

  protected async run(at: Date): Promise<GrantRunResult> {
    const result = await runSemesterGrant(this.options.db, at);
    if (result.granted > 0) {
      this.log?.info(result, 'semester grant');
      this.options.events?.emit('users-changed', { userIds: null });
    }
    return result;
  }

  /**
   * The regular interval, or a second after the next grant date when it comes first. The next date is the
   * one after the time the run granted for: a date that passes during the run is then a second away.
   */
  protected async nextDelay(ranAt: Date): Promise<number> {
    let delay = this.options.intervalMs;
    try {
      const next = nextGrantDate(await getGrantSettings(this.options.db), ranAt);
      if (next) delay = Math.min(delay, Math.max(1_000, next.getTime() - this.now().getTime() + 1_000));
    } catch (error) {
      this.log?.warn({ err: error }, 'grant scheduler: next date unknown');
    }
    return delay;
  }
}
