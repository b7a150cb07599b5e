/** A job as a printer driver sees it. */
export interface PrintJob {
  id: string;
  userId: string;
  printerId: string;
  /** Sheets of the job's paper size (copies included). */
  sheets: number;
  paperSize: string;
  /** The stored file (generated name inside the upload folder). */
  storagePath: string | null;
  title: string;
}

/** A job the device refused or could not finish: the job is failed and refunded. */
export class PrintDriverError extends Error {
  override name = 'PrintDriverError';
}

/**
 * How the dispatcher reaches a printer. print() resolves when the device has printed the job and
 * rejects with a PrintDriverError when it failed; it stops early (rejecting) when the signal aborts.
 */
export interface PrinterDriver {
  readonly kind: string;
  print(job: PrintJob, signal: AbortSignal): Promise<void>;
}

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
