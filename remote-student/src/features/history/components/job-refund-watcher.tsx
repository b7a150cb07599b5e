import { useTranslation } from 'react-i18next';
import { refreshUser, SOCKET_EVENTS, useSocketEvent, type JobExpiringEvent, type JobRefundedEvent } from 'shared-api';
import { failureReasonText, type WatcherProps } from 'shared-ui/core';

/**
 * Tells the student, on whatever page they are, that a job of theirs was ended by someone else (staff
 * disabled its printer, the printer failed it, it was never released) and its pages given back: the file,
 * the printer, the pages and why; and, 10 minutes before, that a held job is about to expire (to release
 * it at the printer or extend it in the history). The file name is the student's own text, rendered as
 * text by React (never as HTML).
 */
export default function JobRefundWatcher({ notify }: WatcherProps) {
  const { t } = useTranslation('student');
  const { t: tUi } = useTranslation('ui');
  useSocketEvent(SOCKET_EVENTS.jobRefunded, (payload) => {
    const event = payload as JobRefundedEvent;
    notify({
      type: 'warning',
      key: `job-refunded-${event.printingLogId}`,
      title: t('refund.title', { printerId: event.printerId }),
      description: t('refund.description', {
        title: event.title,
        printerId: event.printerId,
        pages: event.pages,
        reason: failureReasonText(event.reason, tUi),
        interpolation: { escapeValue: false },
      }),
      duration: 10,
    });
    // the balance in the header follows at once
    void refreshUser();
  });
  useSocketEvent(SOCKET_EVENTS.jobExpiring, (payload) => {
    const event = payload as JobExpiringEvent;
    notify({
      type: 'warning',
      key: `job-expiring-${event.printingLogId}`,
      title: t('expiring.title', { printerId: event.printerId }),
      description: t('expiring.description', {
        title: event.title,
        printerId: event.printerId,
        count: event.minutes,
        interpolation: { escapeValue: false },
      }),
      duration: 0,
    });
  });
  return null;
}
