import type { ThemeConfig } from 'antd/es/config-provider';

/** The portal's antd theme: the university's blue, used by shell and remotes alike. */
export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1a4d9c',
    colorLink: '#1a4d9c',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

/** Toasts: top right for 3 seconds (spec section 8). */
export const TOAST = { placement: 'topRight', duration: 3 } as const;
