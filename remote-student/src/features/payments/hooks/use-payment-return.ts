import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { App } from 'antd';
import { fetchUserInformation, useSessionStore } from 'shared-api';
import { fetchPayments } from '../api/payments';

/** How often, and how many times, /Bkpay looks again for a payment the gateway said was paid. */
export const RETURN_POLL_MS = 1_500;
export const RETURN_POLL_TRIES = 5;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * A gateway's return page sends the browser to /#/Bkpay?payment=<id>&result=success|failed: one toast
 * (the spec's 'Thanh toán thành công' / 'Thanh toán thất bại'), the list reloaded, the query dropped so
 * that a refresh does not show it again. The return page never credits: a real gateway's IPN can land a
 * moment after the browser, so on success the payment is looked at again until it reads paid, then the
 * list and the header balance follow.
 */
export function usePaymentReturn(reload: () => void): void {
  const { t } = useTranslation('student');
  const { notification } = App.useApp();
  const [params, setParams] = useSearchParams();
  const result = params.get('result');
  const paymentId = params.get('payment');
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  // the same return is handled once, even when React runs the effect twice (StrictMode)
  const handled = useRef<string | null>(null);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  useEffect(() => {
    if (result !== 'success' && result !== 'failed') return;
    const key = `${paymentId ?? ''}:${result}`;
    if (handled.current === key) return;
    handled.current = key;
    setParams({}, { replace: true });
    if (result === 'failed') {
      notification.error({ title: t('payments.bkpay.failure') });
      reloadRef.current();
      return;
    }
    notification.success({ title: t('payments.bkpay.success') });
    reloadRef.current();
    void (async () => {
      for (let attempt = 0; attempt < RETURN_POLL_TRIES && alive.current; attempt += 1) {
        const payments = await fetchPayments().catch(() => null);
        if (!alive.current) return;
        if (payments && (paymentId === null || payments.some((p) => p._id === paymentId && p.status === 'paid'))) {
          reloadRef.current();
          const user = await fetchUserInformation().catch(() => null);
          if (user && alive.current) useSessionStore.getState().setBalance(user.balance);
          return;
        }
        await sleep(RETURN_POLL_MS);
      }
    })();
  }, [result, paymentId, setParams, notification, t]);
}
