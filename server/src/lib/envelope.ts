import { Type, type TSchema } from '@sinclair/typebox';
import type { ApiEnvelope, ErrorCode } from 'shared-api/contracts';

/** A success answer: `{ success: true, message, data }`. */
export function ok<T>(data: T, message = 'Thành công'): ApiEnvelope<T> {
  return { success: true, message, data };
}

/** An error answer: `{ success: false, message, data, code }`. */
export function fail(code: ErrorCode, message: string, data: unknown = null): ApiEnvelope<unknown> {
  return { success: false, message, data, code };
}

/** Response schema of the envelope around `data` (serialisation and the OpenAPI document). */
export function Envelope<T extends TSchema>(data: T) {
  return Type.Object({
    success: Type.Boolean(),
    message: Type.String(),
    data,
    code: Type.Optional(Type.String()),
  });
}

/** Every error answer. */
export const ErrorEnvelope = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String({ description: 'Vietnamese, shown to the user' }),
    data: Type.Any({ description: 'null, or details for some errors' }),
    code: Type.String({ description: 'machine code (ERROR_CODES in shared-api/contracts)' }),
  },
  { $id: 'ErrorEnvelope' },
);

/** Response schemas of a route: its 200 answer plus the shared error envelope. */
export function responses<T extends TSchema>(success: T) {
  return {
    200: Envelope(success),
    '4xx': Type.Ref('ErrorEnvelope'),
    '5xx': Type.Ref('ErrorEnvelope'),
  };
}
