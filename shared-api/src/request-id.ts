/**
 * A random UUID (v4) naming one request (a print submission's Idempotency-Key, an adjustment's requestId):
 * sent again on a retry or a double click, the server applies it once. crypto.randomUUID needs a secure
 * context (https or localhost); the portal may be served over plain http on a campus address, so the same
 * is built from getRandomValues there.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
