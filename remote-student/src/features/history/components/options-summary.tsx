import type { TFunction } from 'i18next';
import type { StudentPrintingLog } from 'shared-api';

/** 'A4 · 2 bản · Màu · Ngang · 2 trang/tờ · 2 mặt · Trang 1-3': a log's print options in one line. */
export function optionsSummary(log: StudentPrintingLog, t: TFunction<'student'>): string {
  return [
    log.paperSize,
    t('history.options.copies', { count: log.numVersion }),
    log.colorOption ? t('history.options.color') : t('history.options.mono'),
    log.landScapeOption ? t('history.options.landscape') : t('history.options.portrait'),
    t('history.options.perSheet', { count: log.pagesPerSheet }),
    t('history.options.sides', { count: log.numSides }),
    !log.pages || log.pages === 'all'
      ? t('history.options.allPages')
      : t('history.options.pages', { pages: log.pages }),
  ].join(' · ');
}
