import { lazy } from 'react';
import { HistoryOutlined, PrinterOutlined } from '@ant-design/icons';
import type { RemoteManifest } from 'shared-ui/core';
import paymentsVi from './locales/payments/vi.json';
import vi from './locales/vi.json';

/** The student remote: its routes, its side-menu links and its texts, mounted by the shell. */
const manifest: RemoteManifest = {
  name: 'remote_student',
  namespace: 'student',
  routes: [
    { path: '/Printing', access: 'student', Component: lazy(() => import('./pages/printer-selection-page')) },
    { path: '/Printing/:PrinterID', access: 'student', Component: lazy(() => import('./pages/print-config-page')) },
    { path: '/History', access: 'student', Component: lazy(() => import('./pages/history-page')) },
    // What a release station's QR opens: /Release?printer=<printerId>&code=<the station's code>
    { path: '/Release', access: 'student', Component: lazy(() => import('./pages/release-page')) },
    { path: '/Bkpay', access: 'student', Component: lazy(() => import('./pages/bkpay-page')), layout: 'none' },
  ],
  menu: [
    { key: 'printing', labelKey: 'menu.printing', path: '/Printing', icon: <PrinterOutlined /> },
    { key: 'history', labelKey: 'menu.history', path: '/History', icon: <HistoryOutlined /> },
  ],
  locales: {
    vi: { ...vi, payments: paymentsVi },
    // English in a chunk of its own (one for both files), loaded only when the portal shows English
    en: () =>
      Promise.all([
        import(/* webpackChunkName: "student-en" */ './locales/en.json'),
        import(/* webpackChunkName: "student-en" */ './locales/payments/en.json'),
      ]).then(([main, payments]) => ({ default: { ...main.default, payments: payments.default } })),
  },
  // Buy more paper and the page movements, in the user dropdown; loaded when the dropdown first opens.
  UserMenuExtra: lazy(() => import('./features/payments/components/user-menu-extra')),
  // Told on every page when a job of theirs is refunded by someone else (a printer disabled or failing).
  Watcher: lazy(() => import('./features/history/components/job-refund-watcher')),
  // the module objects the remote got (antd's among them): loaded when the shell checks them, after antd
  singletons: () => import('./singletons').then((m) => m.default),
};

export default manifest;
