import type { ThemeConfig } from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';

/** The portal's antd theme: the university's blue, used by shell and remotes alike. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1a4d9c',
    colorLink: '#1a4d9c',
    borderRadius: 8,
    // Readable text (WCAG AA, 4.5:1) on the light tag backgrounds and on white: antd's defaults give the
    // green 'Đã in' tag 3.4:1, the success 'Đã thanh toán' tag 2.2:1 and secondary text 3.4:1.
    // Tags draw their text in palette shade 7 (preset colours), derived from the seed colour (shade 6): darker
    // seeds than antd's give a readable shade 7 (a shade itself cannot be overridden), and the status colour
    // (success, warning...) for status tags.
    green: '#237804',
    gold: '#ad6800',
    orange: '#ad4e00',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorWarning: '#874d00',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#ffa39e',
    colorInfo: '#1a4d9c',
    colorTextTertiary: '#666666',
    colorTextDescription: '#666666',
    // placeholders (the add-printer selects, the search inputs) at 5.3:1 on white, not antd's 1.9:1
    colorTextPlaceholder: '#6b6b6b',
    // the focus ring: solid, 2 px, 8:1 against white (antd's is a faint 10 % halo)
    controlOutline: '#1a4d9c',
    controlOutlineWidth: 2,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A calendar greys the days of the months around the shown one with the disabled text colour (1.8:1):
    // they are still days a student can pick, so they keep a readable grey.
    DatePicker: { colorTextDisabled: '#6b6b6b' },
    // an empty table says so in the disabled colour (1.8:1): it is a message to read, so readable grey
    Table: { colorTextDisabled: '#6b6b6b' },
  },
};

/** Toasts: top right for 3 seconds (spec section 8). */
export const TOAST = { placement: 'topRight', duration: 3 } as const;

/**
 * antd's locale with the date picker's month and year buttons named by what they show ('Th11', '2026'):
 * antd labels them 'Chọn tháng' / 'Chọn năm', a name that does not contain the visible text (axe
 * label-content-name-mismatch; a voice user says what they see).
 */
export function withVisibleNames(locale: Locale): Locale {
  const picker = locale.DatePicker;
  if (!picker) return locale;
  const { yearSelect: _year, monthSelect: _month, ...lang } = picker.lang;
  return { ...locale, DatePicker: { ...picker, lang: lang as typeof picker.lang } };
}
