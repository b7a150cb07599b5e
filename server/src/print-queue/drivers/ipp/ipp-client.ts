import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import ipp, { type IppMessage } from '@sealsystems/ipp';

/**
 * One IPP request as a Promise: @sealsystems/ipp builds, serialises and parses the messages; the HTTP
 * exchange is ours, so every call has an overall deadline and an AbortSignal (the library's own
 * timeout is per socket inactivity, and a printer waking from sleep can hold a connection ~18 s).
 */

/** The device did not answer in time, refused the connection, or answered something that is not IPP. */
export class IppUnreachableError extends Error {
  override name = 'IppUnreachableError';
}

/** The device answered with an IPP error status (client-error-…, server-error-…). */
export class IppStatusError extends Error {
  override name = 'IppStatusError';
  constructor(
    readonly statusCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface IppRequestOptions {
  /** The whole exchange, connect to last byte. */
  deadlineMs: number;
  signal?: AbortSignal;
  /** The document, sent after the message (Print-Job, Send-Document). */
  document?: Buffer | Readable;
  /** ipps:// with a self-signed certificate (most printers have one): accepted when true. */
  allowSelfSigned?: boolean;
}

/** Answers larger than this are not IPP attribute answers we can use. */
const MAX_ANSWER_BYTES = 4 * 1_048_576;

/** The HTTP URL an ipp:// or ipps:// address is reached at (631 unless said). */
export function httpUrlOf(deviceUri: string): URL {
  const url = new URL(deviceUri);
  if (url.protocol !== 'ipp:' && url.protocol !== 'ipps:') throw new Error(`not an IPP address: ${url.protocol}`);
  const web = new URL(deviceUri.replace(/^ipps?:/, url.protocol === 'ipps:' ? 'https:' : 'http:'));
  if (web.port === '') web.port = '631';
  return web;
}

/** The answer's body, bounded, parsed as IPP (IppUnreachableError when it is too large or not IPP). */
async function readAnswer(response: AsyncIterable<Uint8Array>): Promise<IppMessage> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new IppUnreachableError('câu trả lời của máy in quá lớn');
    chunks.push(chunk);
  }
  try {
    return ipp.parse(Buffer.concat(chunks));
  } catch {
    throw new IppUnreachableError('câu trả lời của máy in không đọc được (không phải IPP)');
  }
}

/** Whether an IPP status is a success (successful-ok, successful-ok-ignored-or-substituted-attributes…). */
export function isSuccess(statusCode: string | undefined): boolean {
  return typeof statusCode === 'string' && statusCode.startsWith('successful-ok');
}

/**
 * Sends one operation to the device and resolves with its parsed answer, whatever its IPP status (the
 * caller decides). Rejects with IppUnreachableError when the deadline passes, the connection fails or
 * the answer is not IPP, and with the signal's reason when aborted.
 */
export function ippRequest(
  deviceUri: string,
  operation: string,
  message: IppMessage,
  options: IppRequestOptions,
): Promise<IppMessage> {
  const url = httpUrlOf(deviceUri);
  const printer = ipp.Printer(deviceUri);
  const body = ipp.serialize(printer.message(operation, message));
  return new Promise<IppMessage>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, answer?: IppMessage) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(answer as IppMessage);
    };
    const onAbort = () =>
      finish(options.signal?.reason instanceof Error ? options.signal.reason : new Error('aborted'));
    const timer = setTimeout(
      () => finish(new IppUnreachableError(`máy in không trả lời sau ${Math.round(options.deadlineMs / 1000)} giây`)),
      options.deadlineMs,
    );
    const transport = url.protocol === 'https:' ? https : http;
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/ipp' },
        ...(url.protocol === 'https:' ? { rejectUnauthorized: !options.allowSelfSigned } : {}),
      },
      (response: http.IncomingMessage) => {
        if (response.statusCode !== 200) {
          response.resume();
          finish(new IppUnreachableError(`máy in trả lời HTTP ${response.statusCode ?? '?'}`));
          return;
        }
        void readAnswer(response).then(
          (answer) => finish(null, answer),
          (error: Error) =>
            finish(error instanceof IppUnreachableError ? error : new IppUnreachableError(error.message)),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      finish(new IppUnreachableError(error.code ? `${error.code}: ${error.message}` : error.message)),
    );
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.write(body);
    const { document } = options;
    if (document === undefined) request.end();
    else if (document instanceof Uint8Array) request.end(document);
    else {
      pipeline(document, request, (error) => {
        if (error) finish(new IppUnreachableError(`không gửi được tệp: ${error.message}`));
      });
    }
  });
}

/** ippRequest, then an IppStatusError unless the device answered a success. */
export async function ippCall(
  deviceUri: string,
  operation: string,
  message: IppMessage,
  options: IppRequestOptions,
): Promise<IppMessage> {
  const answer = await ippRequest(deviceUri, operation, message, options);
  if (!isSuccess(answer.statusCode)) {
    const group = answer['operation-attributes-tag'] as Record<string, unknown> | undefined;
    const detail = typeof group?.['status-message'] === 'string' ? `: ${group['status-message']}` : '';
    throw new IppStatusError(String(answer.statusCode), `${String(answer.statusCode)}${detail}`);
  }
  return answer;
}

/** The attributes of one group of an answer (the first, when a group repeats). */
export function groupOf(answer: IppMessage, name: string): Record<string, unknown> {
  const group = answer[name];
  if (Array.isArray(group)) return (group[0] as Record<string, unknown> | undefined) ?? {};
  return (group as Record<string, unknown> | undefined) ?? {};
}

/** Every instance of a repeated group (Get-Jobs answers one job-attributes-tag per job). */
export function groupsOf(answer: IppMessage, name: string): Record<string, unknown>[] {
  const group = answer[name];
  if (group === undefined || group === null) return [];
  return (Array.isArray(group) ? group : [group]) as Record<string, unknown>[];
}
