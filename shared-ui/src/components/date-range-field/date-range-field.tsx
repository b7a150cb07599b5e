import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ConfigProvider, DatePicker, Flex } from 'antd';
import { UI_NAMESPACE } from '../../locales';
import { useMediaQuery } from '../responsive-table/use-media-query';

/** A date range as the API takes it: 'YYYY-MM-DD' or null for an open end. */
export interface DateRangeValue {
  start: string | null;
  end: string | null;
}

export interface DateRangeFieldProps {
  value: DateRangeValue;
  onChange(next: DateRangeValue): void;
  /** How dates are shown (the value stays 'YYYY-MM-DD'). */
  format?: string;
  /** Prefix of the two fields' ids, for a label elsewhere. */
  id?: string;
  /** Where the calendars attach, e.g. inside a popover so that a click in them is not a click outside it. */
  getPopupContainer?(node: HTMLElement): HTMLElement;
}

const ISO = 'YYYY-MM-DD';
const toDay = (iso: string | null): Dayjs | null => (iso ? dayjs(iso, ISO) : null);

/**
 * A from/to date pair that fits a phone: two one-month pickers that wrap onto two lines when narrow
 * (antd's range picker opens a two-month panel, 576 px wide, off the side of a 360 px screen). A day
 * before the start cannot be picked as the end, nor one after the end as the start.
 */
export function DateRangeField({
  value,
  onChange,
  format = 'DD/MM/YYYY',
  id = 'date-range',
  getPopupContainer,
}: DateRangeFieldProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const start = toDay(value.start);
  const end = toDay(value.end);
  // On a touch screen typing a date would raise the keyboard over the panel; elsewhere typing stays allowed.
  const touch = useMediaQuery('(max-width: 767px)');
  // The calendar's month and year buttons show 'Thg 12' / '2026' but are named 'Chọn tháng' / 'Chọn năm' by
  // antd's locale, a name that does not contain what they show (axe: label-content-name-mismatch). Without the
  // label their name is their text.
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const pickerLocale = useMemo(() => {
    const base = locale?.DatePicker;
    return base ? { ...base, lang: { ...base.lang, monthSelect: '', yearSelect: '' } } : undefined;
  }, [locale]);
  const pickerStyle = { flex: '1 1 140px', minWidth: 0 };
  return (
    <Flex gap={8} wrap>
      <DatePicker
        id={`${id}-from`}
        aria-label={t('dateRange.from')}
        placeholder={t('dateRange.from')}
        style={pickerStyle}
        value={start}
        format={format}
        inputReadOnly={touch}
        placement="bottomLeft"
        locale={pickerLocale}
        getPopupContainer={getPopupContainer}
        disabledDate={(day: Dayjs) => end !== null && day.isAfter(end, 'day')}
        onChange={(day: Dayjs | null) => onChange({ ...value, start: day ? day.format(ISO) : null })}
      />
      <DatePicker
        id={`${id}-to`}
        aria-label={t('dateRange.to')}
        placeholder={t('dateRange.to')}
        style={pickerStyle}
        value={end}
        format={format}
        inputReadOnly={touch}
        placement="bottomLeft"
        locale={pickerLocale}
        getPopupContainer={getPopupContainer}
        disabledDate={(day: Dayjs) => start !== null && day.isBefore(start, 'day')}
        onChange={(day: Dayjs | null) => onChange({ ...value, end: day ? day.format(ISO) : null })}
      />
    </Flex>
  );
}
