import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { errors } from '../../lib/errors';
import { currentUser } from '../../lib/current-user';
import {
  BkPaymentBody,
  BkPaymentData,
  ConfirmPaymentBody,
  GatewayParam,
  LedgerData,
  LedgerQuery,
  PaymentListData,
  StudentPayment,
} from './payments.schemas';
import { callbackProblem, PAY_OK_MESSAGE } from './payments.service';

/** The gateways send a few hundred bytes of fields: anything much larger is refused (413) before it is read. */
export const CALLBACK_BODY_LIMIT = 8_192;

interface CallbackInput {
  fields: Record<string, string>;
  /** Why these cannot be a gateway's fields (a repeated field, a nested value), or null. */
  malformed: string | null;
}

/** Query strings and form or JSON bodies as flat text fields (the first value of a repeated field). */
function callbackInput(value: unknown): CallbackInput {
  // no prototype: a field named __proto__ or constructor stays a field
  const fields = Object.create(null) as Record<string, string>;
  if (value === undefined || value === null) return { fields, malformed: null };
  if (typeof value !== 'object' || Array.isArray(value)) return { fields, malformed: 'dữ liệu không phải các trường' };
  let malformed: string | null = null;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const first: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (Array.isArray(raw)) malformed ??= 'một trường được gửi nhiều lần';
    if (typeof first === 'string') fields[key] = first;
    else if (typeof first === 'number' && Number.isFinite(first)) fields[key] = String(first);
    else malformed ??= 'một trường không phải chuỗi ký tự';
  }
  return { fields, malformed };
}

/** Where a gateway's return page sends the browser: the portal routes by hash, /Bkpay reads the result. */
export function bkpayLocation(paid: boolean, paymentId: string | null): string {
  const query = new URLSearchParams();
  if (paymentId) query.set('payment', paymentId);
  query.set('result', paid ? 'success' : 'failed');
  return `/#/Bkpay?${query.toString()}`;
}

/**
 * Buying pages: POST /v1/student/confirm-payment, GET /v1/student/payments, POST /v1/student/BKpayment,
 * GET /v1/student/ledger (students), and the gateways' public routes: the IPN callbacks
 * (GET|POST /v1/payments/:gateway/ipn, the only thing that credits), the VNPay return page
 * (display only) and the sandbox payment page.
 */
export default async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const config = app.appConfig;
  const service = app.services.payments;
  const { gateways } = app.services.paymentGateways;

  app.post<{ Body: ConfirmPaymentBody }>(
    '/v1/student/confirm-payment',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['payment'],
        summary: 'Tạo đơn mua trang in (money = số trang × giá A4 hiện tại)',
        body: ConfirmPaymentBody,
        response: responses(StudentPayment),
      },
    },
    async (request) => ok(await service.confirm(currentUser(request), request.body.money), 'Đã tạo đơn thanh toán'),
  );

  app.get(
    '/v1/student/payments',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['payment'],
        summary: 'Các đơn thanh toán của sinh viên, mới nhất trước',
        response: responses(PaymentListData),
      },
    },
    async (request) => ok(await service.list(currentUser(request))),
  );

  app.post<{ Body: BkPaymentBody }>(
    '/v1/student/BKpayment',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['payment'],
        summary: 'Thanh toán một đơn qua cổng thanh toán',
        description:
          'Cổng sandbox: thanh toán ngay (qua cùng đường callback đã ký như cổng thật), trả về đơn đã thanh toán ' +
          'và số dư mới. Cổng thật (VNPay): trả về redirectUrl; trang được cộng khi cổng gọi IPN.',
        body: BkPaymentBody,
        response: responses(BkPaymentData),
      },
    },
    async (request) => {
      const result = await service.pay(currentUser(request), request.body.payment_id, request.ip);
      return ok(result, result.redirectUrl ? 'Chuyển tới cổng thanh toán' : PAY_OK_MESSAGE);
    },
  );

  app.get<{ Querystring: LedgerQuery }>(
    '/v1/student/ledger',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['payment'],
        summary: 'Biến động số trang in của sinh viên (cấp học kỳ, mua, in, hoàn), mới nhất trước',
        querystring: LedgerQuery,
        response: responses(LedgerData),
      },
    },
    async (request) =>
      ok(await service.ledger(currentUser(request), request.query.page ?? 1, request.query.per_page ?? 20)),
  );

  // Anyone can call these: each address gets PAYMENT_CALLBACK_RATE_LIMIT requests a minute on each route
  // (the gateway's own servers included: a refused IPN is retried by the gateway later).
  const publicPayment = {
    roles: 'public' as const,
    // hostile text gets the gateway's error or the browser's redirect here (callbackInput), not a JSON 400
    ownInputRules: true,
    rateLimit: { max: config.paymentCallbackRateLimit, timeWindow: 60_000 },
  };

  const ipn = async (request: FastifyRequest<{ Params: GatewayParam }>) => {
    const input = callbackInput(request.method === 'GET' ? request.query : request.body);
    const result = await service.handleCallback(request.params.gateway, input.fields, input.malformed);
    return result.answer;
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: GatewayParam }>({
      method,
      url: '/v1/payments/:gateway/ipn',
      config: publicPayment,
      ...(method === 'POST' ? { bodyLimit: CALLBACK_BODY_LIMIT } : {}),
      schema: {
        tags: ['payment'],
        summary: 'Callback (IPN) của cổng thanh toán: nơi duy nhất cộng trang',
        description:
          `Công khai, giới hạn ${config.paymentCallbackRateLimit} yêu cầu/phút cho mỗi địa chỉ (429), ` +
          `thân tối đa ${CALLBACK_BODY_LIMIT} byte (413). Chỉ lưu các trường theo hợp đồng của cổng.`,
        params: GatewayParam,
      },
      handler: ipn,
    });
  }

  // VNPay sends the student back here: display only, it never credits (the IPN does).
  app.get('/v1/payments/vnpay/return', { config: publicPayment, schema: { hide: true } }, async (request, reply) => {
    const vnpay = gateways.get('vnpay');
    if (!vnpay) throw errors.notFound('Cổng thanh toán không được hỗ trợ');
    const input = callbackInput(request.query);
    if (input.malformed ?? callbackProblem(input.fields)) return reply.redirect(bkpayLocation(false, null));
    const v = vnpay.verifyCallback(input.fields);
    return reply.redirect(bkpayLocation(v.ok && v.paid, v.ok ? v.orderId : null));
  });

  // The sandbox's payment page: the student "pays", the sandbox calls our IPN, back to /Bkpay.
  app.get('/v1/payments/sandbox/pay', { config: publicPayment, schema: { hide: true } }, async (request, reply) => {
    if (!gateways.has('sandbox')) throw errors.notFound('Cổng thanh toán không được hỗ trợ');
    const input = callbackInput(request.query);
    const { outcome, paymentId } = await service.sandboxPage(input.fields, input.malformed);
    // a browser is on this page: a tampered link shows the failure on /Bkpay, not a JSON error
    if (outcome === 'bad_link') return reply.redirect(bkpayLocation(false, null));
    const paid = outcome === 'credited' || outcome === 'duplicate' || outcome === 'already_paid';
    return reply.redirect(bkpayLocation(paid, paymentId));
  });
}
