import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type ReadyEncoding = 'br' | 'gzip';

/** What a route's serializer gives (`reply.serialize`). */
export type Serialized = ReturnType<FastifyReply['serialize']>;

const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

export function toBuffer(serialized: Serialized): Buffer {
  if (typeof serialized === 'string') return Buffer.from(serialized, 'utf8');
  return Buffer.isBuffer(serialized) ? serialized : Buffer.from(serialized);
}

/**
 * Brotli quality of a ready answer: it is compressed once per generation (not per request as
 * @fastify/compress does at quality 5), so a better ratio is worth the few milliseconds.
 */
const BROTLI_QUALITY = 9;

/** Below this an answer goes uncompressed, as @fastify/compress's threshold in app.ts decides for others. */
const COMPRESS_THRESHOLD = 1024;

/**
 * One answer as it goes on the wire: its serialized JSON, a strong ETag of those bytes, and its br and
 * gzip forms, each made once, on the first request that asks for it.
 */
export class ReadyAnswer {
  readonly etag: string;
  private readonly encodedForms = new Map<ReadyEncoding, Buffer>();

  constructor(readonly bytes: Buffer) {
    this.etag = `"${crypto.createHash('sha256').update(asBytes(bytes)).digest('base64url').slice(0, 27)}"`;
  }

  encoded(encoding: ReadyEncoding): Buffer {
    let form = this.encodedForms.get(encoding);
    if (!form) {
      form =
        encoding === 'br'
          ? zlib.brotliCompressSync(asBytes(this.bytes), {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              },
            })
          : zlib.gzipSync(asBytes(this.bytes), { level: 9 });
      this.encodedForms.set(encoding, form);
    }
    return form;
  }
}

/**
 * The ready answers of one cached value (its generation: the object a cache serves until it is
 * invalidated or expires), one per key (a normalized query). A new generation starts empty; an answer
 * whose bytes did not change across generations (a reload after expiry that found nothing new) keeps
 * its compressed forms. Keys beyond maxPerGeneration are answered but not kept (free-text filters must
 * not grow memory).
 */
export class ReadyAnswers {
  private generation: object | null = null;
  private answers = new Map<string, ReadyAnswer>();
  private previous = new Map<string, ReadyAnswer>();

  constructor(private readonly maxPerGeneration = 64) {}

  get(generation: object, key: string, write: () => Serialized): ReadyAnswer {
    if (generation !== this.generation) {
      this.previous = this.answers;
      this.answers = new Map();
      this.generation = generation;
    }
    const kept = this.answers.get(key);
    if (kept) return kept;
    const bytes = toBuffer(write());
    const before = this.previous.get(key);
    const answer = before?.bytes.equals(asBytes(bytes)) ? before : new ReadyAnswer(bytes);
    if (this.answers.size < this.maxPerGeneration) this.answers.set(key, answer);
    return answer;
  }
}

/**
 * A stable key of a validated query object (the same filters in any order are one key). Names and values
 * are JSON-quoted, so no value can make two queries one key; a loop, not entries/filter/sort callbacks:
 * it runs on every request of a ready list (issue 22).
 */
export function queryKey(query: object): string {
  const values = query as Record<string, unknown>;
  const names = Object.keys(values).sort();
  let key = '';
  for (const name of names) {
    const value = values[name];
    if (value !== undefined) key += `${JSON.stringify(name)}:${JSON.stringify(value)},`;
  }
  return key;
}

/**
 * The key of a request's validated query, remembered per query text: one text always validates to the same
 * query (the route's schema fills the defaults and coerces the same way every time), and a list is asked for
 * with the same few texts, so the key is worked out once per text, not on every request (it was ~2 % of a
 * ready list's time, issue 22). Emptied when full, so free-text filters cannot grow memory.
 */
export class QueryKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly max = 256) {}

  of(request: Pick<FastifyRequest, 'url' | 'query'>): string {
    const at = request.url.indexOf('?');
    const text = at < 0 ? '' : request.url.slice(at + 1);
    let key = this.keys.get(text);
    if (key === undefined) {
      key = queryKey(request.query as object);
      if (this.keys.size >= this.max) this.keys.clear();
      this.keys.set(text, key);
    }
    return key;
  }
}

/**
 * The choice per Accept-Encoding text seen: a browser sends the same few on every request, and parsing one
 * cost a share of each ready answer (issue 22). Emptied when full, so odd headers cannot grow memory.
 */
const pickedEncodings = new Map<string, ReadyEncoding | null>();
const MAX_PICKED_ENCODINGS = 64;

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function pickEncoding(header: string | string[] | undefined): ReadyEncoding | null {
  const acceptEncoding = Array.isArray(header) ? header.join(',') : header;
  if (!acceptEncoding) return null;
  const known = pickedEncodings.get(acceptEncoding);
  if (known !== undefined) return known;
  const picked = parseAcceptEncoding(acceptEncoding);
  if (pickedEncodings.size >= MAX_PICKED_ENCODINGS) pickedEncodings.clear();
  pickedEncodings.set(acceptEncoding, picked);
  return picked;
}

function parseAcceptEncoding(acceptEncoding: string): ReadyEncoding | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const takes = (encoding: ReadyEncoding) => (accepted.get(encoding) ?? accepted.get('*') ?? 0) > 0;
  if (takes('br')) return 'br';
  if (takes('gzip')) return 'gzip';
  return null;
}

/** If-None-Match names this ETag (weak comparison, as RFC 9110 asks for this header; `*` matches). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** A ready answer now (the cached value was in memory), or once its value is loaded. */
export type ReadyNowOrLater = ReadyAnswer | Promise<ReadyAnswer>;

export interface SendReadyOptions {
  /**
   * `private, no-cache` lets the browser keep the answer and revalidate it on every use (a reload gets
   * 304); per-user answers leave it unset and keep the API's `no-store`.
   */
  cacheControl?: string;
}

/**
 * Sends a ready answer as it is: the route's schema serializer and @fastify/compress (the route sets
 * `compress: false`) do not touch a Buffer. 304 with no body when If-None-Match names its ETag.
 */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ReadyAnswer,
  options: SendReadyOptions = {},
): FastifyReply {
  reply.header('etag', answer.etag);
  // added to what is there (CORS varies on Origin)
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else {
    const varies = Array.isArray(vary) ? vary.join(', ') : String(vary);
    if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(varies)) {
      reply.header('vary', varies ? `${varies}, accept-encoding` : 'accept-encoding');
    }
  }
  if (options.cacheControl) reply.header('cache-control', options.cacheControl);
  if (notModified(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = answer.bytes.length < COMPRESS_THRESHOLD ? null : pickEncoding(request.headers['accept-encoding']);
  if (encoding === null) return reply.send(answer.bytes);
  reply.header('content-encoding', encoding);
  return reply.send(answer.encoded(encoding));
}

/**
 * A route handler's answer from a ready answer that is there now or later: sent at once (the handler
 * returns nothing, so Fastify wraps no promise) when the value was in memory, else once it is loaded.
 * On the hot path of the lists this saves the promises of an async handler on every request (issue 22).
 */
export function sendReadyWhen(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ReadyNowOrLater,
  options: SendReadyOptions = {},
): Promise<FastifyReply> | undefined {
  if (answer instanceof ReadyAnswer) {
    sendReady(request, reply, answer, options);
    return undefined;
  }
  return answer.then((ready) => sendReady(request, reply, ready, options));
}
