import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App as AntApp, ConfigProvider } from 'antd';
import viVN from 'antd/es/locale/vi_VN';
import { portalTheme, TOAST, UI_NAMESPACE, uiLocales, withVisibleNames } from 'shared-ui/core';
import { addLocaleBundle } from '../i18n';
import { useEnglishAntdLocale } from '../i18n/antd-locale';
import { markAntdLoaded } from './antd-loaded';

/** antd's locales with the date picker's month and year buttons named by what they show. */
const VI_LOCALE = withVisibleNames(viVN);

// shared-ui's texts come with its components, which come with antd; in English they load first (their chunk)
let uiTextsAdded = false;
const uiTexts = addLocaleBundle(UI_NAMESPACE, uiLocales).then(
  () => {
    uiTextsAdded = true;
  },
  (error: unknown) => {
    // no network: shared-ui's texts show in Vietnamese rather than nothing; the next switch tries again
    uiTextsAdded = true;
    console.error('shared-ui texts could not load', error);
  },
);
markAntdLoaded();

/** antd's theme, locale and App context (message, notification, modal) for what draws with antd. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  // waits (suspends) only when shared-ui's texts of the shown language are still on their way
  if (!uiTextsAdded) use(uiTexts);
  const { i18n } = useTranslation();
  // antd's English locale is loaded with the English texts, before i18next switches to English
  const english = useEnglishAntdLocale();
  const enLocale = useMemo(() => (english ? withVisibleNames(english) : null), [english]);
  return (
    <ConfigProvider theme={portalTheme} locale={i18n.language === 'en' && enLocale ? enLocale : VI_LOCALE}>
      <AntApp notification={TOAST} message={{ duration: TOAST.duration }}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
