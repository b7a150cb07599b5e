import type { FastifyBaseLogger } from 'fastify';

/**
 * A job a process runs at start, then again after a delay each run decides (the grant scheduler, the
 * report scheduler). Runs never overlap within the process: runOnce joins the one in progress. A failing
 * run is logged and answers null; the timer goes on. `reschedule` runs now and waits anew (what the
 * delay depends on changed); during a run it asks for one more run after it.
 */
export abstract class ScheduledRun<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T | null> | null = null;
  private stopped = true;
  /** A tick is in progress; `again`: a reschedule came meanwhile, tick once more after it. */
  private ticking = false;
  private again = false;
  protected readonly now: () => Date;

  constructor(
    now: (() => Date) | undefined,
    protected readonly log: FastifyBaseLogger | undefined,
    /** What the log says when a run fails. */
    private readonly failure: string,
  ) {
    this.now = now ?? (() => new Date());
  }

  /** The work of one run at `at`. */
  protected abstract run(at: Date): Promise<T>;

  /** How long to wait after a run that ran at `ranAt`. */
  protected abstract nextDelay(ranAt: Date): Promise<number>;

  /** One run now (joins the one in progress). Errors are logged and answer null. */
  runOnce(at: Date = this.now()): Promise<T | null> {
    this.running ??= (async () => {
      try {
        return await this.run(at);
      } catch (error) {
        this.log?.error({ err: error }, this.failure);
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

  /** Runs now and waits anew; during a tick, once more after it. */
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
    let delay: number;
    try {
      const ranAt = this.now();
      await this.runOnce(ranAt);
      if (this.stopped) return;
      delay = await this.nextDelay(ranAt);
    } finally {
      this.ticking = false;
    }
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      return this.tick();
    }
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }
}
