import type { DeviceJobStatus } from './ipp/ipp-attributes';

export type { DeviceJobStatus };

/** A job's print options as the student chose them (printing_logs). */
export interface PrintOptions {
  paperSize: 'A4' | 'A3';
  copies: number;
  numSides: 1 | 2;
  pagesPerSheet: 1 | 2 | 4;
  color: boolean;
  landscape: boolean;
  /** '1-3,5', or null for every page. */
  pageRanges: string | null;
}

/** Options as stored or validated (plain numbers) narrowed to what drivers take; one place for both. */
export function printOptionsOf(input: {
  paperSize: string;
  copies: number;
  numSides: number;
  pagesPerSheet: number;
  color: boolean;
  landscape: boolean;
  pageRanges: string | null;
}): PrintOptions {
  return {
    paperSize: input.paperSize === 'A3' ? 'A3' : 'A4',
    copies: input.copies,
    numSides: input.numSides === 2 ? 2 : 1,
    pagesPerSheet: input.pagesPerSheet === 4 ? 4 : input.pagesPerSheet === 2 ? 2 : 1,
    color: input.color,
    landscape: input.landscape,
    pageRanges: input.pageRanges,
  };
}

/** The job's copy on its device, stored in the database the moment the device accepted it. */
export interface DeviceJobRef {
  id: number;
  /** The device's job-uuid: job ids start again at 1 when a device restarts, uuids do not. */
  uuid: string | null;
  uri: string | null;
}

/** A job as a printer driver sees it. */
export interface PrintJob {
  id: string;
  userId: string;
  printerId: string;
  /** Sheets of the job's paper size (copies included). */
  sheets: number;
  /** A4 pages charged for it (what a refund gives back in full). */
  cost: number;
  /** Pages of one copy the job prints. */
  selectedPages: number;
  options: PrintOptions;
  /** The full path of the file that prints (the converted PDF for Office files); null when it is gone. */
  filePath: string | null;
  /** What the stored file is: 'pdf', 'png', 'jpeg', 'gif', 'txt'. */
  fileType: string;
  title: string;
  /** The device's address (ipp://, ipps://), null for a simulated printer. */
  deviceUri: string | null;
  /** Set once the device accepted the job: the dispatcher follows it and never sends it again. */
  device: DeviceJobRef | null;
  /** When the device accepted it. */
  sentAt: Date | null;
  /** A send was begun (the answer may have been lost in a crash): look on the device before sending. */
  sendStarted: boolean;
}

/** The device refused the job or could not do it: the job is failed and refunded. */
export class PrintDriverError extends Error {
  override name = 'PrintDriverError';
}

/**
 * The device did not answer (off, asleep, unplugged, a network fault). The job stays queued and is
 * tried again later; it is never failed or refunded for this alone.
 */
export class DeviceUnreachableError extends Error {
  override name = 'DeviceUnreachableError';
}

/** The device is printing another job (ippeveprinter takes one at a time): try again shortly. */
export class DeviceBusyError extends DeviceUnreachableError {
  override name = 'DeviceBusyError';
}

/**
 * How the dispatcher reaches a printer, in three steps so that a crash never prints a job twice: send
 * (resolves when the device accepted the job: its reference is stored at once), status (one look at the
 * job on the device; the dispatcher follows it by looking again), cancel. Each takes an AbortSignal and
 * throws DeviceUnreachableError when the device does not answer in time.
 */
export interface PrinterDriver {
  readonly kind: string;
  send(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef>;
  /**
   * Looks on the device for this job, sent before a crash whose answer was never stored; null when the
   * device does not hold it (it may be sent).
   */
  find(job: PrintJob, signal: AbortSignal): Promise<DeviceJobRef | null>;
  status(job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<DeviceJobStatus>;
  cancel(job: PrintJob, ref: DeviceJobRef, signal: AbortSignal): Promise<void>;
  /** How long to wait before the next look at a job being printed. */
  nextLookMs(job: PrintJob): number;
}
