import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'shared-api/contracts';

/** What the server says of passwords and of the own-password change (Vietnamese, shown as they are). */
export const AUTH_TEXTS = {
  schoolAccountHasNoPassword:
    'Tài khoản này đăng nhập bằng tài khoản trường, không có mật khẩu riêng để đổi: hãy đổi mật khẩu trên trang tài khoản của trường',
  currentPasswordRequired: 'Vui lòng nhập mật khẩu hiện tại',
  wrongCurrentPassword: 'Mật khẩu hiện tại không chính xác',
  tooManyPasswords: (seconds: number) =>
    `Bạn đã nhập sai mật khẩu hiện tại nhiều lần. Vui lòng thử lại sau ${seconds} giây.`,
  newPasswordRequired: 'Vui lòng nhập mật khẩu mới',
  newPasswordTooShort: `Mật khẩu mới phải có ít nhất ${PASSWORD_MIN_LENGTH} ký tự`,
  newPasswordTooLong: `Mật khẩu mới dài tối đa ${PASSWORD_MAX_LENGTH} ký tự`,
  newPasswordSame: 'Mật khẩu mới phải khác mật khẩu hiện tại',
  newPasswordBlank: 'Mật khẩu mới không được chỉ gồm khoảng trắng',
};

/** Why a new password is refused (null: it is fine). Length counts characters as typed (NFC). */
export function checkNewPassword(value: unknown, current: string | null): string | null {
  if (typeof value !== 'string' || value.length === 0) return AUTH_TEXTS.newPasswordRequired;
  const length = [...value.normalize('NFC')].length;
  if (length < PASSWORD_MIN_LENGTH) return AUTH_TEXTS.newPasswordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AUTH_TEXTS.newPasswordTooLong;
  if (value.trim().length === 0) return AUTH_TEXTS.newPasswordBlank;
  if (current !== null && value.normalize('NFC') === current.normalize('NFC')) return AUTH_TEXTS.newPasswordSame;
  return null;
}
