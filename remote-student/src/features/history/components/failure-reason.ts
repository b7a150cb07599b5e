import type { TFunction } from 'i18next';

/**
 * A failure reason as the student reads it. The server stores a code for what it decides itself
 * ('cancelled') and the printer's own words otherwise: a known code is translated, the rest shown as given.
 */
export function failureReasonText(reason: string, t: TFunction<'student'>): string {
  return t(`history.failureReasons.${reason}`, { defaultValue: reason });
}
