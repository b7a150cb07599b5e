import type { ReactNode } from 'react';
import HomeOutlined from '@ant-design/icons-svg/es/asn/HomeOutlined';
import QuestionCircleOutlined from '@ant-design/icons-svg/es/asn/QuestionCircleOutlined';
import { SvgIcon } from '../features/marketing/svg-icon';
import type { RemoteMenuItem } from 'shared-ui/core';

export interface SideMenuItem {
  key: string;
  label: string;
  path: string;
  icon: ReactNode;
  badge?: 'notices';
}

/** The shell's own items frame the remote's: Home first, Guide last (spec section 2 menus). */
export function buildMenuItems(
  remoteItems: readonly RemoteMenuItem[],
  translateShell: (key: string) => string,
  translateRemote: (key: string) => string,
): SideMenuItem[] {
  return [
    {
      key: 'home',
      label: translateShell('layout.home'),
      path: '/Home',
      icon: <SvgIcon icon={HomeOutlined} size="1em" color="currentColor" />,
    },
    ...remoteItems.map((item) => ({
      key: item.key,
      label: translateRemote(item.labelKey),
      path: item.path,
      icon: item.icon,
      badge: item.badge,
    })),
    {
      key: 'support',
      label: translateShell('layout.support'),
      path: '/Support',
      icon: <SvgIcon icon={QuestionCircleOutlined} size="1em" color="currentColor" />,
    },
  ];
}
