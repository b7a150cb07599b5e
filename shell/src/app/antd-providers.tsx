import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntApp, ConfigProvider } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';
import { portalTheme, TOAST, UI_NAMESPACE, uiLocales, withVisibleNames } from 'shared-ui/core';
import { addLocaleBundle } from '../i18n';
import { markAntdLoaded } from './antd-loaded';

/** antd's locales with the date picker's month and year buttons named by what they show. */
const VI_LOCALE = withVisibleNames(viVN);
const EN_LOCALE = withVisibleNames(enUS);

// shared-ui's texts come with its components, which come with antd
addLocaleBundle(UI_NAMESPACE, uiLocales);
markAntdLoaded();

/** antd's theme, locale and App context (message, notification, modal) for what draws with antd. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={portalTheme} locale={i18n.language === 'en' ? EN_LOCALE : VI_LOCALE}>
      <AntApp notification={TOAST} message={{ duration: TOAST.duration }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
