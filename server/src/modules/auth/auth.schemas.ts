import { Type, type Static } from '@sinclair/typebox';
import { Envelope } from '../../lib/envelope';

const Role = Type.Union([Type.Literal('student'), Type.Literal('staff'), Type.Literal('spso')]);

export const LoginBody = Type.Object({
  email: Type.String({
    minLength: 1,
    maxLength: 320,
    description: 'Tài khoản (email trường)',
    examples: ['student@hcmut.edu.vn'],
  }),
  password: Type.String({ minLength: 1, maxLength: 256, examples: ['Demo@12345'] }),
});
export type LoginBody = Static<typeof LoginBody>;

export const LoginData = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  role: Role,
});

export const RefreshBody = Type.Object({
  refreshToken: Type.String({ minLength: 1, maxLength: 512 }),
});
export type RefreshBody = Static<typeof RefreshBody>;

export const RefreshData = Type.Object({
  accessToken: Type.String(),
  refreshToken: Type.String(),
  /** The spec's client reads the lowercase names. */
  accesstoken: Type.String(),
  refreshtoken: Type.String(),
  role: Role,
});

/** The refresh answer: the envelope plus the spec's client's top-level pair. */
export const RefreshEnvelope = Type.Composite([
  Envelope(RefreshData),
  Type.Object({ accesstoken: Type.String(), refreshtoken: Type.String() }),
]);

export const LogoutBody = RefreshBody;

/** The rules of the new password are the service's (Vietnamese messages), not the schema's. */
export const PasswordChangeBody = Type.Object({
  currentPassword: Type.String({ maxLength: 256 }),
  newPassword: Type.String({ maxLength: 1024, description: 'Ít nhất 8 ký tự, khác mật khẩu hiện tại' }),
});
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;
