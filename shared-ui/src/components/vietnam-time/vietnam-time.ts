/** Vietnam is UTC+7 all year: the spec adds 25,200,000 ms to stored timestamps before showing them. */
export const VIETNAM_OFFSET_MS = 25_200_000;

/**
 * A stored ISO timestamp as Vietnam time, the spec's way: add 7 hours, then the date is the first 10
 * characters of the ISO text and the time characters 11-19 ('2024-05-01T03:04:05Z' → '2024-05-01',
 * '10:04:05'). Null or an unreadable value gives empty texts.
 */
export function toVietnamTime(value: string | null | undefined): { date: string; time: string } {
  const ms = value ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) return { date: '', time: '' };
  const shifted = new Date(ms + VIETNAM_OFFSET_MS).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}

/** 'YYYY-MM-DD' in Vietnam time, '' for no value: a day (an activation date), not a made-up hour. */
export function formatVietnamDate(value: string | null | undefined): string {
  return toVietnamTime(value).date;
}

/** 'YYYY-MM-DD HH:mm:ss' in Vietnam time, '' for no value. */
export function formatVietnamDateTime(value: string | null | undefined): string {
  const { date, time } = toVietnamTime(value);
  return date ? `${date} ${time}` : '';
}
