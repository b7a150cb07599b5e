import type { FastifyBaseLogger } from 'fastify';
import { ScheduledRun } from '../../lib/scheduled-run';
import type { ExpiryResult, ReleaseService } from './release.service';

export interface ExpirySchedulerOptions {
  release: Pick<ReleaseService, 'expireHeldJobs'>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Time between two runs. */
  intervalMs: number;
  log?: FastifyBaseLogger;
}

/**
 * The expiry of held jobs: at start (what expired while the server was down is refunded at once), then
 * every intervalMs. Runs never overlap within a process; across processes each job is told and expired
 * once (the rows are claimed in the database), so two instances on one database never refund twice.
 */
export class ExpiryScheduler extends ScheduledRun<ExpiryResult> {
  constructor(private readonly options: ExpirySchedulerOptions) {
    super(options.now, options.log, 'held job expiry failed');
  }

  protected async run(at: Date): Promise<ExpiryResult> {
    const result = await this.options.release.expireHeldJobs(at);
    if (result.expired > 0 || result.told > 0) this.log?.info(result, 'held jobs told or expired');
    return result;
  }

  protected nextDelay(): Promise<number> {
    return Promise.resolve(this.options.intervalMs);
  }
}
