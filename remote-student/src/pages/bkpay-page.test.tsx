import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setWindowWidth } from 'test-support/match-media';
import i18next from 'i18next';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, useSessionStore } from 'shared-api';
import paymentsVi from '../locales/payments/vi.json';
import { answer, initI18n, mockApi, ok, renderPage, resetSession } from '../test/page-harness';
import BkpayPage from './bkpay-page';

jest.setTimeout(30_000);

function payment(id: string, status: string, left: number) {
  return {
    _id: id,
    payment_id: id,
    status,
    stt: 3,
    money: 5000,
    paidMoney: 5000 - left,
    leftMoney: left,
    shortContent: 'BKPay mua 10 trang A4 HK261',
    quantity: 10,
    unitPrice: 500,
    createdAt: '2026-11-23T03:00:00.000Z',
    updatedAt: '2026-11-23T03:00:00.000Z',
    expiresAt: null,
    paidAt: null,
  };
}

const PENDING = payment('6720fafe-e0aa-4bb5-9d55-3f3a1c2b4d5e', 'pending', 5000);
const PAID = payment('0b7c6a52-8f0e-4c1e-9d55-3f3a1c2b4d5e', 'paid', 0);

const windowWidth = setWindowWidth;

function serve() {
  return mockApi({
    'GET /v1/student/payments': (config) => answer(config, 200, ok([PENDING, PAID])),
    'POST /v1/student/BKpayment': (config: InternalAxiosRequestConfig) =>
      answer(config, 200, ok({ payment: { ...PENDING, status: 'paid', leftMoney: 0 }, balance: 30 })),
  });
}

const realMatchMedia = window.matchMedia;
beforeAll(async () => {
  await initI18n();
  i18next.addResourceBundle('vi', 'student', { payments: paymentsVi }, true, true);
});
beforeEach(resetSession);
afterEach(() => {
  window.matchMedia = realMatchMedia;
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('/Bkpay', () => {
  it('a list that could not load says so with a retry, never "no payments"; the retry loads it', async () => {
    windowWidth(1280);
    let up = false;
    const adapter = mockApi({
      'GET /v1/student/payments': (config) =>
        up ? answer(config, 200, ok([PENDING, PAID])) : answer(config, 500, { success: false, message: 'Lỗi máy chủ' }),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage('/Bkpay', '/Bkpay', <BkpayPage />);
    expect(await screen.findByText('Không tải được danh sách thanh toán.')).toBeInTheDocument();
    expect(screen.queryByText('Bạn chưa có khoản thanh toán nào.')).not.toBeInTheDocument();
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('6720fafe-e')).toBeInTheDocument();
    expect(screen.queryByText('Không tải được danh sách thanh toán.')).not.toBeInTheDocument();
    expect(
      adapter.mock.calls.filter(([c]) => (c as InternalAxiosRequestConfig).url === '/v1/student/payments'),
    ).toHaveLength(2);
  });

  it('on a phone each payment is a card with its pay button, labelled, in the card', async () => {
    windowWidth(360);
    const adapter = serve();
    renderPage('/Bkpay', '/Bkpay', <BkpayPage />);
    const list = await screen.findByRole('list', { name: 'THANH TOÁN' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [pending, paid] = within(list).getAllByRole('listitem');
    const pay = within(pending!).getByRole('button', { name: 'Thanh toán' });
    expect(pay).toHaveTextContent('Thanh toán');
    expect(within(paid!).queryByRole('button', { name: 'Thanh toán' })).not.toBeInTheDocument();
    expect(within(paid!).getByRole('button', { name: 'In biên nhận' })).toBeInTheDocument();
    fireEvent.click(pay);
    await waitFor(() =>
      expect(adapter.mock.calls.some(([c]) => (c as InternalAxiosRequestConfig).url === '/v1/student/BKpayment')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(useSessionStore.getState().balance).toBe(30));
  });

  it('on a wide screen a table: one h1, the short id and the headers kept on one line', async () => {
    windowWidth(1280);
    serve();
    renderPage('/Bkpay', '/Bkpay', <BkpayPage />);
    const table = await screen.findByRole('table');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(table).getByText('6720fafe-e')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(table).getByRole('columnheader', { name: 'Còn lại' })).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(within(table).getByRole('columnheader', { name: 'Thao tác' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
