import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { apiClient, type LedgerEntry } from 'shared-api';
import paymentsVi from '../../../locales/payments/vi.json';
import { answer, initI18n, mockApi, ok, paramsOf, renderPage, resetSession } from '../../../test/page-harness';
import { LedgerDialog } from './ledger-dialog';

jest.setTimeout(30_000);

const GRANT: LedgerEntry = {
  _id: 'l1',
  kind: 'grant',
  delta: 100,
  balance_after: 120,
  note: 'HK261',
  semester_key: 'HK261',
  ref_type: null,
  ref_id: null,
  created_at: '2026-11-23T03:00:00.000Z',
};

beforeAll(async () => {
  await initI18n();
  i18next.addResourceBundle('vi', 'student', { payments: paymentsVi }, true, true);
});
beforeEach(resetSession);
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('the page movements dialog', () => {
  it('movements that could not load say so with a retry, never "no movements"; the retry loads them', async () => {
    let up = false;
    const adapter = mockApi({
      'GET /v1/student/ledger': (config) =>
        up
          ? answer(config, 200, ok({ entries: [GRANT], total: 1, page: 1, per_page: 100, balance: 120 }))
          : answer(config, 500, { success: false, message: 'Lỗi máy chủ' }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage('/', '/', <LedgerDialog open onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Biến động số trang của bạn' });
    expect(await within(dialog).findByText('Không tải được biến động số trang.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Chưa có biến động nào.')).not.toBeInTheDocument();
    up = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thử lại' }));
    expect(await within(dialog).findByText('Cấp theo học kỳ')).toBeInTheDocument();
    expect(within(dialog).getByText('+100')).toBeInTheDocument();
    expect(within(dialog).queryByText('Không tải được biến động số trang.')).not.toBeInTheDocument();
    expect(paramsOf(adapter, '/v1/student/ledger')).toHaveLength(2);
  });
});
