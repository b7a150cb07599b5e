import type { ThemeConfig } from 'antd/es/config-provider';

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
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    // A calendar greys the days of the months around the shown one with the disabled text colour (1.8:1):
    // they are still days a student can pick, so they keep a readable grey.
    DatePicker: { colorTextDisabled: '#6b6b6b' },
  },
};

/** Toasts: top right for 3 seconds (spec section 8). */
export const TOAST = { placement: 'topRight', duration: 3 } as const;
