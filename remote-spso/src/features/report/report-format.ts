import type { Location, StoredReport } from 'shared-api';

/** A report row's month 'YYYY-MM' as the table shows it: 'MM/YYYY'. */
export function monthText(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(yearMonth);
  return match ? `${match[2]}/${match[1]}` : yearMonth;
}

/** A printer's place the short way: 'CS1, B1, 109'. */
export function shortLocation(location: Location | null | undefined): string {
  if (!location) return '';
  return [location.facility, location.department, location.room].filter(Boolean).join(', ');
}

/** A number the Vietnamese way, at most `digits` decimals: 12.345,5. */
export function formatNumber(value: number, locale: string, digits = 0): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: digits }).format(
    Number.isFinite(value) ? value : 0,
  );
}

/** 'MM/YYYY' for a stored month, 'YYYY' for a stored year. */
export function periodText(report: Pick<StoredReport, 'period' | 'year' | 'month'>): string {
  return report.period === 'month' && report.month
    ? `${String(report.month).padStart(2, '0')}/${report.year}`
    : String(report.year);
}
