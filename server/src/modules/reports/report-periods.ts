import { REPORT_FIRST_YEAR, type ReportPeriod } from 'shared-api/contracts';

/**
 * Report periods in Vietnam time (a fixed UTC+7, no daylight saving): a month or a year, its days and its
 * instants. Pure functions: the service, the scheduler and the tests share them.
 */

const VIETNAM_OFFSET_MS = 7 * 3_600_000;

export interface PeriodRef {
  period: ReportPeriod;
  year: number;
  /** 1..12 for a month, null for a year. */
  month: number | null;
}

export interface PeriodBounds extends PeriodRef {
  /** First Vietnam day of the period and the first day after it, 'YYYY-MM-DD'. */
  fromDay: string;
  toDay: string;
  /** The same bounds as instants. */
  start: Date;
  end: Date;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayText = (year: number, month: number) => `${year}-${pad(month)}-01`;

/** Year and month (1..12) of an instant in Vietnam time. */
export function vietnamMonthOf(at: Date): { year: number; month: number } {
  const shifted = new Date(at.getTime() + VIETNAM_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1 };
}

/** The instant a Vietnam month (1..12, 13 = January of the next year) starts. */
function monthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - VIETNAM_OFFSET_MS);
}

/** The bounds of a month (month 1..12) or of a whole year (month null). */
export function periodBounds(year: number, month: number | null): PeriodBounds {
  if (month === null) {
    return {
      period: 'year',
      year,
      month: null,
      fromDay: dayText(year, 1),
      toDay: dayText(year + 1, 1),
      start: monthStart(year, 1),
      end: monthStart(year + 1, 1),
    };
  }
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return {
    period: 'month',
    year,
    month,
    fromDay: dayText(year, month),
    toDay: dayText(next.year, next.month),
    start: monthStart(year, month),
    end: monthStart(next.year, next.month),
  };
}

/** When the next Vietnam month starts after `at`. */
export function nextMonthStart(at: Date): Date {
  const { year, month } = vietnamMonthOf(at);
  return monthStart(year, month + 1);
}

/**
 * Every period finished by `now` since the month of `firstDay` ('YYYY-MM-DD', Vietnam), never before
 * REPORT_FIRST_YEAR: each month up to last month, and each year up to last year. Oldest first.
 */
export function finishedPeriods(firstDay: string, now: Date): PeriodRef[] {
  const [firstYear, firstMonth] = firstDay.split('-').map(Number) as [number, number];
  const start =
    firstYear < REPORT_FIRST_YEAR ? { year: REPORT_FIRST_YEAR, month: 1 } : { year: firstYear, month: firstMonth };
  const current = vietnamMonthOf(now);
  const periods: PeriodRef[] = [];
  for (let year = start.year; year <= current.year; year += 1) {
    const fromMonth = year === start.year ? start.month : 1;
    const toMonth = year === current.year ? current.month - 1 : 12;
    for (let month = fromMonth; month <= toMonth; month += 1) periods.push({ period: 'month', year, month });
    if (year < current.year) periods.push({ period: 'year', year, month: null });
  }
  return periods;
}

/** The key of a period in storedPeriodKeys: 'month:2026-10' or 'year:2026'. */
export function periodKey(ref: PeriodRef): string {
  return ref.month === null ? `year:${ref.year}` : `month:${ref.year}-${pad(ref.month)}`;
}
