import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import ConfigProvider from 'antd/es/config-provider';
import viVN from 'antd/es/locale/vi_VN';
import enUS from 'antd/es/locale/en_US';
import { portalTheme } from 'shared-ui/theme';

/**
 * Providers of the public pages. They import antd by component path (not the shared `antd`
 * singleton) so the landing and login pages load only the few components they draw.
 */
export function PublicProviders({ children }: { children: ReactNode }) {
  // antd's own texts (a modal's OK / Cancel) follow the page's language, as on the signed-in pages.
  const { i18n } = useTranslation();
  return (
    <ConfigProvider theme={portalTheme} locale={i18n.language === 'en' ? enUS : viVN}>
      {children}
    </ConfigProvider>
  );
}
