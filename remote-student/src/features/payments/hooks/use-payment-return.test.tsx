import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from 'shared-api';
import paymentsVi from '../../../locales/payments/vi.json';
import { answer, initI18n, mockApi, ok, renderPage, resetSession, student } from '../../../test/page-harness';
import { usePaymentReturn } from './use-payment-return';

jest.setTimeout(30_000);

const PAYMENT = '0b7c6a52-8f0e-4c1e-9d55-3f3a1c2b4d5e';

function Probe({ reload }: { reload: () => void }) {
  usePaymentReturn(reload);
  const location = useLocation();
  return <p data-testid="at">{`${location.pathname}${location.search}`}</p>;
}

function payment(status: string) {
  return {
    _id: PAYMENT,
    payment_id: PAYMENT,
    status,
    stt: 1,
    money: 1000,
    paidMoney: 0,
    leftMoney: 1000,
  };
}

beforeAll(async () => {
  await initI18n();
  i18next.addResourceBundle('vi', 'student', { payments: paymentsVi }, true, true);
});

beforeEach(() => {
  resetSession();
});

describe('usePaymentReturn: /#/Bkpay after a gateway’s return page', () => {
  it('success: one toast, the list reloaded, the query dropped, then the paid payment and the balance follow', async () => {
    let status = 'pending';
    const adapter = mockApi({
      'GET /v1/student/payments': (config) => answer(config, 200, ok([payment(status)])),
      'GET /v1/user/information': (config) => answer(config, 200, ok({ ...student, balance: 42 })),
    });
    const reload = jest.fn();
    renderPage('/Bkpay', `/Bkpay?payment=${PAYMENT}&result=success`, <Probe reload={reload} />);
    expect(await screen.findByText('Thanh toán thành công')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/Bkpay'));
    expect(reload).toHaveBeenCalledTimes(1);
    // the IPN lands after the browser came back: the hook looks again until the payment reads paid
    status = 'paid';
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(2), {
      timeout: 8_000,
    });
    await waitFor(() => expect(useSessionStore.getState().balance).toBe(42));
    expect(
      adapter.mock.calls.filter(([c]) => (c as { url: string }).url === '/v1/student/payments').length,
    ).toBeGreaterThanOrEqual(2);
    expect(screen.getAllByText('Thanh toán thành công').length).toBe(1);
  });

  it('failed: the failure toast and a reload, nothing polled', async () => {
    const adapter = mockApi({});
    const reload = jest.fn();
    renderPage('/Bkpay', '/Bkpay?result=failed', <Probe reload={reload} />);
    expect(await screen.findByText('Thanh toán thất bại')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/Bkpay'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('no result in the query: no toast, no reload', async () => {
    const reload = jest.fn();
    mockApi({});
    renderPage('/Bkpay', '/Bkpay?result=maybe', <Probe reload={reload} />);
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/Bkpay?result=maybe'));
    expect(screen.queryByText('Thanh toán thành công')).toBeNull();
    expect(screen.queryByText('Thanh toán thất bại')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
