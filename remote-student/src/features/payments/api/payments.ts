import {
  apiClient,
  type ApiEnvelope,
  type BkPaymentResponse,
  type StudentPayment,
  type StudentPaymentsResponse,
} from 'shared-api';

export type PaymentItem = StudentPayment;

/** POST /v1/student/confirm-payment: creates a payment for `money` VND (= pages × current A4 price). */
export async function confirmPayment(money: number): Promise<StudentPayment> {
  const res = await apiClient.post<ApiEnvelope<StudentPayment>>('/v1/student/confirm-payment', { money });
  return res.data.data;
}

/** GET /v1/student/payments: the student's own payments, newest first. */
export async function fetchPayments(): Promise<StudentPayment[]> {
  const res = await apiClient.get<ApiEnvelope<StudentPaymentsResponse>>('/v1/student/payments');
  return res.data.data;
}

/**
 * POST /v1/student/BKpayment: pays one payment through the university's gateway. The sandbox answers
 * the paid payment and the new balance; a real gateway answers where to send the browser.
 */
export async function payPayment(paymentId: string): Promise<BkPaymentResponse> {
  const res = await apiClient.post<ApiEnvelope<BkPaymentResponse>>('/v1/student/BKpayment', { payment_id: paymentId });
  return res.data.data;
}
