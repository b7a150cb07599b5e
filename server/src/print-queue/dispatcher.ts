import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { applyLedgerEntry } from '../modules/ledger/ledger.repository';
import { noticeJobFailed, noticePrinterConnectivity } from '../modules/notices/notices.writers';
import type { DomainEvents } from '../events/domain-events';
import type { DispatcherStatus } from '../types';
import { PrintDriverError, type PrinterDriver, type PrintJob } from './drivers/driver';
import { PrinterDrivers, type DriverRegistry } from './drivers/driver-registry';
import * as queue from './queue.repository';

/**
 * The print queue lives in printing_logs. The dispatcher claims the oldest Queued job of each active,
 * idle printer (one job at a time per printer, in order) with row locks, so two server instances never
 * print one job twice; a running job's claim is renewed on every pass while it prints. A job left
 * InProgress by a crashed instance (its claim not renewed for leaseMs) is queued again to resume, or
 * failed and refunded after maxAttempts; a live instance's job is never taken. A failed job is refunded in
 * full, once (the ledger's unique refund per job). Every change emits update-student-history to its
 * student and update-printer-list to everyone.
 */
export interface DispatcherOptions {
  db: Db;
  events: DomainEvents;
  /** The driver of each printer. */
  drivers?: DriverRegistry;
  /** One driver for every printer (tests): used when `drivers` is not given. */
  driver?: PrinterDriver;
  /** Names this process's claims: unique per process (a restarted process is a new claimer). */
  instanceId: string;
  log?: FastifyBaseLogger;
  /** The status /healthz reports (updated in place). */
  status?: DispatcherStatus;
  pollMs?: number;
  /** A claim not renewed for this long is considered abandoned. */
  leaseMs?: number;
  maxAttempts?: number;
}

export class Dispatcher {
  private readonly running = new Map<string, { job: PrintJob; controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = true;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;

  private readonly drivers: DriverRegistry;

  constructor(private readonly options: DispatcherOptions) {
    if (!options.drivers && !options.driver) throw new Error('the dispatcher needs drivers');
    this.drivers = options.drivers ?? new PrinterDrivers(options.driver as PrinterDriver);
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  private setState(state: DispatcherStatus['state'], ok = true): void {
    if (this.options.status) {
      this.options.status.state = state;
      this.options.status.ok = ok;
    }
  }

  /** Recovers abandoned jobs, then polls. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.setState('idle');
    await this.tick();
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.tick().finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref?.();
  }

  /** One pass: recover abandoned jobs, renew claims, start the next job of every idle printer. */
  async tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.pass()
      .catch((error: unknown) => {
        this.options.log?.error({ err: error }, 'print dispatcher pass failed');
        this.setState(this.running.size > 0 ? 'running' : 'idle', false);
      })
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    await this.recoverAbandoned();
    await this.renewClaims();
    for (const printerId of await queue.printersReadyToPrint(this.options.db)) {
      if (this.stopped) return;
      if (this.running.has(printerId)) continue;
      const job = await this.claimNext(printerId);
      if (job) this.launch(job);
    }
    this.setState(this.running.size > 0 ? 'running' : 'idle');
  }

  /**
   * Claims the printer's oldest Queued job. The printer row lock (skipped when another instance
   * holds it) serialises claims per printer; the conditional UPDATE loses cleanly to a cancel.
   */
  async claimNext(printerId: string): Promise<PrintJob | null> {
    const row = await queue.claimNextJob(this.options.db, printerId, this.options.instanceId);
    if (!row) return null;
    this.changed(row.user_id);
    return {
      id: row.id,
      userId: row.user_id,
      printerId: row.printer_id,
      sheets: row.total_pages,
      paperSize: row.paper_size,
      storagePath: row.storage_path,
      title: row.title,
    };
  }

  private launch(job: PrintJob): void {
    const controller = new AbortController();
    const done = this.print(job, controller.signal).finally(() => {
      this.running.delete(job.printerId);
      // the printer is free: look for its next job now rather than at the next poll
      if (!this.stopped) void this.tick();
    });
    this.running.set(job.printerId, { job, controller, done });
    this.setState('running');
  }

  private async print(job: PrintJob, signal: AbortSignal): Promise<void> {
    try {
      await this.drivers.driverFor(job.printerId).print(job, signal);
    } catch (error) {
      if (signal.aborted) {
        // stopping: the job goes back to the queue and resumes at the next start
        await this.requeue(job.id).catch((e: unknown) => this.options.log?.error({ err: e }, 'requeue failed'));
        return;
      }
      const reason = error instanceof PrintDriverError ? error.message : 'Lỗi máy in';
      if (!(error instanceof PrintDriverError)) this.options.log?.error({ err: error, jobId: job.id }, 'driver error');
      await this.fail(job.id, reason).catch((e: unknown) => this.options.log?.error({ err: e }, 'fail failed'));
      return;
    }
    await this.complete(job.id).catch((e: unknown) => this.options.log?.error({ err: e }, 'complete failed'));
  }

  /**
   * Marks the job Completed. The print counters (printers.printed_count, the student's printed_a4 /
   * printed_a3) are added to by the printing_logs trigger within this same statement's transaction.
   */
  private async complete(jobId: string): Promise<void> {
    const userId = await queue.completeJob(this.options.db, jobId, this.options.instanceId);
    if (userId) this.changed(userId);
  }

  /** Fails an InProgress job and refunds it in full, in one transaction (the refund is once per job). */
  async fail(jobId: string, reason: string): Promise<boolean> {
    const failed = await this.options.db.tx(async (t) => {
      const row = await queue.failJob(t, jobId, reason);
      if (!row) return null;
      await applyLedgerEntry(t, {
        userId: row.user_id,
        kind: 'refund',
        delta: row.cost,
        refType: 'printing_log',
        refId: jobId,
        note: `Hoàn trang: ${reason}`,
      });
      // the staff and the officers are told, in this same transaction
      return { row, told: await noticeJobFailed(t, jobId, reason) };
    });
    if (!failed) return false;
    const { row } = failed;
    this.changed(row.user_id);
    this.options.events.emit('job-refunded', {
      userId: row.user_id,
      printingLogId: jobId,
      printerId: row.printer_id,
      title: row.title,
      pages: row.cost,
      reason,
    });
    if (failed.told.length > 0) this.options.events.emit('notices-changed', { roles: failed.told });
    return true;
  }

  /**
   * A device went offline or came back: the hook a driver that can tell (the IPP drivers) calls. The
   * notice is written (staff of the printer's facility and officers) and they are told live.
   */
  async printerConnectivity(printerId: string, online: boolean, reason?: string): Promise<void> {
    const told = await this.options.db.tx((t) => noticePrinterConnectivity(t, printerId, online, reason));
    if (told.length > 0) this.options.events.emit('notices-changed', { roles: told });
  }

  private async requeue(jobId: string): Promise<void> {
    const userId = await queue.requeueJob(this.options.db, jobId, this.options.instanceId);
    if (userId) this.changed(userId);
  }

  /** Renews this instance's claims on the jobs it is printing. */
  private async renewClaims(): Promise<void> {
    const ids = [...this.running.values()].map((r) => r.job.id);
    if (ids.length === 0) return;
    await queue.renewClaims(this.options.db, ids, this.options.instanceId);
  }

  /**
   * Jobs left InProgress by a crash: their claim was not renewed for leaseMs (or they have none).
   * Queued again to resume, or failed and refunded once they have been tried maxAttempts times.
   */
  async recoverAbandoned(): Promise<void> {
    const { db } = this.options;
    const mine = [...this.running.values()].map((r) => r.job.id);
    const abandoned = await queue.abandonedJobs(db, this.leaseMs, mine);
    for (const job of abandoned) {
      if (job.attempts >= this.maxAttempts) {
        await this.fail(job.id, 'Máy in bị gián đoạn nhiều lần, yêu cầu in đã được hoàn trang');
        continue;
      }
      const userId = await queue.requeueJob(db, job.id, null);
      if (userId) {
        this.options.log?.warn({ jobId: job.id }, 'print job abandoned by a stopped instance: queued again');
        this.changed(userId);
      }
    }
  }

  private changed(userId: string): void {
    this.options.events.emit('job-changed', { userId });
    this.options.events.emit('printer-changed', {});
  }

  /** Stops polling; jobs being printed go back to the queue (they resume at the next start). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.setState('stopping');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // a pass in flight may still launch a job: let it finish first, then stop every job
    await this.ticking?.catch(() => undefined);
    const running = [...this.running.values()];
    for (const r of running) r.controller.abort(new Error('dispatcher stopping'));
    await Promise.allSettled(running.map((r) => r.done));
    this.setState('stopped');
  }

  /** Jobs being printed by this instance (tests, health). */
  get activeJobs(): string[] {
    return [...this.running.values()].map((r) => r.job.id);
  }
}
