import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import {
  LoginBody,
  LoginData,
  LogoutBody,
  PasswordChangeBody,
  RefreshBody,
  RefreshData,
  RefreshEnvelope,
} from './auth.schemas';
import { Type } from '@sinclair/typebox';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.auth;

  app.post<{ Body: LoginBody }>(
    '/v1/user/login',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Đăng nhập bằng tài khoản trường',
        description:
          'Sai tài khoản hoặc mật khẩu: 401. Sai nhiều lần từ một địa chỉ cho một tài khoản: chờ tăng dần (1 s, 2 s, 4 s…), 429 kèm Retry-After; một địa chỉ sai quá nhiều lần (mọi tài khoản) chờ ngay từ lần sai đầu, mật khẩu đúng của tài khoản khác vẫn đăng nhập được.',
        body: LoginBody,
        response: responses(LoginData),
      },
    },
    async (request) => {
      // a 429 carries its wait in Retry-After (the error plugin)
      const data = await service.login({
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return ok(data, 'Đăng nhập thành công');
    },
  );

  app.post<{ Body: RefreshBody }>(
    '/v1/user/refresh-access-token',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Đổi refresh token lấy cặp token mới',
        description:
          'Refresh token hết hạn, không tồn tại, đã thu hồi hoặc đã dùng: 419 (dùng lại token cũ thu hồi cả phiên đăng nhập).',
        body: RefreshBody,
        response: { ...responses(RefreshData), 200: RefreshEnvelope },
      },
    },
    async (request) => {
      const pair = await service.refresh(request.body.refreshToken, request.ip, request.headers['user-agent'] ?? null);
      // The spec's client reads the new pair at the top of the body, our own client inside `data`.
      return {
        ...ok(
          { ...pair, accesstoken: pair.accessToken, refreshtoken: pair.refreshToken },
          'Làm mới phiên đăng nhập thành công',
        ),
        accesstoken: pair.accessToken,
        refreshtoken: pair.refreshToken,
      };
    },
  );

  app.post<{ Body: RefreshBody }>(
    '/v1/user/logout',
    {
      config: { roles: 'all', allowTemporaryPassword: true },
      schema: {
        tags: ['user'],
        summary: 'Đăng xuất: thu hồi phiên đăng nhập của refresh token',
        body: LogoutBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      await service.logout(currentUser(request), request.body.refreshToken);
      return ok(null, 'Đăng xuất thành công');
    },
  );

  app.put<{ Body: PasswordChangeBody }>(
    '/v1/user/password',
    {
      config: { roles: 'all', allowTemporaryPassword: true },
      schema: {
        tags: ['user'],
        summary: 'Đổi mật khẩu của chính mình',
        description:
          'Mật khẩu hiện tại sai: 422 WRONG_PASSWORD (sai nhiều lần: chờ tăng dần, 429). Mật khẩu mới ít nhất 8 ký tự, khác mật khẩu hiện tại. Tài khoản đăng nhập bằng tài khoản trường (không có mật khẩu): 422. Mọi phiên đăng nhập khác của tài khoản kết thúc ngay (kể cả socket); phiên hiện tại tiếp tục, lần làm mới token kế tiếp bỏ dấu mật khẩu tạm thời.',
        body: PasswordChangeBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => {
      const { sessionsEnded } = await service.changePassword(currentUser(request), {
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
        ip: request.ip,
      });
      return ok(
        null,
        sessionsEnded > 0
          ? `Đổi mật khẩu thành công. ${sessionsEnded} phiên đăng nhập khác đã được đăng xuất.`
          : 'Đổi mật khẩu thành công',
      );
    },
  );
}
