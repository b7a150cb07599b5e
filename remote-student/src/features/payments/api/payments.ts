import { apiClient, type ApiEnvelope, type Payment } from 'shared-api';

/** A payment as the list shows it; `status` tells whether it can still be paid. */
export interface PaymentItem extends Payment {
  status?: 'pending' | 'paid' | 'expired' | 'failed';
  quantity?: number;
  createdAt?: string;
}

/** POST /v1/student/confirm-payment: creates a payment for `money` VND (= pages × current A4 price). */
export async function confirmPayment(money: number): Promise<PaymentItem> {
  const res = await apiClient.post<ApiEnvelope<PaymentItem>>('/v1/student/confirm-payment', { money });
  return res.data.data;
}

/** GET /v1/student/payments: the student's own payments, newest first. */
export async function fetchPayments(): Promise<PaymentItem[]> {
  const res = await apiClient.get<ApiEnvelope<{ payments: PaymentItem[] } | PaymentItem[]>>('/v1/student/payments');
  const data = res.data.data;
  return Array.isArray(data) ? data : data.payments;
}

export interface PayResult {
  /** A real gateway: where the student completes the payment. */
  redirectUrl?: string;
  payment?: PaymentItem;
  balance?: number;
}

/** POST /v1/student/BKpayment: pays one payment through the university's gateway. */
export async function payPayment(paymentId: string): Promise<PayResult> {
  const res = await apiClient.post<ApiEnvelope<PayResult>>('/v1/student/BKpayment', { payment_id: paymentId });
  return res.data.data;
}
