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
  /**
   * A driver that can tell when its device goes offline or comes back (IPP) calls `report` then; the
   * dispatcher passes it to Dispatcher.printerConnectivity (a notice to staff and officers). Returns a
   * function that stops watching. The simulated driver has nothing to watch.
   */
  watch?(printerId: string, report: (online: boolean, reason?: string) => void): () => void;
}
