import { describeRemoteManifest } from 'shared-ui/testing';
import { OFFICER } from 'test-support/page-harness';
import en from './locales/en.json';
import vi from './locales/vi.json';
import manifest from './manifest';

// Spec section 2: the officer's routes and menu, in the spec's order (Notices with its badge), and /Accounts (issue 20).
describeRemoteManifest({
  manifest,
  role: 'spso',
  pages: {
    '/ManageSpso': { title: { vi: vi.manage.title, en: en.manage.title } },
    '/Config': { title: { vi: vi.config.title, en: en.config.title } },
    '/Report': { title: { vi: vi.report.title, en: en.report.title } },
    '/Activities': { title: { vi: vi.activities.title, en: en.activities.title } },
    '/Accounts': { title: { vi: vi.accounts.title, en: en.accounts.title } },
    '/Notice': { title: { vi: vi.notices.title, en: en.notices.title } },
  },
  menu: [
    { path: '/ManageSpso', label: 'Hệ thống máy in' },
    { path: '/Config', label: 'Cấu hình hệ thống' },
    { path: '/Activities', label: 'Hoạt động in ấn' },
    { path: '/Accounts', label: 'Quản lý tài khoản' },
    { path: '/Report', label: 'Báo cáo' },
    { path: '/Notice', label: 'Thông báo', badge: 'notices' },
  ],
  user: OFFICER,
  englishRoute: '/Notice',
});
