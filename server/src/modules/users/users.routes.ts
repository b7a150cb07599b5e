import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { UserInformation } from './users.schemas';

export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.users;

  app.get(
    '/v1/user/information',
    {
      config: { roles: 'all', allowTemporaryPassword: true },
      schema: {
        tags: ['user'],
        summary: 'Thông tin người dùng đang đăng nhập',
        response: responses(UserInformation),
      },
    },
    async (request) => ok(await service.information(currentUser(request))),
  );
}
