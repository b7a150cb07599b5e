import { Type, type Static } from '@sinclair/typebox';

export const SignInProvider = Type.Object({
  id: Type.Union([Type.Literal('cas'), Type.Literal('oidc')]),
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
