import type { TFunction } from 'i18next';
import type { Location } from 'shared-api';

/**
 * 'Cơ sở 1 · B1 · 109': a printer's place as people read it; an unknown facility code is shown as stored.
 * `t` is the shared UI namespace's.
 */
export function locationText(location: Location, t: TFunction<'ui'>): string {
  const facility = t(`printerRoom.facilities.${location.facility}`, { defaultValue: location.facility });
  return [facility, location.department, location.room].filter(Boolean).join(' · ');
}
