import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { sendReady } from '../../lib/ready-bytes';
import { UserInformation } from './users.schemas';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.users;

  app.get(
    '/v1/user/information',
    {
      config: { roles: 'all', allowTemporaryPassword: true },
      // ready bytes kept per user (below the compression threshold: sent as they are)
      compress: false,
      // a GET has no body: no decompression hook on the way
      decompress: false,
      schema: {
        tags: ['user'],
        summary: 'Thông tin người dùng đang đăng nhập',
        response: responses(UserInformation),
      },
    },
    // per user: the API's no-store stays (the ETag still answers a client that sends If-None-Match)
    async (request, reply) =>
      sendReady(
        request,
        reply,
        await service.readyInformation(currentUser(request), (information) => reply.serialize(ok(information))),
      ),
  );
}
