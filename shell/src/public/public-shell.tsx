import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ConfigProvider from 'antd/es/config-provider';
import viVN from 'antd/es/locale/vi_VN';
import { portalTheme } from 'shared-ui/theme';
import { useEnglishAntdLocale } from '../i18n/antd-locale';

/**
 * Providers of the public pages. They import antd by component path (not the shared `antd`
 * singleton) so the landing and login pages load only the few components they draw.
 */
export function PublicProviders({ children }: { children: ReactNode }) {
  // antd's own texts (a modal's OK / Cancel) follow the page's language, as on the signed-in pages.
  const { i18n } = useTranslation();
  // antd's English locale loads with the English texts (i18n/antd-locale.ts), not with every public page
  const english = useEnglishAntdLocale();
  return (
    <ConfigProvider theme={portalTheme} locale={i18n.language === 'en' && english ? english : viVN}>
      {children}
    </ConfigProvider>
  );
}
