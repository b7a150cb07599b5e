import type { TFunction } from 'i18next';
import type { StudentPrintingLog } from 'shared-api';

/** The print options of a log (any role's list shows the same). */
export type PrintLogOptions = Pick<
  StudentPrintingLog,
  'paperSize' | 'numVersion' | 'colorOption' | 'landScapeOption' | 'pagesPerSheet' | 'numSides' | 'pages'
>;

/**
 * 'A4 · 2 bản · Màu · Ngang · 2 trang/tờ · 2 mặt · Trang 1-3': a log's print options in one line.
 * `t` is the shared UI namespace's (useTranslation(UI_NAMESPACE)).
 */
export function optionsSummary(log: PrintLogOptions, t: TFunction<'ui'>): string {
  return [
    log.paperSize,
    t('printLog.options.copies', { count: log.numVersion }),
    log.colorOption ? t('printLog.options.color') : t('printLog.options.mono'),
    log.landScapeOption ? t('printLog.options.landscape') : t('printLog.options.portrait'),
    t('printLog.options.perSheet', { count: log.pagesPerSheet }),
    t('printLog.options.sides', { count: log.numSides }),
    !log.pages || log.pages === 'all'
      ? t('printLog.options.allPages')
      : t('printLog.options.pages', { pages: log.pages }),
  ].join(' · ');
}

/**
 * A failure reason as people read it. The server stores a code for what it decides itself ('cancelled')
 * and the printer's own words otherwise: a known code is translated, the rest shown as given.
 */
export function failureReasonText(reason: string, t: TFunction<'ui'>): string {
  return t(`printLog.failureReasons.${reason}`, { defaultValue: reason });
}
