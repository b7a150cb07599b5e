/**
 * Where a job stands (issue 21, point 5): how fast each printer prints, learnt from its own print log,
 * and from that when each waiting job should start. Pure functions (no database, no clock): the service
 * reads the rows and the time and hands them here, so the arithmetic is tested on a recorded log.
 *
 * The model. A printer spends on each job a fixed setup time (receiving and rasterising the file,
 * warming up, the first sheet's path) and then a time per sheet:
 *
 *     duration (s) = setup + sheets × secondsPerSheet,        sheetsPerMinute = 60 / secondsPerSheet
 *
 * where `sheets` is the job's total_pages (sheets of its paper size for every copy: copies, sides and
 * pages per sheet are already in it) and `duration` is finish_date − started_at of a Completed job.
 *
 * The fit, per printer, over its recent Completed jobs (the service reads the last RECENT_JOBS within
 * RECENT_DAYS):
 * 1. Samples that cannot be a print are dropped: no sheet, a duration ≤ 0 or above MAX_SAMPLE_SECONDS
 *    (a job that waited hours on a jam says nothing about the speed).
 * 2. Ordinary least squares of duration on sheets gives setup (the intercept) and secondsPerSheet (the
 *    slope). It is degenerate when every job had the same number of sheets (the two cannot be told
 *    apart) or the slope is not positive (noise larger than the signal): then the setup is held at the
 *    default and only the speed is fitted (least squares through that intercept).
 * 3. Outliers (a paper jam, a job the operator paused) would pull a least-squares line: the points whose
 *    residual exceeds both OUTLIER_FACTOR × the median absolute residual and OUTLIER_SHARE of the
 *    predicted duration are dropped and the line fitted once more on the rest (the second test keeps
 *    big jobs, whose timing varies more in seconds than a small one's, from being taken for jams).
 * 4. The result is clamped to sane bounds (SETUP_BOUNDS_S, SPEED_BOUNDS_PPM): a setup clamped moves the
 *    speed to its least-squares value for that setup, and the speed is then clamped too.
 * With fewer than MIN_SAMPLES usable jobs the printer gets DEFAULT_SPEED (10 s setup, 20 sheets per
 * minute: an ordinary office laser printer), flagged `fitted: false`.
 *
 * The estimate, per printer: the job in progress needs its predicted duration minus the time since it
 * started (never less than zero: an overrunning job may end any moment); each waiting job starts when
 * the jobs ahead of it (in print order, the dispatcher's: created_at, id) are predicted to be done.
 */

/** One Completed job of the printer's log: its sheets and how long it printed. */
export interface PrintSample {
  sheets: number;
  seconds: number;
}

/** A printing_logs row as the fit reads it. */
export interface PrintLogRow {
  status: string;
  total_pages: number;
  started_at: Date | string | null;
  finish_date: Date | string | null;
}

/**
 * The samples of a print log: its Completed jobs that have both times (a Failed job stopped part-way,
 * an old row may lack started_at), sheets = total_pages, seconds = finish_date − started_at.
 */
export function toPrintSamples(rows: readonly PrintLogRow[]): PrintSample[] {
  const samples: PrintSample[] = [];
  for (const row of rows) {
    if (row.status !== 'Completed' || row.started_at === null || row.finish_date === null) continue;
    const seconds = (new Date(row.finish_date).getTime() - new Date(row.started_at).getTime()) / 1000;
    samples.push({ sheets: row.total_pages, seconds });
  }
  return samples;
}

/** A printer's fitted speed. */
export interface PrinterSpeed {
  setupSeconds: number;
  sheetsPerMinute: number;
  /** Jobs the fit used (after dropping unusable samples and outliers). */
  samples: number;
  /** false: too few usable jobs, the default speed. */
  fitted: boolean;
}

/** The speed of a printer with too little history: an ordinary office laser printer. */
export const DEFAULT_SPEED: PrinterSpeed = { setupSeconds: 10, sheetsPerMinute: 20, samples: 0, fitted: false };
/** Usable jobs below which the printer's own log is not trusted. */
export const MIN_SAMPLES = 5;
/** The most recent Completed jobs the fit reads per printer, within RECENT_DAYS. */
export const RECENT_JOBS = 200;
export const RECENT_DAYS = 30;
/** A job longer than this (6 h) waited on something (a jam, a stop): not a print duration. */
export const MAX_SAMPLE_SECONDS = 6 * 3600;
/** Setup time bounds, seconds. */
export const SETUP_BOUNDS_S = { min: 0, max: 180 } as const;
/** Speed bounds, sheets per minute (a slow inkjet to a production machine). */
export const SPEED_BOUNDS_PPM = { min: 1, max: 150 } as const;
/** A residual above this many median absolute residuals, and above OUTLIER_SHARE of the prediction, marks an outlier. */
export const OUTLIER_FACTOR = 4;
export const OUTLIER_SHARE = 0.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Least squares of seconds on sheets with the intercept held at `setup`: the seconds per sheet. */
function slopeThrough(points: readonly PrintSample[], setup: number): number {
  let sxy = 0;
  let sxx = 0;
  for (const { sheets, seconds } of points) {
    sxy += sheets * (seconds - setup);
    sxx += sheets * sheets;
  }
  return sxx > 0 ? sxy / sxx : Number.NaN;
}

/** Setup and seconds per sheet by ordinary least squares, or through the default setup when degenerate. */
function leastSquares(points: readonly PrintSample[]): { setup: number; perSheet: number } {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.sheets, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.seconds, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const { sheets, seconds } of points) {
    sxx += (sheets - meanX) ** 2;
    sxy += (sheets - meanX) * (seconds - meanY);
  }
  // every job the same size (or nearly): setup and speed cannot be told apart
  const perSheet = sxx > 1e-9 * n ? sxy / sxx : Number.NaN;
  if (!(perSheet > 0)) {
    const setup = DEFAULT_SPEED.setupSeconds;
    return { setup, perSheet: slopeThrough(points, setup) };
  }
  return { setup: meanY - perSheet * meanX, perSheet };
}

/**
 * Fits a printer's setup time and speed to its Completed jobs (see the module comment for the method);
 * DEFAULT_SPEED when fewer than MIN_SAMPLES jobs are usable or no positive speed comes out.
 */
export function fitPrinterSpeed(samples: readonly PrintSample[]): PrinterSpeed {
  let points = samples.filter(
    (s) =>
      Number.isFinite(s.sheets) &&
      Number.isFinite(s.seconds) &&
      s.sheets > 0 &&
      s.seconds > 0 &&
      s.seconds <= MAX_SAMPLE_SECONDS,
  );
  if (points.length < MIN_SAMPLES) return DEFAULT_SPEED;
  let line = leastSquares(points);
  // once more without the outliers, when enough jobs are left
  const first = line;
  const predicted = (p: PrintSample) => first.setup + first.perSheet * p.sheets;
  const residuals = points.map((p) => Math.abs(p.seconds - predicted(p)));
  const spread = median(residuals);
  if (spread > 0) {
    const kept = points.filter((p, i) => {
      const residual = residuals[i] ?? 0;
      return residual <= OUTLIER_FACTOR * spread || residual <= OUTLIER_SHARE * Math.abs(predicted(p));
    });
    if (kept.length >= MIN_SAMPLES && kept.length < points.length) {
      points = kept;
      line = leastSquares(points);
    }
  }
  const setup = clamp(line.setup, SETUP_BOUNDS_S.min, SETUP_BOUNDS_S.max);
  const perSheet = setup === line.setup ? line.perSheet : slopeThrough(points, setup);
  if (!(perSheet > 0) || !Number.isFinite(perSheet)) return DEFAULT_SPEED;
  return {
    setupSeconds: setup,
    sheetsPerMinute: clamp(60 / perSheet, SPEED_BOUNDS_PPM.min, SPEED_BOUNDS_PPM.max),
    samples: points.length,
    fitted: true,
  };
}

/** The predicted printing time of a job of `sheets` sheets, in seconds. */
export function predictSeconds(speed: PrinterSpeed, sheets: number): number {
  return speed.setupSeconds + (Math.max(0, sheets) * 60) / speed.sheetsPerMinute;
}

/** A printer's pending jobs, in print order, as the estimate needs them. */
export interface PrinterQueue {
  /** The job printing now, if any. */
  inProgress: { sheets: number; startedAt: Date | null } | null;
  /** The waiting jobs, in print order (position 1 first). */
  queued: readonly { id: string; sheets: number }[];
}

export interface QueueEstimate {
  /** Per waiting job (by id): its position (1 = next) and when it should start. */
  jobs: Map<string, { position: number; estimatedStart: Date }>;
  /** When a job sent now would start: after every pending job. */
  nextStart: Date;
  /** Seconds from now until a job sent now would start. */
  waitSeconds: number;
}

/**
 * When each waiting job of a printer should start: now, plus what the job in progress still needs (its
 * predicted duration less the time since it started, at least 0; a job without a start time yet counts
 * whole), plus the predicted durations of the jobs ahead of it.
 */
export function estimateQueue(now: Date, speed: PrinterSpeed, queue: PrinterQueue): QueueEstimate {
  let offsetSeconds = 0;
  if (queue.inProgress) {
    const predicted = predictSeconds(speed, queue.inProgress.sheets);
    const elapsed = queue.inProgress.startedAt
      ? Math.max(0, (now.getTime() - queue.inProgress.startedAt.getTime()) / 1000)
      : 0;
    offsetSeconds = Math.max(0, predicted - elapsed);
  }
  const jobs = new Map<string, { position: number; estimatedStart: Date }>();
  queue.queued.forEach((job, i) => {
    jobs.set(job.id, { position: i + 1, estimatedStart: new Date(now.getTime() + offsetSeconds * 1000) });
    offsetSeconds += predictSeconds(speed, job.sheets);
  });
  return { jobs, nextStart: new Date(now.getTime() + offsetSeconds * 1000), waitSeconds: offsetSeconds };
}
