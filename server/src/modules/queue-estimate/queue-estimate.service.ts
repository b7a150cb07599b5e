import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { MemoryCache } from '../../lib/memory-cache';
import {
  DEFAULT_SPEED,
  RECENT_DAYS,
  RECENT_JOBS,
  estimateQueue,
  fitPrinterSpeed,
  toPrintSamples,
  type PrinterQueue,
  type PrinterSpeed,
} from './queue-estimate.model';
import {
  listPendingForEstimate,
  listWaitingStudents,
  recentPrintLogs,
  type PendingJobRow,
  type RecentPrintRow,
} from './queue-estimate.repository';

/**
 * How long the printers' fitted speeds are kept: a fit over up to 200 jobs hardly moves in minutes, so
 * one read of the logs every 5 minutes (or after a printer was added or edited) serves every answer; the
 * queues themselves are read fresh per answer.
 */
export const SPEED_CACHE_TTL_MS = 5 * 60_000;

/** A waiting job: where it stands and when it should start (null while its printer cannot print). */
export interface JobEstimate {
  position: number;
  estimatedStart: Date | null;
}

/** The estimates of one read of the queues. */
export interface QueueEstimates {
  /** Per Queued job id. */
  jobs: Map<string, JobEstimate>;
  /**
   * Per printer with pending jobs: seconds until a job sent now would start (null: the printer cannot
   * print now, paused or its device in error). A printer not listed has nothing pending.
   */
  waitSeconds: Map<string, number | null>;
}

export interface QueueEstimateServiceDeps {
  db: Db;
  events: DomainEvents;
  now?: () => Date;
  speedCacheTtlMs?: number;
}

export type QueueEstimateService = ReturnType<typeof createQueueEstimateService>;

/** Each printer's pending jobs in print order, with whether it prints now. */
function queuesOf(rows: readonly PendingJobRow[]): Map<string, PrinterQueue & { printing: boolean }> {
  const queues = new Map<
    string,
    { inProgress: PrinterQueue['inProgress']; queued: { id: string; sheets: number }[]; printing: boolean }
  >();
  for (const row of rows) {
    let queue = queues.get(row.printer_id);
    if (!queue) {
      queue = { inProgress: null, queued: [], printing: row.printing };
      queues.set(row.printer_id, queue);
    }
    if (row.status === 'InProgress') {
      queue.inProgress = { sheets: row.sheets, startedAt: row.started_at === null ? null : new Date(row.started_at) };
    } else {
      queue.queued.push({ id: row.id, sheets: row.sheets });
    }
  }
  return queues;
}

/**
 * Where queued jobs stand and how long a printer's queue is, from each printer's own print log (the
 * method: queue-estimate.model.ts). One query of the pending jobs per answer; the fitted speeds come
 * from memory (one query of the recent logs every few minutes, or after a printer was added or edited).
 */
export function createQueueEstimateService(deps: QueueEstimateServiceDeps) {
  const { db, events } = deps;
  const now = deps.now ?? (() => new Date());

  const speedCache = new MemoryCache(async () => {
    const since = new Date(now().getTime() - RECENT_DAYS * 86_400_000);
    const rows = await recentPrintLogs(db, since, RECENT_JOBS);
    const logs = new Map<string, RecentPrintRow[]>();
    for (const row of rows) {
      const list = logs.get(row.printer_id) ?? [];
      list.push(row);
      logs.set(row.printer_id, list);
    }
    const speeds = new Map<string, PrinterSpeed>();
    for (const [printerId, list] of logs) speeds.set(printerId, fitPrinterSpeed(toPrintSamples(list)));
    return speeds;
  }, deps.speedCacheTtlMs ?? SPEED_CACHE_TTL_MS);

  // a printer added, edited or retired (not a mere queue change): its fit is read again
  events.on(
    'printer-changed',
    ({ change }) => {
      if (change) speedCache.invalidate();
    },
    'state',
  );

  return {
    /**
     * The students waiting in this printer's queue (in every queue when the printer is not named): a
     * change of the queue moves their places and starts, so their history is told to reload.
     */
    async waitingStudents(printerId?: string): Promise<string[]> {
      return listWaitingStudents(db, printerId ?? null);
    },

    /** Each printer's fitted speed (a printer without usable history: DEFAULT_SPEED). */
    async speedOf(printerId: string): Promise<PrinterSpeed> {
      return (await speedCache.get()).get(printerId) ?? DEFAULT_SPEED;
    },

    /**
     * Estimates for the queues of these printers (every printer when null): each Queued job's position
     * and start, and each printer's wait for a job sent now.
     */
    async estimate(printerIds: readonly string[] | null): Promise<QueueEstimates> {
      const jobs = new Map<string, JobEstimate>();
      const waitSeconds = new Map<string, number | null>();
      if (printerIds !== null && printerIds.length === 0) return { jobs, waitSeconds };
      const rows = await listPendingForEstimate(db, printerIds);
      if (rows.length === 0) return { jobs, waitSeconds };
      const speeds = await speedCache.get();
      const at = now();
      for (const [printerId, queue] of queuesOf(rows)) {
        const estimate = estimateQueue(at, speeds.get(printerId) ?? DEFAULT_SPEED, queue);
        for (const [id, job] of estimate.jobs) {
          jobs.set(id, { position: job.position, estimatedStart: queue.printing ? job.estimatedStart : null });
        }
        waitSeconds.set(printerId, queue.printing ? estimate.waitSeconds : null);
      }
      return { jobs, waitSeconds };
    },
  };
}
