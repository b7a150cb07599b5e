import { PrintDriverError, type PrinterDriver, type PrintJob } from './driver';

function delay(ms: number, signal: AbortSignal): Promise<void> {
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

/**
 * The default driver: a printer that takes msPerSheet per sheet and can be told to fail a job
 * (tests and demos).
 */
export class SimulatedDriver implements PrinterDriver {
  readonly kind = 'simulated';
  private readonly failures = new Map<string, string>();

  constructor(private readonly msPerSheet: number) {}

  /** The job with this id will fail (before it starts, or when it finishes if already printing). */
  failJob(jobId: string, reason = 'Máy in gặp lỗi khi in (mô phỏng)'): void {
    this.failures.set(jobId, reason);
  }

  async print(job: PrintJob, signal: AbortSignal): Promise<void> {
    const failBefore = this.failures.get(job.id);
    if (failBefore !== undefined) {
      this.failures.delete(job.id);
      throw new PrintDriverError(failBefore);
    }
    await delay(Math.max(0, job.sheets) * this.msPerSheet, signal);
    const failAfter = this.failures.get(job.id);
    if (failAfter !== undefined) {
      this.failures.delete(job.id);
      throw new PrintDriverError(failAfter);
    }
  }
}
