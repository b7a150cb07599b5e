import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../lib/current-user';
import { ok, responses } from '../../lib/envelope';
import { noticeLanguage } from '../notices/notices.service';
import { PushKeyData, PushSubscriptionBody } from './push.schemas';

/**
 * Web Push: the server's VAPID key and the caller's browser subscriptions (any signed-in role may
 * subscribe; only students' jobs send pushes today). The texts follow the portal's language at
 * subscription time (Accept-Language).
 */
export default async function pushRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.push;

  app.get(
    '/v1/push/key',
    {
      config: { roles: 'all' },
      schema: {
        tags: ['user'],
        summary: 'Khóa công khai VAPID để trình duyệt đăng ký nhận thông báo đẩy',
        response: responses(PushKeyData),
      },
    },
    async () => ok({ publicKey: service.publicKey() }),
  );

  app.post<{ Body: PushSubscriptionBody }>(
    '/v1/user/push-subscription',
    {
      config: { roles: 'all' },
      schema: {
        tags: ['user'],
        summary: 'Bật thông báo đẩy cho trình duyệt này (lưu đăng ký PushSubscription)',
        description:
          'Chỉ chấp nhận endpoint của dịch vụ thông báo đẩy của trình duyệt (PUSH_ENDPOINT_HOSTS), qua https; ' +
          'máy chủ khác hoặc http: 400. Ngôn ngữ của thông báo theo Accept-Language.',
        body: PushSubscriptionBody,
        response: responses(Type.Null()),
      },
    },
    async (request) =>
      ok(
        await service.subscribe(currentUser(request), request.body, noticeLanguage(request.headers['accept-language'])),
      ),
  );

  app.delete<{ Body: PushSubscriptionBody }>(
    '/v1/user/push-subscription',
    {
      config: { roles: 'all' },
      schema: {
        tags: ['user'],
        summary: 'Tắt thông báo đẩy cho trình duyệt này (xóa đăng ký của chính mình)',
        body: PushSubscriptionBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => ok(await service.unsubscribe(currentUser(request), request.body)),
  );
}
