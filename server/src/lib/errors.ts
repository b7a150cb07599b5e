import type { ErrorCode } from 'shared-api/contracts';

/**
 * An error meant for the client: HTTP status, machine code and a Vietnamese message.
 * Services throw it; the error plugin turns it into the envelope. Anything else is a 500.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const errors = {
  badRequest: (message = 'Yêu cầu không hợp lệ') => new AppError(400, 'BAD_REQUEST', message),
  unauthenticated: (message = 'Vui lòng đăng nhập để tiếp tục') => new AppError(401, 'UNAUTHENTICATED', message),
  sessionEnded: () => new AppError(401, 'UNAUTHENTICATED', 'Phiên đăng nhập đã kết thúc, vui lòng đăng nhập lại'),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'Tài khoản hoặc mật khẩu không chính xác'),
  passwordLoginDisabled: () =>
    new AppError(
      403,
      'PASSWORD_LOGIN_DISABLED',
      'Tài khoản này đăng nhập bằng tài khoản trường, không dùng mật khẩu: chọn "Đăng nhập bằng tài khoản trường"',
    ),
  signInCodeInvalid: () =>
    new AppError(
      401,
      'SIGN_IN_CODE_INVALID',
      'Mã đăng nhập không hợp lệ, đã hết hạn hoặc đã được dùng, vui lòng đăng nhập lại',
    ),
  passwordChangeRequired: () =>
    new AppError(403, 'PASSWORD_CHANGE_REQUIRED', 'Vui lòng đổi mật khẩu tạm thời trước khi tiếp tục'),
  lastOfficer: () => new AppError(409, 'LAST_OFFICER', 'Không thể vô hiệu hóa quản trị viên cuối cùng của hệ thống'),
  emailTaken: () => new AppError(409, 'EMAIL_TAKEN', 'E-mail này đã thuộc về một tài khoản khác'),
  wrongPassword: (message = 'Mật khẩu hiện tại không chính xác') => new AppError(422, 'WRONG_PASSWORD', message),
  tokenExpired: () => new AppError(410, 'TOKEN_EXPIRED', 'Phiên truy cập đã hết hạn, vui lòng làm mới token'),
  refreshInvalid: () =>
    new AppError(419, 'REFRESH_TOKEN_INVALID', 'Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại'),
  forbidden: (message = 'Bạn không có quyền thực hiện chức năng này') => new AppError(403, 'FORBIDDEN', message),
  notFound: (message = 'Không tìm thấy dữ liệu') => new AppError(404, 'NOT_FOUND', message),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
  businessRule: (message: string) => new AppError(422, 'BUSINESS_RULE', message),
  printerOffline: (message: string) => new AppError(422, 'PRINTER_OFFLINE', message),
  deviceUnreachable: (message: string) => new AppError(422, 'DEVICE_UNREACHABLE', message),
  optionUnsupported: (message: string) => new AppError(422, 'OPTION_UNSUPPORTED', message),
  tooManyRequests: (message = 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau') =>
    new AppError(429, 'TOO_MANY_REQUESTS', message),
};
