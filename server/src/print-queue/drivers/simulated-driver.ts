import { randomUUID } from 'node:crypto';
import { PrintDriverError, type DeviceJobRef, type DeviceJobStatus, type PrinterDriver, type PrintJob } from './driver';

/**
 * The default driver: a printer that takes msPerSheet per sheet and can be told to fail a job (tests and
 * demos). It keeps nothing in memory that a restart would lose: a job is printed once its send time
 * plus its printing time has passed, so a restarted server follows it like a real device's.
 */
export class SimulatedDriver implements PrinterDriver {
  readonly kind = 'simulated';
  private readonly failures = new Map<string, { reason: string; when: 'send' | 'print' }>();
  private nextId = 1;

  constructor(private readonly msPerSheet: number) {}

  /** The job with this id will fail: before it is sent, or when it has printed if already sent. */
  failJob(jobId: string, reason = 'Máy in gặp lỗi khi in (mô phỏng)'): void {
    this.failures.set(jobId, { reason, when: 'print' });
  }

  /** The job with this id will be refused when it is sent. */
  refuseJob(jobId: string, reason = 'Máy in từ chối yêu cầu (mô phỏng)'): void {
    this.failures.set(jobId, { reason, when: 'send' });
  }

  send(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef> {
    signal.throwIfAborted();
    const failure = this.failures.get(job.id);
    if (failure?.when === 'send') {
      this.failures.delete(job.id);
      return Promise.reject(new PrintDriverError(failure.reason));
    }
    return Promise.resolve({ id: this.nextId++, uuid: `urn:uuid:${randomUUID()}`, uri: null });
  }

  find(): Promise<DeviceJobRef | null> {
    return Promise.resolve(null);
  }

  status(job: PrintJob, _ref: DeviceJobRef, signal: AbortSignal): Promise<DeviceJobStatus> {
    signal.throwIfAborted();
    const failure = this.failures.get(job.id);
    if (failure) {
      this.failures.delete(job.id);
      return Promise.resolve({ state: 'failed', reason: failure.reason });
    }
    const sentAt = job.sentAt?.getTime() ?? Date.now();
    const done = Date.now() >= sentAt + Math.max(0, job.sheets) * this.msPerSheet;
    return Promise.resolve(done ? { state: 'completed', impressions: null } : { state: 'printing' });
  }

  /** Until the job will have printed, from its send time (a failure set meanwhile is seen then). */
  nextLookMs(job: PrintJob): number {
    const readyAt = (job.sentAt?.getTime() ?? Date.now()) + Math.max(0, job.sheets) * this.msPerSheet;
    return Math.min(1_000, Math.max(1, readyAt - Date.now()));
  }

  cancel(): Promise<void> {
    return Promise.resolve();
  }
}
