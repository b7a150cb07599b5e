import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PageTreeProblem } from './pdf-page-tree';
import { DEFAULT_STREAM_LIMITS, type StreamLimits, type StreamProblem } from './pdf-streams';

/**
 * A small pool of worker threads that count PDF pages off the event loop (pdf-pages.worker). Each
 * count has a time budget (the worker is terminated past it) and each worker a heap limit (a document
 * that needs more ends its worker, not the server). At most PDF_COUNT_WORKERS counts run at once;
 * the others wait their turn (the uploads in flight are capped, so the queue is bounded too). Workers
 * are kept between counts (pdf-lib loads once) and unref'd, so an idle pool never keeps the process up.
 */

export interface PdfCountRequest {
  id: number;
  /** The file to count, on disk: the bytes never cross the thread boundary. */
  file: string;
  maxPages: number;
  maxDepth: number;
  /** How much the document's streams may decompress to. */
  streams: StreamLimits;
}

/** Why a count gave no page number: the tree's problems, the streams', and the pool's own. */
export type PdfCountProblem =
  PageTreeProblem | StreamProblem | 'encrypted' | 'corrupt' | 'unreadable' | 'timeout' | 'out-of-memory';

export type PdfCountReply =
  { id: number; ok: true; pages: number } | { id: number; ok: false; problem: PdfCountProblem };

/** Counts running at once (each is one worker thread). */
export const PDF_COUNT_WORKERS = 2;
/** Time budget of one count; past it the worker is terminated and the document refused. */
export const PDF_COUNT_TIMEOUT_MS = 5_000;
/** Heap of one worker: a document whose objects need more is refused. */
export const PDF_WORKER_HEAP_MB = 256;

interface Job {
  request: PdfCountRequest;
  /** This count's time budget (the pool's when not given). */
  timeoutMs: number;
  resolve: (reply: PdfCountReply) => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** In the sources (tests, tsx) the worker is TypeScript and needs tsx's loader; the build has plain JS. */
function workerSpec(): { file: string; execArgv: string[] | undefined } {
  const compiled = path.join(__dirname, 'pdf-pages.worker.js');
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: undefined };
  return { file: path.join(__dirname, 'pdf-pages.worker.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
}

export interface PdfPagesPoolOptions {
  workers?: number;
  timeoutMs?: number;
  heapMb?: number;
}

export class PdfPagesPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly heapMb: number;

  constructor(options: PdfPagesPoolOptions = {}) {
    this.slots = Array.from({ length: options.workers ?? PDF_COUNT_WORKERS }, () => ({
      worker: null,
      job: null,
      timer: null,
    }));
    this.timeoutMs = options.timeoutMs ?? PDF_COUNT_TIMEOUT_MS;
    this.heapMb = options.heapMb ?? PDF_WORKER_HEAP_MB;
  }

  /** Counts the pages of the PDF at `file`; never rejects (every failure is a problem in the reply). */
  count(
    file: string,
    limits: { maxPages: number; maxDepth: number; streams?: StreamLimits },
    timeoutMs?: number,
  ): Promise<PdfCountReply> {
    return new Promise((resolve) => {
      const budget = Math.min(timeoutMs ?? this.timeoutMs, this.timeoutMs);
      const request = { id: this.nextId++, file, ...limits, streams: limits.streams ?? DEFAULT_STREAM_LIMITS };
      this.queue.push({ request, timeoutMs: budget, resolve });
      this.pump();
    });
  }

  /** Counts waiting for a worker (for tests and diagnostics). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Ends every worker; counts in progress answer 'unreadable'. */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.retire(slot, 'unreadable')));
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.job) continue;
      const job = this.queue.shift() as Job;
      slot.job = job;
      const worker = slot.worker ?? this.spawn(slot);
      slot.timer = setTimeout(() => void this.retire(slot, 'timeout'), job.timeoutMs);
      worker.postMessage(job.request);
    }
  }

  private spawn(slot: Slot): Worker {
    const { file, execArgv } = workerSpec();
    const worker = new Worker(file, {
      execArgv,
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    worker.on('message', (reply: PdfCountReply) => {
      if (slot.worker !== worker || !slot.job || slot.job.request.id !== reply.id) return;
      this.finish(slot, reply);
    });
    const died = (problem: PdfCountProblem) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      if (slot.job) this.finish(slot, { id: slot.job.request.id, ok: false, problem });
    };
    worker.on('error', (error: Error & { code?: string }) =>
      died(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'unreadable'),
    );
    worker.on('exit', () => died('unreadable'));
    // after the listeners: adding a 'message' listener refs the worker's port again
    worker.unref();
    slot.worker = worker;
    return worker;
  }

  private finish(slot: Slot, reply: PdfCountReply): void {
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    job?.resolve(reply);
    this.pump();
  }

  /** Terminates the slot's worker (past the time budget, or on close); its job answers `problem`. */
  private async retire(slot: Slot, problem: PdfCountProblem): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    if (slot.job) this.finish(slot, { id: slot.job.request.id, ok: false, problem });
    if (worker) await worker.terminate();
  }
}
