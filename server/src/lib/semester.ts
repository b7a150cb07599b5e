/**
 * Semesters as the university names them: HK<yy><n>, where yy is the academic year's first year and
 * n is 1 (autumn, starting around start_date2, e.g. 15 August) or 2 (spring, around start_date1,
 * e.g. 15 January of the next calendar year). HK252 = spring 2026; HK261 = autumn 2026.
 * The configured dates give the month and day; each year repeats them.
 */
export interface SemesterStart {
  /** e.g. 'HK252': the ledger's semester_key for grants, and the tail of payment contents. */
  key: string;
  start: Date;
}

function monthDay(isoDate: string): { month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) throw new Error(`bad date ${isoDate}`);
  return { month: Number(match[2]) - 1, day: Number(match[3]) };
}

/** Every semester start from `from` to `to` (inclusive), oldest first, including the one running at `from`. */
export function semesterStarts(startDate1: string, startDate2: string, from: Date, to: Date): SemesterStart[] {
  const spring = monthDay(startDate1);
  const autumn = monthDay(startDate2);
  const starts: SemesterStart[] = [];
  for (let year = from.getUTCFullYear() - 1; year <= to.getUTCFullYear(); year += 1) {
    const yy = (n: number) => String(((n % 100) + 100) % 100).padStart(2, '0');
    starts.push({ key: `HK${yy(year - 1)}2`, start: new Date(Date.UTC(year, spring.month, spring.day)) });
    starts.push({ key: `HK${yy(year)}1`, start: new Date(Date.UTC(year, autumn.month, autumn.day)) });
  }
  starts.sort((a, b) => a.start.getTime() - b.start.getTime());
  const running = starts.filter((s) => s.start <= from).at(-1);
  return starts.filter((s) => s === running || (s.start > from && s.start <= to));
}

/** The semester running at `at`. */
export function semesterAt(startDate1: string, startDate2: string, at: Date): SemesterStart {
  const found = semesterStarts(startDate1, startDate2, at, at)[0];
  if (!found) throw new Error('no semester');
  return found;
}
