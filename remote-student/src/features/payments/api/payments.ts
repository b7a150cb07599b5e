import { apiGet, apiPost, type BkPaymentResponse, type StudentPayment, type StudentPaymentsResponse } from 'shared-api';

export type PaymentItem = StudentPayment;

/** POST /v1/student/confirm-payment: creates a payment for `money` VND (= pages × current A4 price). */
export async function confirmPayment(money: number): Promise<StudentPayment> {
  return apiPost<StudentPayment>('/v1/student/confirm-payment', { money });
}

/** GET /v1/student/payments: the student's own payments, newest first. */
export async function fetchPayments(): Promise<StudentPayment[]> {
  return apiGet<StudentPaymentsResponse>('/v1/student/payments');
}

/**
 * POST /v1/student/BKpayment: pays one payment through the university's gateway. The sandbox answers
 * the paid payment and the new balance; a real gateway answers where to send the browser.
 */
export async function payPayment(paymentId: string): Promise<BkPaymentResponse> {
  return apiPost<BkPaymentResponse>('/v1/student/BKpayment', { payment_id: paymentId });
}
