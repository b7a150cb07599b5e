import { render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { StudentPrintingLog } from 'shared-api';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { failureReasonText, optionsSummary } from './options-summary';
import { PrintLogDetailDialog } from './print-log-detail-dialog';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: { vi: { [UI_NAMESPACE]: uiLocales.vi }, en: { [UI_NAMESPACE]: (await uiLocales.en()).default } },
  });
});
afterEach(async () => {
  await i18next.changeLanguage('vi');
});

const log: StudentPrintingLog = {
  _id: 'l1',
  status: 'Failed',
  finishDate: '2026-11-20T03:04:05.000Z',
  paperSize: 'A3',
  numVersion: 2,
  colorOption: true,
  landScapeOption: true,
  pagesPerSheet: 2,
  numSides: 2,
  pages: '1-3',
  selectedPages: 3,
  document: { title: '<b>bao-cao</b>.pdf', pages: 10, fileType: 'pdf' },
  user_id: 'u1',
  printerId: 'H6-605',
  createdAt: '2026-11-20T03:00:00.000Z',
  updatedAt: '2026-11-20T03:04:05.000Z',
  printers: [{ printerId: 'H6-605', location: { facility: 'CS2', department: 'H6', room: '605' } }],
  total_pages: 2,
  cost: 4,
  position: null,
  failureReason: 'cancelled',
};

describe('print log pieces (shared by every role)', () => {
  it('the options in one line, in the page language', async () => {
    const t = i18next.getFixedT('vi', UI_NAMESPACE);
    expect(optionsSummary(log, t)).toBe('A3 · 2 bản · Màu · Ngang · 2 trang/tờ · 2 mặt · Trang 1-3');
    await i18next.changeLanguage('en');
    expect(optionsSummary({ ...log, pages: 'all' }, i18next.getFixedT('en', UI_NAMESPACE))).toMatch(/All pages$/i);
  });

  it('a known failure code is translated, a printer message shown as given', () => {
    const t = i18next.getFixedT('vi', UI_NAMESPACE);
    expect(failureReasonText('cancelled', t)).toBe('Đã hủy theo yêu cầu');
    expect(failureReasonText('Kẹt giấy', t)).toBe('Kẹt giấy');
  });

  it('the detail dialog: the file name as text (markup not run), the reason in Vietnamese, the place', () => {
    render(<PrintLogDetailDialog log={log} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Chi tiết yêu cầu in' });
    expect(within(dialog).getByText('<b>bao-cao</b>.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('Đã hủy theo yêu cầu')).toBeInTheDocument();
    expect(within(dialog).getByText('CS2, H6, 605')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Đóng' })).toBeInTheDocument();
  });
});
