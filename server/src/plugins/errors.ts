import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from 'shared-api/contracts';
import { AppError } from '../lib/errors';
import { fail } from '../lib/envelope';
import { SAFE_TEXT_KEYWORD } from './validation';
import { BARE_ANSWER_HEADERS, NO_STORE } from './security-headers';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'chuỗi ký tự',
  integer: 'số nguyên',
  number: 'số',
  boolean: 'true hoặc false',
  object: 'đối tượng',
  array: 'mảng',
  null: 'null',
};

const PART_NAMES: Record<string, string> = {
  body: 'trường',
  querystring: 'tham số',
  params: 'tham số đường dẫn',
  headers: 'header',
};

/** A Vietnamese sentence naming the field of the first validation issue. */
export function validationMessage(issue: ValidationIssue | undefined, context: string | undefined): string {
  if (!issue) return 'Dữ liệu không hợp lệ';
  const part = PART_NAMES[context ?? 'body'] ?? 'trường';
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const p = issue.params;
  if (issue.keyword === 'required') {
    const field = [path, String(p.missingProperty ?? '')].filter(Boolean).join('.');
    return `Thiếu ${part} bắt buộc "${field}"`;
  }
  if (!path) {
    if (context === 'body') return 'Thiếu dữ liệu gửi lên hoặc dữ liệu không phải một đối tượng JSON';
    return 'Dữ liệu không hợp lệ';
  }
  const name = `${part.charAt(0).toUpperCase()}${part.slice(1)} "${path}"`;
  switch (issue.keyword) {
    case 'type': {
      const types = String(p.type ?? '')
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t);
      return `${name} phải là ${types.join(' hoặc ')}`;
    }
    case 'minLength':
      return Number(p.limit) <= 1 ? `${name} không được để trống` : `${name} phải có ít nhất ${p.limit} ký tự`;
    case 'maxLength':
      return `${name} không được dài quá ${p.limit} ký tự`;
    case 'minimum':
    case 'exclusiveMinimum':
      return `${name} phải lớn hơn ${issue.keyword === 'minimum' ? 'hoặc bằng ' : ''}${p.limit}`;
    case 'maximum':
    case 'exclusiveMaximum':
      return `${name} phải nhỏ hơn ${issue.keyword === 'maximum' ? 'hoặc bằng ' : ''}${p.limit}`;
    case 'minItems':
      return `${name} phải có ít nhất ${p.limit} phần tử`;
    case 'maxItems':
      return `${name} không được quá ${p.limit} phần tử`;
    case 'enum':
      return `${name} phải là một trong: ${((p.allowedValues as unknown[]) ?? []).join(', ')}`;
    case 'const':
      return `${name} phải bằng ${String(p.allowedValue)}`;
    case SAFE_TEXT_KEYWORD:
      return `${name} chứa ký tự điều khiển hoặc ký tự Unicode không hợp lệ`;
    case 'format':
      if (p.format === 'date-filter')
        return `${name} phải là một ngày có thật dạng YYYY-MM-DD, trong các năm 2000–2100`;
      return `${name} không đúng định dạng ${String(p.format ?? '')}`.trim();
    case 'pattern':
      return `${name} không đúng định dạng`;
    case 'additionalProperties':
      return `${part.charAt(0).toUpperCase()}${part.slice(1)} "${String(p.additionalProperty)}" không được hỗ trợ`;
    default:
      return `${name} không hợp lệ`;
  }
}

/** Fastify's own errors (content type, body size, JSON) with their answer. */
const FASTIFY_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'BAD_REQUEST', 'Dữ liệu JSON không hợp lệ'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'BAD_REQUEST', 'Thiếu dữ liệu JSON trong yêu cầu'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST', 'Độ dài dữ liệu (Content-Length) không hợp lệ'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Dữ liệu gửi lên vượt quá dung lượng cho phép'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Định dạng dữ liệu (Content-Type) không được hỗ trợ'],
  FST_ERR_BAD_URL: [400, 'BAD_REQUEST', 'Đường dẫn không hợp lệ'],
};

const STATUS_DEFAULTS: Record<number, [ErrorCode, string]> = {
  400: ['BAD_REQUEST', 'Yêu cầu không hợp lệ'],
  401: ['UNAUTHENTICATED', 'Vui lòng đăng nhập để tiếp tục'],
  403: ['FORBIDDEN', 'Bạn không có quyền thực hiện chức năng này'],
  404: ['NOT_FOUND', 'Không tìm thấy dữ liệu'],
  405: ['BAD_REQUEST', 'Phương thức không được hỗ trợ'],
  406: ['BAD_REQUEST', 'Định dạng trả về không được hỗ trợ'],
  409: ['CONFLICT', 'Dữ liệu bị trùng hoặc xung đột'],
  413: ['PAYLOAD_TOO_LARGE', 'Dữ liệu gửi lên vượt quá dung lượng cho phép'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Định dạng dữ liệu không được hỗ trợ'],
  422: ['BUSINESS_RULE', 'Yêu cầu không thể thực hiện'],
  429: ['TOO_MANY_REQUESTS', 'Bạn đã thử quá nhiều lần, vui lòng thử lại sau'],
};

export const NOT_FOUND_MESSAGE = 'Không tìm thấy đường dẫn';

/**
 * PostgreSQL errors a client's value can cause (SQLSTATE class 22, data exception: a NUL byte
 * (22021/22P05), a number or date out of range (22003, 22008), text that is not a number or a uuid
 * (22P02); 23503 a reference to a row that does not exist; 54000 a value too large for an index), and
 * the sentence that answers them. The validation layer should refuse these first: this is the net
 * under it, so that a gap answers 400 and not 500. Both drivers (pg, PGlite) put the SQLSTATE in `code`.
 */
const DATABASE_INPUT_ERRORS: Array<[RegExp, number, ErrorCode, string]> = [
  [
    /^22/,
    400,
    'VALIDATION_FAILED',
    'Dữ liệu gửi lên có giá trị không hợp lệ (ký tự, số hoặc ngày ngoài phạm vi cho phép)',
  ],
  [/^23503$/, 400, 'VALIDATION_FAILED', 'Dữ liệu gửi lên tham chiếu tới một mục không tồn tại'],
  [/^23505$/, 409, 'CONFLICT', 'Dữ liệu bị trùng hoặc xung đột'],
  [/^54000$/, 400, 'VALIDATION_FAILED', 'Dữ liệu gửi lên quá lớn'],
];

/** The answer to a database error caused by input, or undefined for anything else (a real fault). */
export function databaseInputError(error: unknown): [number, ErrorCode, string] | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  // a SQLSTATE is five characters of digits and capitals; Node's and Fastify's codes are longer
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined;
  const match = DATABASE_INPUT_ERRORS.find(([pattern]) => pattern.test(code));
  return match ? [match[1], match[2], match[3]] : undefined;
}

const CLIENT_ERROR_ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Header của yêu cầu quá lớn'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Yêu cầu gửi quá chậm, vui lòng thử lại'],
};

/**
 * Node's own refusals, before Fastify sees a request (headers too large, a malformed request line):
 * the envelope in Vietnamese too, instead of Fastify's English `{ error, statusCode }`. Fastify's
 * `clientErrorHandler` option; `this` is the Fastify instance.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // a reset connection has nobody left to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERROR_ANSWERS[error.code ?? ''] ?? [400, 'Yêu cầu HTTP không hợp lệ'];
  const payload = JSON.stringify(fail('BAD_REQUEST', message));
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        Object.entries(BARE_ANSWER_HEADERS)
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        `Content-Length: ${Buffer.byteLength(payload)}\r\nConnection: close\r\n\r\n${payload}`,
    );
  }
  socket.destroy(error);
}

/**
 * Errors Fastify answers before a route is found (a path that is not valid percent-encoding such as
 * `/v1/payments/%/ipn`, a path parameter over maxParamLength): the envelope too. Fastify's
 * `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(fail('BAD_REQUEST', 'Đường dẫn quá dài'));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(fail('BAD_REQUEST', 'Đường dẫn không hợp lệ'));
    return;
  }
  reply.log.error({ err: error, reqId: reply.request.id }, 'unexpected framework error');
  void reply
    .status(500)
    .header('x-request-id', reply.request.id)
    .send(fail('INTERNAL', 'Lỗi hệ thống', { requestId: reply.request.id }));
}

/**
 * One envelope for every error: AppError as thrown, validation as 400 naming the field, Fastify's
 * client errors with their status, database errors caused by input as 400, anything else 500
 * 'Lỗi hệ thống' (logged with the stack and the request id, never sent; the id is in the answer's
 * data and its x-request-id header, so support can find the log line).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      // an answer begun as a ready one (its ETag and its cache header set) is an error now: no cache keeps it
      if (reply.hasHeader('etag')) void reply.removeHeader('etag').headers(NO_STORE);
      if (error instanceof AppError) {
        // a wait owed (logins, the configuration's password): said in the header too
        const retryAfter = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
        if (error.statusCode === 429 && typeof retryAfter === 'number')
          void reply.header('retry-after', String(retryAfter));
        return reply.status(error.statusCode).send(fail(error.code, error.message, error.data));
      }
      const fastifyError = error as FastifyError & { validationContext?: string };
      if (fastifyError.validation) {
        const message = validationMessage(
          fastifyError.validation[0] as ValidationIssue,
          fastifyError.validationContext,
        );
        return reply.status(400).send(fail('VALIDATION_FAILED', message));
      }
      const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
      if (known) return reply.status(known[0]).send(fail(known[1], known[2]));

      const fromInput = databaseInputError(error);
      if (fromInput) {
        request.log.info({ err: error }, 'database refused a client value');
        return reply.status(fromInput[0]).send(fail(fromInput[1], fromInput[2]));
      }

      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const [code, message] = STATUS_DEFAULTS[status] ?? ['BAD_REQUEST', 'Yêu cầu không hợp lệ'];
        request.log.info({ err: error }, 'client error');
        return reply.status(status).send(fail(code, message));
      }
      request.log.error({ err: error, reqId: request.id }, 'unexpected error');
      return reply
        .status(500)
        .header('x-request-id', request.id)
        .send(fail('INTERNAL', 'Lỗi hệ thống', { requestId: request.id }));
    });

    app.setNotFoundHandler((_request, reply) => {
      return reply.status(404).send(fail('NOT_FOUND', NOT_FOUND_MESSAGE));
    });
  },
  { name: 'errors' },
);
