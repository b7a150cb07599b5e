import { Type, type Static } from '@sinclair/typebox';
import { LoginData } from './auth.schemas';

const ProviderId = Type.Union([Type.Literal('cas'), Type.Literal('oidc')]);

export const SignInProvider = Type.Object({
  id: ProviderId,
  label: Type.String({ description: 'chữ trên nút, theo ngôn ngữ của người đọc (Accept-Language) nếu không cấu hình' }),
  loginUrl: Type.String({ description: 'liên kết của nút: máy chủ chuyển tiếp tới trang đăng nhập của trường' }),
});

export const ProvidersData = Type.Array(SignInProvider);

export const ExchangeBody = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'mã dùng một lần trong /#/Login?code=… (60 giây)',
  }),
});
export type ExchangeBody = Static<typeof ExchangeBody>;

/** A password login's pair, and the way the person signed in (the portal's logout ends that school session too). */
export const ExchangeData = Type.Composite([LoginData, Type.Object({ provider: ProviderId })]);
