import type { ReactNode } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { portalTheme } from 'shared-ui/theme';

/**
 * Providers of the public pages. They import antd by component path (not the shared `antd`
 * singleton) so the landing and login pages load only the few components they draw.
 */
export function PublicProviders({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={portalTheme}>{children}</ConfigProvider>;
}
