import { lazy } from 'react';
import {
  BarChartOutlined,
  BellOutlined,
  IdcardOutlined,
  PrinterOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { RemoteManifest } from 'shared-ui/core';
import vi from './locales/vi.json';

/** The spso remote: its routes, its side-menu links and its texts, mounted by the shell. */
const manifest: RemoteManifest = {
  name: 'remote_spso',
  namespace: 'spso',
  routes: [
    { path: '/ManageSpso', access: 'spso', Component: lazy(() => import('./pages/manage-spso-page')) },
    { path: '/Config', access: 'spso', Component: lazy(() => import('./pages/config-page')) },
    { path: '/Activities', access: 'spso', Component: lazy(() => import('./pages/activities-page')) },
    { path: '/Accounts', access: 'spso', Component: lazy(() => import('./pages/accounts-page')) },
    { path: '/Report', access: 'spso', Component: lazy(() => import('./pages/report-page')) },
    { path: '/Notice', access: 'spso', Component: lazy(() => import('./pages/notice-page')) },
  ],
  menu: [
    { key: 'manage', labelKey: 'menu.manage', path: '/ManageSpso', icon: <PrinterOutlined /> },
    { key: 'config', labelKey: 'menu.config', path: '/Config', icon: <SettingOutlined /> },
    { key: 'activities', labelKey: 'menu.activities', path: '/Activities', icon: <TeamOutlined /> },
    { key: 'accounts', labelKey: 'menu.accounts', path: '/Accounts', icon: <IdcardOutlined /> },
    { key: 'report', labelKey: 'menu.report', path: '/Report', icon: <BarChartOutlined /> },
    { key: 'notices', labelKey: 'menu.notices', path: '/Notice', icon: <BellOutlined />, badge: 'notices' },
  ],
  // English in a chunk of its own, loaded only when the portal shows English
  locales: { vi, en: () => import('./locales/en.json') },
  // the module objects the remote got (antd's among them): loaded when the shell checks them, after antd
  singletons: () => import('./singletons').then((m) => m.default),
};

export default manifest;
