import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { applyLedgerEntry } from '../modules/ledger/ledger.repository';
import { noticeJobFailed } from '../modules/notices/notices.writers';
import type { DomainEvents } from '../events/domain-events';
import type { DispatcherStatus } from '../types';
import { recordDeviceReading } from './device-health';
import {
  DeviceBusyError,
  DeviceUnreachableError,
  PrintDriverError,
  printOptionsOf,
  type DeviceJobRef,
  type PrinterDriver,
  type PrintJob,
} from './drivers/driver';
import { PrinterDrivers, type DriverRegistry } from './drivers/driver-registry';
import { sheetsPrinted } from './drivers/ipp/ipp-attributes';
import * as queue from './queue.repository';

/**
 * The print queue lives in printing_logs. The dispatcher claims the oldest Queued job of each active,
 * idle printer (one job at a time per printer, in order) with row locks, so two server instances never
 * print one job twice, then, for each job:
 *   1. send: marks the send begun, sends, and stores the device's job id and uuid the moment the device
 *      accepted it. A send that was begun before a crash first looks for the job on the device (never
 *      a second copy: field reports tell of CUPS timeouts printing one job hundreds of times).
 *   2. follow: looks at the job on the device until it ends (completed, aborted, cancelled). A device
 *      that stops answering is waited for (backoff), never sent the job again; one that restarted and
 *      lost the job gets it again, once.
 * A device that does not answer a send keeps the job Queued (its printer marked offline until the
 * monitor hears it again); a device that refuses the job, aborts it or cancels it fails it and refunds
 * it in full, once (the ledger's unique refund per job); one that printed fewer sheets than charged (a
 * jam) has the difference refunded. A running job's claim is renewed on every pass. A job left by a
 * stopped instance is queued again when it never reached its device, or followed by another instance
 * when it did. Every change emits update-student-history to its student and update-printer-list to all.
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
  /** Where stored files live (documents.storage_path is a name inside it). */
  uploadDir?: string;
  log?: FastifyBaseLogger;
  /** The status /healthz reports (updated in place). */
  status?: DispatcherStatus;
  pollMs?: number;
  /** A claim not renewed for this long is considered abandoned. */
  leaseMs?: number;
  maxAttempts?: number;
  /** Longest wait between two looks at a job whose device stopped answering. */
  maxBackoffMs?: number;
}

export class Dispatcher {
  private readonly running = new Map<string, { job: PrintJob; controller: AbortController; done: Promise<void> }>();
  /** Printers whose device said it is busy: not tried again before this time. */
  private readonly busyUntil = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private stopped = true;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly maxBackoffMs: number;

  private readonly drivers: DriverRegistry;

  constructor(private readonly options: DispatcherOptions) {
    if (!options.drivers && !options.driver) throw new Error('the dispatcher needs drivers');
    this.drivers =
      options.drivers ?? new PrinterDrivers(options.driver as PrinterDriver, () => options.driver as PrinterDriver);
    this.pollMs = options.pollMs ?? 500;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
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
    const now = Date.now();
    for (const printerId of await queue.printersReadyToPrint(this.options.db)) {
      if (this.stopped) return;
      if (this.running.has(printerId)) continue;
      if ((this.busyUntil.get(printerId) ?? 0) > now) continue;
      const job = await this.claimNext(printerId);
      if (job) this.launch(job);
    }
    this.setState(this.running.size > 0 ? 'running' : 'idle');
  }

  private jobOf(row: queue.ClaimedRow): PrintJob {
    const { uploadDir } = this.options;
    return {
      id: row.id,
      userId: row.user_id,
      printerId: row.printer_id,
      sheets: row.total_pages,
      cost: row.cost,
      selectedPages: row.selected_pages,
      options: printOptionsOf({
        paperSize: row.paper_size,
        copies: row.num_version,
        numSides: row.num_sides,
        pagesPerSheet: row.pages_per_sheet,
        color: row.color_option,
        landscape: row.landscape_option,
        pageRanges: row.page_ranges,
      }),
      // the stored name is ours (generated), never a path the student chose
      filePath: row.storage_path && uploadDir ? path.join(uploadDir, path.basename(row.storage_path)) : null,
      fileType: row.file_type,
      title: row.title,
      deviceUri: row.device_uri,
      device:
        row.device_job_id !== null
          ? { id: row.device_job_id, uuid: row.device_job_uuid, uri: row.device_job_uri }
          : null,
      sentAt: row.sent_at === null ? null : new Date(row.sent_at),
      sendStarted: row.send_started,
    };
  }

  /**
   * Claims the printer's oldest Queued job. The printer row lock (skipped when another instance
   * holds it) serialises claims per printer; the conditional UPDATE loses cleanly to a cancel.
   */
  async claimNext(printerId: string): Promise<PrintJob | null> {
    const row = await queue.claimNextJob(this.options.db, printerId, this.options.instanceId);
    if (!row) return null;
    this.changed(row.user_id);
    return this.jobOf(row);
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

  private logError(what: string, jobId: string) {
    return (error: unknown) => this.options.log?.error({ err: error, jobId }, what);
  }

  private async print(claimed: PrintJob, signal: AbortSignal): Promise<void> {
    const driver = this.drivers.driverFor(claimed);
    let job = claimed;
    try {
      if (!job.device) {
        // a send begun before a crash may have reached the device: look before sending again
        const found = job.sendStarted ? await driver.find(job, signal) : null;
        if (!found) await queue.markSendStarted(this.options.db, job.id, this.options.instanceId);
        const ref = found ?? (await driver.send(job, signal));
        const sentAt = await queue.markSent(this.options.db, job.id, this.options.instanceId, ref);
        if (!sentAt) {
          // our claim was taken (this instance was thought dead): the job is another's now
          this.options.log?.warn({ jobId: job.id }, 'claim lost while sending');
          return;
        }
        job = { ...job, device: ref, sentAt };
        this.changed(job.userId);
      }
      await this.follow(driver, job, job.device as DeviceJobRef, signal);
    } catch (error) {
      if (signal.aborted) {
        // stopping (or the claim was lost): a job its device holds is left for the next claimer to follow;
        // any other is queued again. Both only while the claim is still this instance's.
        const release = job.device
          ? queue.releaseSentJob(this.options.db, job.id, this.options.instanceId).then((released) => {
              if (released) this.changed(job.userId, job.printerId);
            })
          : this.requeue(job);
        await release.catch(this.logError('release on stop failed', job.id));
        return;
      }
      if (error instanceof DeviceUnreachableError && !job.device) {
        await this.notSent(job, error).catch(this.logError('requeue failed', job.id));
        return;
      }
      const reason = error instanceof PrintDriverError ? error.message : 'Lỗi máy in';
      if (!(error instanceof PrintDriverError)) this.options.log?.error({ err: error, jobId: job.id }, 'driver error');
      if (job.device) await driver.cancel(job, job.device, AbortSignal.timeout(10_000)).catch(() => undefined);
      await this.fail(job.id, reason).catch(this.logError('fail failed', job.id));
    }
  }

  /**
   * The device did not take the job: queued again, the try not counted. Busy: tried again shortly.
   * Unreachable: its printer is marked offline (a notice) and waits for the monitor to hear it again.
   */
  private async notSent(job: PrintJob, error: DeviceUnreachableError): Promise<void> {
    const userId = await queue.requeueJob(this.options.db, job.id, this.options.instanceId, true);
    if (userId) this.changed(userId);
    if (error instanceof DeviceBusyError) {
      this.busyUntil.set(job.printerId, Date.now() + Math.min(this.maxBackoffMs, 2_000));
      return;
    }
    this.options.log?.warn({ jobId: job.id, printerId: job.printerId, err: error }, 'device unreachable: job queued');
    await recordDeviceReading(this.options.db, this.options.events, job.printerId, {
      state: 'offline',
      reasons: [],
      detail: error.message,
    });
  }

  /** Looks at the job on its device until it ends; a device that stops answering is waited for. */
  private async follow(driver: PrinterDriver, job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<void> {
    let backoff = 500;
    for (;;) {
      let status;
      try {
        status = await driver.status(job, ref, signal);
        backoff = 500;
      } catch (error) {
        if (!(error instanceof DeviceUnreachableError) || signal.aborted) throw error;
        // the device has the job: wait for it, never send it again; the first miss tells everyone it is away
        if (backoff === 500 && !(error instanceof DeviceBusyError)) {
          await recordDeviceReading(this.options.db, this.options.events, job.printerId, {
            state: 'offline',
            reasons: [],
            detail: error.message,
          }).catch(this.logError('recording an offline device failed', job.id));
        }
        await sleep(backoff, signal);
        backoff = Math.min(backoff * 2, this.maxBackoffMs);
        continue;
      }
      switch (status.state) {
        case 'completed':
          await this.complete(job, status.impressions);
          return;
        case 'failed':
        case 'canceled':
          await this.fail(job.id, status.reason || 'Máy in hủy yêu cầu');
          return;
        case 'lost': {
          this.options.log?.warn({ jobId: job.id }, 'the device lost the job: queued to be sent again');
          const userId = await queue.requeueLostJob(this.options.db, job.id, this.options.instanceId);
          if (userId) this.changed(userId);
          return;
        }
        default:
          await sleep(driver.nextLookMs(job), signal);
      }
    }
  }

  /**
   * Marks the job Completed. A device that reports fewer printed sheets than the job was charged for (a
   * jam) has the difference refunded in the same transaction (the ledger's note says why: the audit
   * trail). The print counters (printers.printed_count, the student's printed_a4 / printed_a3) are added
   * to by the printing_logs trigger within this same statement's transaction.
   */
  private async complete(job: PrintJob, impressions: number | null): Promise<void> {
    const sheets = sheetsPrinted(impressions, job.options, job.sheets);
    const short = job.sheets - sheets;
    const perSheet = job.options.paperSize === 'A3' ? 2 : 1;
    const refund = Math.min(job.cost, short * perSheet);
    const done = await this.options.db.tx(async (t) => {
      const row = await queue.completeJob(t, job.id, this.options.instanceId, { sheets, impressions });
      if (!row || refund <= 0) return row ? { row, refunded: 0 } : undefined;
      const entry = await applyLedgerEntry(t, {
        userId: row.user_id,
        kind: 'refund',
        delta: refund,
        refType: 'printing_log',
        refId: job.id,
        note: `Hoàn trang: máy in chỉ in được ${sheets}/${job.sheets} tờ (kẹt giấy hoặc lỗi khi in)`,
      });
      return { row, refunded: entry.applied ? refund : 0 };
    });
    if (!done) return;
    this.changed(done.row.user_id);
    this.options.events.emit('job-completed', {
      userId: done.row.user_id,
      printingLogId: job.id,
      printerId: job.printerId,
      title: job.title,
    });
    if (done.refunded > 0) {
      this.options.events.emit('ledger-written', { userId: done.row.user_id });
      this.options.events.emit('job-refunded', {
        userId: done.row.user_id,
        printingLogId: job.id,
        printerId: job.printerId,
        title: job.title,
        pages: done.refunded,
        reason: `printed ${sheets}/${job.sheets}`,
      });
    }
  }

  /**
   * Fails an InProgress job and refunds it in full, in one transaction (the refund is once per job).
   * `lapsedMs`: only if its claim lapsed that long ago (an abandoned job whose claimer may be alive after all).
   */
  async fail(jobId: string, reason: string, lapsedMs: number | null = null): Promise<boolean> {
    const failed = await this.options.db.tx(async (t) => {
      const row = await queue.failJob(t, jobId, reason, lapsedMs);
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
   * Puts a job this instance stops printing back in the queue, the try not counted (the instance stopped,
   * not the printer). Its printer is named, so every instance's dispatcher looks at once (the event crosses).
   */
  private async requeue(job: PrintJob): Promise<void> {
    const userId = await queue.requeueJob(this.options.db, job.id, this.options.instanceId, true);
    if (userId) this.changed(userId, job.printerId);
  }

  /**
   * Renews this instance's claims on the jobs it is printing. A job whose claim another instance took
   * (this one was thought dead: its renewals stopped for a lease) is let go here: the other follows it.
   */
  private async renewClaims(): Promise<void> {
    const ids = [...this.running.values()].map((r) => r.job.id);
    if (ids.length === 0) return;
    const kept = new Set(await queue.renewClaims(this.options.db, ids, this.options.instanceId));
    for (const r of this.running.values()) {
      if (kept.has(r.job.id) || r.controller.signal.aborted) continue;
      // ended meanwhile (completed, failed) or taken: either way nothing is left for this instance to do
      r.controller.abort(new Error('claim lost'));
    }
  }

  /**
   * Jobs left InProgress by a crash or a stop: their claim was not renewed for leaseMs (or they have
   * none). A job its device holds is taken over and followed to its end; any other is queued again to
   * be sent, or failed and refunded once it has been tried maxAttempts times.
   */
  async recoverAbandoned(): Promise<void> {
    const { db } = this.options;
    const mine = [...this.running.values()].map((r) => r.job.id);
    const abandoned = await queue.abandonedJobs(db, this.leaseMs, mine);
    for (const job of abandoned) {
      if (job.on_device) {
        const row = await queue.adoptSentJob(db, job.id, this.options.instanceId, this.leaseMs);
        if (row && !this.running.has(row.printer_id)) {
          this.options.log?.info({ jobId: job.id }, 'following a job its device holds, left by a stopped instance');
          this.launch(this.jobOf(row));
        } else if (row) await queue.releaseSentJob(db, job.id, this.options.instanceId);
        continue;
      }
      // both guarded by the lapse in their UPDATE: a claimer that renewed meanwhile keeps its job
      if (job.attempts >= this.maxAttempts) {
        await this.fail(job.id, 'Máy in bị gián đoạn nhiều lần, yêu cầu in đã được hoàn trang', this.leaseMs);
        continue;
      }
      const userId = await queue.requeueJob(db, job.id, null, false, this.leaseMs);
      if (userId) {
        this.options.log?.warn({ jobId: job.id }, 'print job abandoned by a stopped instance: queued again');
        this.changed(userId);
      }
    }
  }

  private changed(userId: string, printerId?: string): void {
    this.options.events.emit('job-changed', printerId ? { userId, printerId } : { userId });
    this.options.events.emit('printer-changed', {});
  }

  /**
   * Stops claiming; the jobs being printed are handed back at once: one its device holds is released for
   * another instance to follow (it adopts a released claim without waiting for a lease), any other is
   * queued again (sent by whichever instance claims it next, which looks on the device first if a send
   * had begun). Nothing is printed twice or refunded; what the instances share is the database.
   */
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

/** Waits, or rejects when the signal aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason ?? new Error('aborted'));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason ?? new Error('aborted'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
