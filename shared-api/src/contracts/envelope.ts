/** Every answer of the API: `{ success, message, data }`; errors add a machine `code`. */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
  code?: ErrorCode;
}

/** Machine codes carried by error answers, next to the Vietnamese message. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  /** 403: the right password, but this role signs in with the school account only (PASSWORD_LOGIN_ROLES). */
  'PASSWORD_LOGIN_DISABLED',
  /** 401: a school sign-in's one-time code that is unknown, expired (60 s) or already used. */
  'SIGN_IN_CODE_INVALID',
  'TOKEN_EXPIRED',
  'REFRESH_TOKEN_INVALID',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BUSINESS_RULE',
  /** 422: the password typed to confirm a change is not the caller's own. */
  'WRONG_PASSWORD',
  'TOO_MANY_REQUESTS',
  /** 422: the printer's device does not answer or has an error (out of paper, jammed…): nothing charged. */
  'PRINTER_OFFLINE',
  /** 422: a printer's device did not answer a connection test within 5 s. */
  'DEVICE_UNREACHABLE',
  /** 422: the printer's device cannot do one of the chosen options (named in the message): nothing charged. */
  'OPTION_UNSUPPORTED',
  /** 403: a temporary password is in use: only the user information, the password change and the logout answer. */
  'PASSWORD_CHANGE_REQUIRED',
  /** 409: the only officer left cannot be disabled. */
  'LAST_OFFICER',
  /** 409: another account has this e-mail. */
  'EMAIL_TAKEN',
  /** 422: a release code (a job's, or a station's) that is wrong, expired or already used: says nothing more. */
  'RELEASE_CODE_INVALID',
  /** 401: a release station's X-Station-Token that is missing, unknown or revoked. */
  'STATION_TOKEN_INVALID',
  'INTERNAL',
  /** 503: the database does not answer (GET /healthz). */
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** HTTP statuses the client treats specially (spec section 4 and 8). */
export const HTTP_STATUS = {
  accessTokenExpired: 410,
  refreshTokenInvalid: 419,
} as const;
