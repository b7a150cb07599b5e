import { describeRemoteManifest } from 'shared-ui/testing';
import en from './locales/en.json';
import vi from './locales/vi.json';
import manifest from './manifest';

// Spec section 2: the officer's routes and menu, in the spec's order (Notices with its badge).
describeRemoteManifest({
  manifest,
  role: 'spso',
  pages: {
    '/ManageSpso': { title: { vi: vi.manage.title, en: en.manage.title } },
    '/Config': { title: { vi: vi.config.title, en: en.config.title } },
    '/Report': { title: { vi: vi.report.title, en: en.report.title } },
    '/Activities': { title: { vi: vi.activities.title, en: en.activities.title } },
    '/Notice': { title: { vi: vi.notices.title, en: en.notices.title } },
  },
  menu: [
    { path: '/ManageSpso', label: 'Hệ thống máy in' },
    { path: '/Config', label: 'Cấu hình hệ thống' },
    { path: '/Activities', label: 'Hoạt động in ấn' },
    { path: '/Report', label: 'Báo cáo' },
    { path: '/Notice', label: 'Thông báo', badge: 'notices' },
  ],
  user: {
    _id: 'u8',
    mssv: 'QT001',
    firstName: 'Minh',
    lastName: 'Lê Hoàng',
    email: 'spso@hcmut.edu.vn',
    balance: 0,
    major: null,
    classes: null,
    currentA4Price: 500,
    role: 'spso',
  },
  englishRoute: '/Notice',
});
