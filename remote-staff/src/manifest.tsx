import { lazy } from 'react';
import { BellOutlined, PrinterOutlined } from '@ant-design/icons';
import type { RemoteManifest } from 'shared-ui/core';
import vi from './locales/vi.json';

/** The staff remote: its routes, its side-menu links and its texts, mounted by the shell. */
const manifest: RemoteManifest = {
  name: 'remote_staff',
  namespace: 'staff',
  routes: [
    { path: '/ManageStaff', access: 'staff', Component: lazy(() => import('./pages/manage-staff-page')) },
    { path: '/NoticeStaff', access: 'staff', Component: lazy(() => import('./pages/notice-staff-page')) },
  ],
  menu: [
    { key: 'manage', labelKey: 'menu.manage', path: '/ManageStaff', icon: <PrinterOutlined /> },
    { key: 'notices', labelKey: 'menu.notices', path: '/NoticeStaff', icon: <BellOutlined />, badge: 'notices' },
  ],
  // English in a chunk of its own, loaded only when the portal shows English
  locales: { vi, en: () => import('./locales/en.json') },
  // the module objects the remote got (antd's among them): loaded when the shell checks them, after antd
  singletons: () => import('./singletons').then((m) => m.default),
};

export default manifest;
