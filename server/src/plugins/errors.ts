import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode } from 'shared-api/contracts';
import { AppError } from '../lib/errors';
import { fail } from '../lib/envelope';

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
    case 'format':
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
 * One envelope for every error: AppError as thrown, validation as 400 naming the field, Fastify's
 * client errors with their status, anything else 500 'Lỗi hệ thống' (logged with the stack, never sent).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof AppError) {
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

      const status = fastifyError.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const [code, message] = STATUS_DEFAULTS[status] ?? ['BAD_REQUEST', 'Yêu cầu không hợp lệ'];
        request.log.info({ err: error }, 'client error');
        return reply.status(status).send(fail(code, message));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(fail('INTERNAL', 'Lỗi hệ thống'));
    });

    app.setNotFoundHandler((_request, reply) => {
      return reply.status(404).send(fail('NOT_FOUND', NOT_FOUND_MESSAGE));
    });
  },
  { name: 'errors' },
);
