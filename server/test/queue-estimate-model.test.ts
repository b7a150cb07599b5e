/**
 * The ETA function on a recorded log (issue 21, point 5): the fit of a printer's setup time and speed
 * to its own print log (fixtures/print-log-recorded.json, five working days of one printer with jams,
 * failures and rows without a start time), its fallbacks and bounds, the start of each waiting job,
 * and the nearest printer suggested instead of a long queue. Pure functions: no database.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Location } from 'shared-api/contracts';
import { nearestShorterPrinter, type PrinterWait } from '../src/modules/queue-estimate/nearest-printer';
import {
  DEFAULT_SPEED,
  MIN_SAMPLES,
  SPEED_BOUNDS_PPM,
  estimateQueue,
  fitPrinterSpeed,
  predictSeconds,
  toPrintSamples,
  type PrintLogRow,
  type PrintSample,
  type PrinterSpeed,
} from '../src/modules/queue-estimate/queue-estimate.model';

interface RecordedRow extends PrintLogRow {
  id: string;
  created_at: string;
  started_at: string | null;
  finish_date: string | null;
}

const recorded = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'print-log-recorded.json'), 'utf8')) as {
  printerId: string;
  rows: RecordedRow[];
};

/** Ordinary least squares of seconds on sheets, by the normal equations (the test's own arithmetic). */
function plainLeastSquares(samples: readonly PrintSample[]): PrinterSpeed {
  const n = samples.length;
  const sx = samples.reduce((s, p) => s + p.sheets, 0);
  const sy = samples.reduce((s, p) => s + p.seconds, 0);
  const sxx = samples.reduce((s, p) => s + p.sheets * p.sheets, 0);
  const sxy = samples.reduce((s, p) => s + p.sheets * p.seconds, 0);
  const slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return { setupSeconds: (sy - slope * sx) / n, sheetsPerMinute: 60 / slope, samples: n, fitted: true };
}

const sumOfSquares = (speed: PrinterSpeed, samples: readonly PrintSample[]) =>
  samples.reduce((sum, p) => sum + (p.seconds - predictSeconds(speed, p.sheets)) ** 2, 0);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median of |predicted − actual| / actual over the samples. */
const medianRelativeError = (speed: PrinterSpeed, samples: readonly PrintSample[]) =>
  median(samples.map((p) => Math.abs(predictSeconds(speed, p.sheets) - p.seconds) / p.seconds));

describe('the fit on a recorded print log', () => {
  const samples = toPrintSamples(recorded.rows);
  const fit = fitPrinterSpeed(samples);

  it('reads only Completed jobs with both times, sheets = total_pages, seconds = finish − start', () => {
    const usable = recorded.rows.filter((r) => r.status === 'Completed' && r.started_at && r.finish_date);
    // the log has failed jobs and rows without a start: they are left out
    expect(usable.length).toBeLessThan(recorded.rows.length);
    expect(samples).toHaveLength(usable.length);
    const first = usable[0]!;
    expect(samples[0]).toEqual({
      sheets: first.total_pages,
      seconds: (Date.parse(first.finish_date!) - Date.parse(first.started_at!)) / 1000,
    });
  });

  it('is fitted from the log, inside the bounds, and is the least-squares line of the jobs it kept', () => {
    expect(fit.fitted).toBe(true);
    expect(fit.setupSeconds).toBeGreaterThan(0);
    expect(fit.sheetsPerMinute).toBeGreaterThan(SPEED_BOUNDS_PPM.min);
    expect(fit.sheetsPerMinute).toBeLessThan(SPEED_BOUNDS_PPM.max);
    // the jams were dropped (they only add time: each one dropped is slower than predicted)
    expect(fit.samples).toBeLessThan(samples.length);
    expect(fit.samples).toBeGreaterThan(samples.length * 0.9);
    const residual = (p: PrintSample) => p.seconds - predictSeconds(fit, p.sheets);
    const byResidual = [...samples].sort((a, b) => residual(b) - residual(a));
    const dropped = byResidual.slice(0, samples.length - fit.samples);
    const kept = byResidual.slice(samples.length - fit.samples);
    for (const p of dropped) expect(residual(p)).toBeGreaterThan(60);
    // on the jobs kept, the fit is the plain least-squares line (the test's own normal equations)
    const ols = plainLeastSquares(kept);
    expect(fit.setupSeconds).toBeCloseTo(ols.setupSeconds, 6);
    expect(fit.sheetsPerMinute).toBeCloseTo(ols.sheetsPerMinute, 6);
    // and no nearby line does better on them
    for (const [ds, dp] of [
      [0.5, 0],
      [-0.5, 0],
      [0, 0.2],
      [0, -0.2],
    ] as const) {
      const other = { ...fit, setupSeconds: fit.setupSeconds + ds, sheetsPerMinute: fit.sheetsPerMinute + dp };
      expect(sumOfSquares(other, kept)).toBeGreaterThan(sumOfSquares(fit, kept));
    }
  });

  it('predicts the log: better than the line through every job (jams included) and than the default', () => {
    const error = medianRelativeError(fit, samples);
    expect(error).toBeLessThan(0.1);
    expect(error).toBeLessThan(medianRelativeError(plainLeastSquares(samples), samples));
    expect(error).toBeLessThan(medianRelativeError(DEFAULT_SPEED, samples) / 2);
  });

  it('fits the same from the most recent jobs alone when they are enough', () => {
    const recent = fitPrinterSpeed(samples.slice(-60));
    expect(recent.fitted).toBe(true);
    expect(Math.abs(recent.sheetsPerMinute - fit.sheetsPerMinute) / fit.sheetsPerMinute).toBeLessThan(0.1);
  });
});

describe('fallbacks and bounds', () => {
  it('too few usable jobs: the default speed', () => {
    const few = toPrintSamples(recorded.rows).slice(0, MIN_SAMPLES - 1);
    expect(fitPrinterSpeed(few)).toEqual(DEFAULT_SPEED);
    // unusable samples do not count towards the minimum
    const junk = [...few, { sheets: 0, seconds: 10 }, { sheets: 3, seconds: -1 }, { sheets: 2, seconds: 30 * 3600 }];
    expect(fitPrinterSpeed(junk)).toEqual(DEFAULT_SPEED);
    expect(fitPrinterSpeed([])).toEqual(DEFAULT_SPEED);
  });

  it('every job of one size: the setup held at the default, the speed fitted through it', () => {
    const same = Array.from({ length: 8 }, (_, i) => ({ sheets: 6, seconds: 40 + (i % 3) - 1 }));
    const fit = fitPrinterSpeed(same);
    expect(fit.fitted).toBe(true);
    expect(fit.setupSeconds).toBe(DEFAULT_SPEED.setupSeconds);
    const meanSeconds = same.reduce((s, p) => s + p.seconds, 0) / same.length;
    expect(fit.sheetsPerMinute).toBeCloseTo(60 / ((meanSeconds - DEFAULT_SPEED.setupSeconds) / 6), 6);
  });

  it('a negative intercept is clamped to 0 and the speed refitted through the origin', () => {
    const points = [4, 8, 12, 20, 30, 45].map((sheets) => ({ sheets, seconds: 2 * sheets - 5 }));
    const fit = fitPrinterSpeed(points);
    expect(fit.setupSeconds).toBe(0);
    const perSheet =
      points.reduce((s, p) => s + p.sheets * p.seconds, 0) / points.reduce((s, p) => s + p.sheets ** 2, 0);
    expect(fit.sheetsPerMinute).toBeCloseTo(60 / perSheet, 6);
  });

  it('an impossible speed is clamped; a log where bigger jobs were faster falls back to the default setup', () => {
    const fast = [1, 50, 100, 200, 400, 800].map((sheets) => ({ sheets, seconds: 5 + sheets * 0.01 }));
    expect(fitPrinterSpeed(fast).sheetsPerMinute).toBe(SPEED_BOUNDS_PPM.max);
    const backwards = [1, 2, 3, 4, 5, 6].map((sheets) => ({ sheets, seconds: 40 - sheets }));
    const fit = fitPrinterSpeed(backwards);
    expect(fit.setupSeconds).toBe(DEFAULT_SPEED.setupSeconds);
    expect(fit.sheetsPerMinute).toBeGreaterThan(0);
  });
});

describe('estimateQueue', () => {
  const speed = fitPrinterSpeed(toPrintSamples(recorded.rows));
  const now = new Date('2026-11-26T03:00:00.000Z');
  const queued = [
    { id: 'a', sheets: 3 },
    { id: 'b', sheets: 40 },
    { id: 'c', sheets: 1 },
  ];
  const secondsFromNow = (d: Date | undefined) => ((d?.getTime() ?? Number.NaN) - now.getTime()) / 1000;

  it('the first waiting job starts when the job in progress should end; each next one after those ahead', () => {
    const startedAt = new Date(now.getTime() - 20_000);
    const estimate = estimateQueue(now, speed, { inProgress: { sheets: 30, startedAt }, queued });
    const remaining = predictSeconds(speed, 30) - 20;
    expect(remaining).toBeGreaterThan(0);
    expect(secondsFromNow(estimate.jobs.get('a')?.estimatedStart)).toBeCloseTo(remaining, 2);
    expect(secondsFromNow(estimate.jobs.get('b')?.estimatedStart)).toBeCloseTo(remaining + predictSeconds(speed, 3), 2);
    expect(secondsFromNow(estimate.jobs.get('c')?.estimatedStart)).toBeCloseTo(
      remaining + predictSeconds(speed, 3) + predictSeconds(speed, 40),
      2,
    );
    expect([...estimate.jobs.values()].map((j) => j.position)).toEqual([1, 2, 3]);
    const all = remaining + queued.reduce((s, j) => s + predictSeconds(speed, j.sheets), 0);
    expect(estimate.waitSeconds).toBeCloseTo(all, 2);
    expect(secondsFromNow(estimate.nextStart)).toBeCloseTo(all, 2);
  });

  it('a job in progress longer than predicted may end any moment: the next starts now', () => {
    const startedAt = new Date(now.getTime() - 3_600_000);
    const estimate = estimateQueue(now, speed, { inProgress: { sheets: 2, startedAt }, queued });
    expect(estimate.jobs.get('a')?.estimatedStart.getTime()).toBe(now.getTime());
  });

  it('nothing printing: the first starts now; an empty queue waits for nothing', () => {
    expect(estimateQueue(now, speed, { inProgress: null, queued }).jobs.get('a')?.estimatedStart).toEqual(now);
    const empty = estimateQueue(now, speed, { inProgress: null, queued: [] });
    expect(empty.waitSeconds).toBe(0);
    expect(empty.jobs.size).toBe(0);
  });

  it('a faster printer gives earlier starts', () => {
    const faster = { ...speed, sheetsPerMinute: speed.sheetsPerMinute * 2 };
    const slow = estimateQueue(now, speed, { inProgress: null, queued });
    const fast = estimateQueue(now, faster, { inProgress: null, queued });
    expect(fast.waitSeconds).toBeLessThan(slow.waitSeconds);
    expect(fast.jobs.get('c')!.estimatedStart.getTime()).toBeLessThan(slow.jobs.get('c')!.estimatedStart.getTime());
  });
});

describe('nearestShorterPrinter', () => {
  const at = (department: string, room: string, facility = 'CS2'): Location => ({ facility, department, room });
  const printer = (printerId: string, location: Location, waitMinutes: number | null, healthy = true): PrinterWait => ({
    printerId,
    location,
    waitMinutes,
    healthy,
  });
  const target = printer('H6-109', at('H6', '109'), 40);

  it('the same room first, then the fewest floors away, then the closest room number', () => {
    const sameRoom = printer('H6-109B', at('H6', '109'), 30);
    const sameFloorFar = printer('H6-112', at('H6', '112'), 1);
    const sameFloorNear = printer('H6-110', at('H6', '110'), 10);
    const upstairs = printer('H6-208', at('H6', '208'), 0);
    const all = [target, upstairs, sameFloorFar, sameFloorNear, sameRoom];
    expect(nearestShorterPrinter(target, all)?.printerId).toBe('H6-109B');
    expect(
      nearestShorterPrinter(
        target,
        all.filter((p) => p !== sameRoom),
      )?.printerId,
    ).toBe('H6-110');
    expect(nearestShorterPrinter(target, [target, upstairs, sameFloorFar])?.printerId).toBe('H6-112');
    expect(nearestShorterPrinter(target, [target, upstairs])?.printerId).toBe('H6-208');
  });

  it('only a healthy printer of the same building with a known, shorter wait', () => {
    const others = [
      printer('H6-110', at('H6', '110'), 5, false),
      printer('H6-111', at('H6', '111'), null),
      printer('H6-112', at('H6', '112'), 40),
      printer('H6-113', at('H6', '113'), 55),
      printer('H3-109', at('H3', '109'), 0),
      printer('B1-109', at('H6', '109', 'CS1'), 0),
    ];
    expect(nearestShorterPrinter(target, [target, ...others])).toBeNull();
    const healthy = printer('H6-605', at('H6', '605'), 39);
    expect(nearestShorterPrinter(target, [target, ...others, healthy])?.printerId).toBe('H6-605');
    // a printer whose own wait is unknown gets no suggestion
    expect(nearestShorterPrinter({ ...target, waitMinutes: null }, [healthy])).toBeNull();
  });
});
