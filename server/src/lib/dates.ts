import { errors } from './errors';

/**
 * Dates a client sends as filters. `Date.parse` rolls impossible days over (2026-02-30 becomes March 2nd)
 * and accepts years PostgreSQL cannot hold (+275760-09-13), which then fail in the query as a 500; here a
 * date must exist on the calendar and fall in the years this portal can have data for.
 */

/** The years a date filter may name: the portal holds no data before or after these. */
export const DATE_YEAR_MIN = 2000;
export const DATE_YEAR_MAX = 2100;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 date and time as the portal and scripts send it: minutes required, seconds and fraction optional
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

function dayExists(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // day 0 of the next month is the last day of this one
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Why a date filter cannot be taken (a Vietnamese phrase), or null when it is a real date in range. */
export function dateProblem(text: string): string | null {
  const match = DAY.exec(text) ?? DATE_TIME.exec(text);
  if (!match) return 'phải là ngày dạng YYYY-MM-DD hoặc ISO 8601';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!dayExists(year, month, day)) return 'không phải một ngày có thật';
  if (year < DATE_YEAR_MIN || year > DATE_YEAR_MAX) return `phải nằm trong các năm ${DATE_YEAR_MIN}–${DATE_YEAR_MAX}`;
  if (match.length > 4 && match[4] !== undefined) {
    const [hours, minutes, seconds] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
    if (hours > 23 || minutes > 59 || seconds > 59) return 'không phải một thời điểm có thật';
  }
  return null;
}

/**
 * A date bound of a filter: 'YYYY-MM-DD' is a whole day in Vietnam time (UTC+7), so the end bound is the
 * next midnight; anything else ISO 8601 (UTC without a zone). Throws 400 naming the parameter.
 */
export function parseDateBound(text: string, name: string, end: boolean): Date {
  const problem = dateProblem(text);
  if (problem) throw errors.badRequest(`Tham số "${name}" ${problem}`);
  if (DAY.test(text)) {
    const start = Date.parse(`${text}T00:00:00+07:00`);
    return new Date(end ? start + DAY_MS : start);
  }
  const withZone = /([Zz]|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  return new Date(Date.parse(withZone.replace(' ', 'T')));
}
