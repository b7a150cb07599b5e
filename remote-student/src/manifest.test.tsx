import { describeRemoteManifest } from 'shared-ui/testing';
import en from './locales/en.json';
import paymentsEn from './locales/payments/en.json';
import paymentsVi from './locales/payments/vi.json';
import vi from './locales/vi.json';
import manifest from './manifest';

// Spec section 2: the student's routes (Bkpay without the common layout) and menu; spec titles where given.
describeRemoteManifest({
  manifest,
  role: 'student',
  pages: {
    '/Printing': { title: { vi: 'CHỌN MÁY IN', en: en.printerSelection.title } },
    '/Printing/:PrinterID': { at: '/Printing/P001', title: { vi: vi.printConfig.title, en: en.printConfig.title } },
    '/History': { title: { vi: 'LỊCH SỬ HOẠT ĐỘNG', en: en.history.title } },
    '/Release': {
      at: '/Release?printer=P001&code=ACEFHJ',
      title: { vi: 'NHẬN BẢN IN TẠI MÁY IN', en: en.release.title },
    },
    '/Bkpay': { layout: 'none', title: { vi: paymentsVi.bkpay.title, en: paymentsEn.bkpay.title } },
  },
  menu: [
    { path: '/Printing', label: 'In tài liệu' },
    { path: '/History', label: 'Lịch sử' },
  ],
  user: {
    _id: 'u1',
    mssv: '2110001',
    firstName: 'An',
    lastName: 'Nguyễn Văn',
    email: 'an@hcmut.edu.vn',
    balance: 20,
    major: 'Khoa học máy tính',
    classes: 'MT21KH01',
    currentA4Price: 500,
    role: 'student',
  },
  englishRoute: '/History',
});
