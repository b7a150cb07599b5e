import type { StudentRecord } from 'shared-api';

/** The Vietnamese order: family and middle names, then the given name ('Nguyễn Văn An'). */
export function fullName(person: Pick<StudentRecord, 'firstName' | 'lastName'> | null | undefined): string {
  if (!person) return '';
  return [person.lastName, person.firstName].filter(Boolean).join(' ');
}

/** An amount in VND the Vietnamese way: '12.000 VND'. */
export function formatVnd(value: number, locale: string): string {
  return `${formatCount(value, locale)} VND`;
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'vi-VN', { maximumFractionDigits: 0 }).format(
    Number.isFinite(value) ? value : 0,
  );
}
