import type { FastifyBaseLogger } from 'fastify';
import { ScheduledRun } from '../../lib/scheduled-run';
import type { PurgeResult, RetentionService } from './retention.service';

export interface RetentionSchedulerOptions {
  retention: Pick<RetentionService, 'purgeExpiredFiles'>;
  /** The clock (tests move it). */
  now?: () => Date;
  /** Time between two purges (RETENTION_PURGE_MS, 10 minutes by default). */
  intervalMs: number;
  log?: FastifyBaseLogger;
}

/**
 * Deletes the stored files past retention: at start (what expired while the server was down), then every
 * intervalMs, and at once when an officer changes the configuration here (a shorter retention applies
 * now). Runs never overlap within a process; across processes each file is claimed once.
 */
export class RetentionScheduler extends ScheduledRun<PurgeResult> {
  constructor(private readonly options: RetentionSchedulerOptions) {
    super(options.now, options.log, 'document retention purge failed');
  }

  protected async run(at: Date): Promise<PurgeResult> {
    const result = await this.options.retention.purgeExpiredFiles(at);
    if (result.purged > 0) this.log?.info(result, 'stored files past retention deleted');
    return result;
  }

  protected nextDelay(): Promise<number> {
    return Promise.resolve(this.options.intervalMs);
  }
}
