import { useTranslation } from 'react-i18next';
import { Alert } from 'antd';
import type { AdminPrinter, PrinterChangeResponse } from 'shared-api';
import type { TFunction } from 'i18next';
import { UI_NAMESPACE } from '../../locales';

/**
 * Shown while a switch is about to turn an active printer off with jobs waiting on it: those jobs will be
 * cancelled and refunded (the one printing finishes). Nothing otherwise.
 */
export function DisableWarning({ printer, nextStatus }: { printer: AdminPrinter; nextStatus: number }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const waiting = printer.printingQueue.length;
  if (printer.status !== 1 || nextStatus !== 0 || waiting === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('printerRoom.config.disableWarning', { count: waiting })}
    />
  );
}

/** What a change refunded, for the success toast (undefined when it cancelled nothing). */
export function refundNote(answer: PrinterChangeResponse, t: TFunction<'ui'>): string | undefined {
  return answer.jobsFailed > 0
    ? t('printerRoom.config.refunded', { jobs: answer.jobsFailed, pages: answer.pagesRefunded })
    : undefined;
}
