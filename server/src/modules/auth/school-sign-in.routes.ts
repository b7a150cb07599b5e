import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignInProviderId } from 'shared-api/contracts';
import { readCookie, writeCookie } from '../../lib/cookies';
import { ok, responses } from '../../lib/envelope';
import { ExchangeBody, ExchangeData, ProvidersData } from './school-sign-in.schemas';
import type { Redirect, SignInStart } from './school-sign-in.service';

/** The cookie binding a sign-in under way to the browser that started it, one per way. */
const cookieName = (provider: SignInProviderId) => `sp_signin_${provider}`;

/** The reader's language from Accept-Language: English when it asks for English first, else Vietnamese. */
const readerLanguage = (request: FastifyRequest): 'vi' | 'en' =>
  /^\s*en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'vi';

/** A query text the route reads itself: one short value, else none (a browser page never answers 400). */
function queryText(request: FastifyRequest, name: string, max = 2_048): string | undefined {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined;
}

/** The raw query string as the provider sent it (openid-client reads code, state, iss and error from it). */
const rawQuery = (request: FastifyRequest) => {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
};

/**
 * School sign-in (CAS, OpenID Connect) and the one-time code exchange. The browser steps are redirects:
 * a bad or hostile query ends on the login page with an error key, never on a JSON 400.
 */
export default async function schoolSignInRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.schoolSignIn;
  const browserStep = { roles: 'public' as const, ownInputRules: true };

  const start = (reply: FastifyReply, provider: SignInProviderId, begun: SignInStart) => {
    if (begun.handle) writeCookie(reply, cookieName(provider), begun.handle, service.cookie);
    return reply.redirect(begun.location, 302);
  };
  const end = (reply: FastifyReply, provider: SignInProviderId, result: Redirect) => {
    // the sign-in under way was used (or refused): its cookie goes too
    writeCookie(reply, cookieName(provider), null, service.cookie);
    return reply.redirect(result.location, 302);
  };

  app.get(
    '/v1/auth/providers',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Các cách đăng nhập bằng tài khoản trường đã cấu hình (CAS, OpenID Connect)',
        description: 'Danh sách rỗng khi chưa cấu hình cách nào.',
        response: responses(ProvidersData),
      },
    },
    async (request) => ok(service.providers(readerLanguage(request))),
  );

  app.get(
    '/v1/auth/cas/login',
    {
      config: browserStep,
      schema: {
        tags: ['user'],
        summary: 'Chuyển tới trang đăng nhập CAS của trường',
        description: 'Đặt cookie httpOnly gắn phiên đăng nhập với trình duyệt này. 404 khi chưa cấu hình CAS_URL.',
      },
    },
    async (_request, reply) => start(reply, 'cas', await service.startCas()),
  );

  app.get(
    '/v1/auth/cas/callback',
    {
      config: browserStep,
      schema: {
        tags: ['user'],
        summary: 'CAS gửi trình duyệt về đây với ticket',
        description:
          'Kiểm tra ticket tại CAS_URL + CAS_VALIDATE_PATH rồi chuyển tới /#/Login?code=… (mã dùng một lần, 60 giây) hoặc /#/Login?error=….',
      },
    },
    async (request, reply) =>
      end(reply, 'cas', await service.finishCas(readCookie(request, cookieName('cas')), queryText(request, 'ticket'))),
  );

  app.get(
    '/v1/auth/oidc/login',
    {
      config: browserStep,
      schema: {
        tags: ['user'],
        summary: 'Chuyển tới trang đăng nhập OpenID Connect của trường',
        description:
          'Mã ủy quyền với PKCE (S256), state và nonce giữ ở máy chủ. 404 khi chưa cấu hình OIDC_ISSUER; máy chủ OIDC không trả lời: /#/Login?error=unavailable.',
      },
    },
    async (_request, reply) => start(reply, 'oidc', await service.startOidc()),
  );

  app.get(
    '/v1/auth/oidc/callback',
    {
      config: browserStep,
      schema: {
        tags: ['user'],
        summary: 'Máy chủ OIDC gửi trình duyệt về đây với code và state',
        description: 'Chuyển tới /#/Login?code=… (mã dùng một lần, 60 giây) hoặc /#/Login?error=….',
      },
    },
    async (request, reply) =>
      end(reply, 'oidc', await service.finishOidc(readCookie(request, cookieName('oidc')), rawQuery(request))),
  );

  app.post<{ Body: ExchangeBody }>(
    '/v1/auth/exchange',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['user'],
        summary: 'Đổi mã dùng một lần của đăng nhập bằng tài khoản trường lấy cặp token',
        description:
          'Cùng cặp token như đăng nhập bằng mật khẩu, kèm provider (cách đã đăng nhập: khi đăng xuất, GET /v1/auth/logout?provider=… kết thúc cả phiên của trường). Mã không tồn tại, quá 60 giây hoặc đã dùng: 401 (SIGN_IN_CODE_INVALID); tài khoản bị vô hiệu hóa: 403.',
        body: ExchangeBody,
        response: responses(ExchangeData),
      },
    },
    async (request) => {
      const pair = await service.exchange(request.body.code, request.ip, request.headers['user-agent'] ?? null);
      return ok(pair, 'Đăng nhập thành công');
    },
  );

  app.get(
    '/v1/auth/logout',
    {
      config: browserStep,
      schema: {
        tags: ['user'],
        summary: 'Kết thúc cả phiên của trường (CAS /logout, OIDC end-session) rồi về cổng',
        description:
          'query provider (cas hoặc oidc): cách đã đăng nhập. Gọi sau POST /v1/user/logout. Chỉ chuyển tới địa chỉ đã cấu hình (SSO_LOGOUT=false: về cổng).',
      },
    },
    async (request, reply) =>
      reply.redirect((await service.logoutLocation(queryText(request, 'provider', 10))).location, 302),
  );
}
