import { describeRemoteManifest } from 'shared-ui/testing';
import en from './locales/en.json';
import vi from './locales/vi.json';
import manifest from './manifest';

// Spec section 2: the staff routes and menu (Printer system, Notices with its badge).
describeRemoteManifest({
  manifest,
  role: 'staff',
  pages: {
    '/ManageStaff': { title: { vi: vi.manage.title, en: en.manage.title } },
    '/NoticeStaff': { title: { vi: vi.notices.title, en: en.notices.title } },
  },
  menu: [
    { path: '/ManageStaff', label: 'Hệ thống máy in' },
    { path: '/NoticeStaff', label: 'Thông báo', badge: 'notices' },
  ],
  user: {
    _id: 'u9',
    mssv: 'NV001',
    firstName: 'Bình',
    lastName: 'Trần',
    email: 'binh@hcmut.edu.vn',
    balance: 0,
    major: null,
    classes: null,
    currentA4Price: 500,
    role: 'staff',
  },
  englishRoute: '/NoticeStaff',
});
