import { useTranslation } from 'react-i18next';
import type { StudentPrintingLog } from 'shared-api';
import { minutesUntil } from '../held-time';
import { useNow } from '../hooks/use-now';

/** A queued job's place: `queuePosition` (API.md's name), else the older `position`; null when unknown. */
export function queuePlace(log: StudentPrintingLog): number | null {
  if (log.status !== 'Queued') return null;
  return log.queuePosition ?? log.position ?? null;
}

/** When a queued job is expected to start, relative to now ('~ 5 phút nữa'); '—' while nothing is known. */
export function QueueEstimate({ log }: { log: StudentPrintingLog }) {
  const { t } = useTranslation('student');
  // a relative time needs no second hand: it moves on every half minute, and on each socket update
  const now = useNow(30_000);
  const minutes = log.status === 'Queued' ? minutesUntil(log.estimatedStart, now) : null;
  if (minutes === null) return <span data-testid="estimated-start">—</span>;
  return (
    <span data-testid="estimated-start">
      {minutes === 0 ? t('history.startsSoon') : t('history.startsIn', { count: minutes })}
    </span>
  );
}
