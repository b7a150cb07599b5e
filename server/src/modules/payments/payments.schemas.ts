import { Type, type Static } from '@sinclair/typebox';

const NullableString = (options: Parameters<typeof Type.String>[0] = {}) =>
  Type.Union([Type.String(options), Type.Null()]);

export const StudentPayment = Type.Object({
  _id: Type.String(),
  stt: Type.Integer({ description: 'Số thứ tự đơn của sinh viên' }),
  shortContent: Type.String({ description: 'Nội dung; 3 ký tự cuối là mã học kỳ (ví dụ 261)' }),
  money: Type.Integer({ description: 'Số tiền (VND)' }),
  paidMoney: Type.Integer(),
  leftMoney: Type.Integer({ description: 'Còn phải trả; 0 khi đã thanh toán' }),
  updatedAt: Type.String({ format: 'date-time' }),
  payment_id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('expired'), Type.Literal('failed')], {
    description: 'pending: chờ thanh toán; paid: đã thanh toán; expired: quá hạn, không thể thanh toán',
  }),
  quantity: Type.Integer({ description: 'Số trang A4 mua' }),
  unitPrice: Type.Integer({ description: 'Giá một trang A4 khi tạo đơn (VND)' }),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: NullableString({ format: 'date-time' }),
  paidAt: NullableString({ format: 'date-time' }),
});

export const ConfirmPaymentBody = Type.Object({
  money: Type.Number({ description: 'Số trang × giá A4 hiện tại (VND), 1 đến 999 trang' }),
});
export type ConfirmPaymentBody = Static<typeof ConfirmPaymentBody>;

/** The list itself as `data` (the spec's client maps `data` as an array). */
export const PaymentListData = Type.Array(StudentPayment);

export const BkPaymentBody = Type.Object({
  payment_id: Type.String({ minLength: 1, maxLength: 64 }),
});
export type BkPaymentBody = Static<typeof BkPaymentBody>;

export const BkPaymentData = Type.Object({
  payment: StudentPayment,
  balance: Type.Integer({ description: 'Số dư trang A4 sau thanh toán' }),
  redirectUrl: NullableString({ description: 'Cổng thanh toán thật: chuyển trình duyệt tới đây' }),
});

export const LedgerQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type LedgerQuery = Static<typeof LedgerQuery>;

export const LedgerData = Type.Object({
  entries: Type.Array(
    Type.Object({
      _id: Type.String(),
      kind: Type.String({ description: 'grant, purchase, charge, refund, adjustment' }),
      delta: Type.Integer(),
      balance_after: Type.Integer(),
      note: NullableString(),
      semester_key: NullableString(),
      ref_type: NullableString(),
      ref_id: NullableString(),
      created_at: Type.String({ format: 'date-time' }),
    }),
  ),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  balance: Type.Integer(),
});

/** Gateway callbacks: whatever fields the gateway sends (text), checked by its adapter. */
export const CallbackParams = Type.Record(Type.String(), Type.String());
export const GatewayParam = Type.Object({ gateway: Type.String({ enum: ['sandbox', 'vnpay'] }) });
export type GatewayParam = Static<typeof GatewayParam>;
