import type { TFunction } from 'i18next';
import type { UserInfo } from 'shared-api';
import { formatVietnamDateTime } from 'shared-ui';
import type { PaymentItem } from './api/payments';
import { formatVnd, paymentShortId, semesterLabel } from './money';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A printable receipt of one payment, as a self-contained HTML page. */
export function receiptHtml(payment: PaymentItem, user: UserInfo | null, t: TFunction): string {
  const rows: Array<[string, string]> = [
    [t('payments.bkpay.receiptStudent'), user ? `${user.lastName} ${user.firstName}` : ''],
    [t('payments.bkpay.receiptStudentCode'), user?.mssv ?? ''],
    [t('payments.bkpay.id'), paymentShortId(payment._id)],
    [t('payments.bkpay.semester'), semesterLabel(payment.shortContent)],
    [t('payments.bkpay.content'), payment.shortContent],
    [t('payments.bkpay.money'), formatVnd(payment.money)],
    [t('payments.bkpay.paid'), formatVnd(payment.paidMoney)],
    [t('payments.bkpay.left'), formatVnd(payment.leftMoney)],
    [t('payments.bkpay.updatedAt'), formatVietnamDateTime(payment.updatedAt)],
    [t('payments.bkpay.receiptPrintedAt'), formatVietnamDateTime(new Date().toISOString())],
  ];
  const body = rows.map(([k, v]) => `<tr><th>${escape(k)}</th><td>${escape(v)}</td></tr>`).join('');
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${escape(t('payments.bkpay.receiptTitle'))}</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:32px auto;color:#101828}h1{color:#1a4d9c;font-size:20px}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:8px;border-bottom:1px solid #eaecf0}th{width:40%;color:#475467}</style>
</head><body><h1>${escape(t('payments.bkpay.receiptTitle'))}</h1><table>${body}</table></body></html>`;
}

/** Opens the receipt in a new window and asks the browser to print it (or save it as PDF). */
export function printReceipt(html: string): void {
  const win = window.open('', '_blank', 'noopener=no,width=640,height=720');
  if (!win) return;
  win.document.write(html);
  win.document.close();
  win.focus();
  win.print();
}
