import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { bearer, createTestApp, loginAs, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent } from './printing-fixtures';

/**
 * Hostile input on every route the served OpenAPI document lists, for every kind of caller: no 5xx,
 * the error envelope on every error, no success for a caller the route does not allow, and no page
 * balance or ledger change from a refused request. Everything is derived from the document (paths,
 * methods, roles, parameters, body schemas), so a new route is covered without touching this file.
 *
 * `npm test` runs a fixed seed and a few cases per route; `npm run fuzz` a random seed (printed, so a
 * failure can be replayed with FUZZ_SEED=<seed>) and FUZZ_RUNS cases per route.
 */

const SEED_TEXT = process.env.FUZZ_SEED;
const SEED =
  SEED_TEXT === undefined || SEED_TEXT === ''
    ? 20_261_123
    : SEED_TEXT === 'random'
      ? Math.floor(Math.random() * 2 ** 31)
      : Number(SEED_TEXT);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** FUZZ_STATS=1 prints how often each route answered each status (to see how deep the cases get). */
const STATS = process.env.FUZZ_STATS === '1';

jest.setTimeout(Math.max(120_000, RUNS * 2_000));

type Role = 'student' | 'staff' | 'spso';
type Roles = 'public' | 'all' | Role[];
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI path, e.g. /v1/payments/{gateway}/ipn */
  path: string;
  roles: Roles;
  parameters: Parameter[];
  /** The JSON body schema, when the document gives one. */
  body: JsonSchema | null;
  /** The multipart body schema, when the document gives one (properties with format 'binary' are files). */
  multipart?: JsonSchema | null;
}

interface Caller {
  name: string;
  /** null: no signed-in role (anonymous, or a token the server must refuse). */
  role: Role | null;
  token: string | null;
}

/** The roles a route allows, from the sentence the auth plugin appends to every route's description. */
function rolesOf(description: string, label: string): Roles {
  const listed = [...description.matchAll(/Vai trò: ([a-z, ]+)/g)].pop();
  if (listed) return listed[1]!.split(',').map((role) => role.trim()) as Role[];
  if (description.includes('Mọi vai trò đã đăng nhập')) return 'all';
  if (description.includes('Công khai')) return 'public';
  // a route whose access cannot be read would be fuzzed without the role assertion: refuse instead
  throw new Error(`the OpenAPI description of ${label} does not say who may call it`);
}

function operationsOf(document: {
  paths: Record<string, Record<string, { description?: string; parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      // HEAD mirrors GET (Fastify adds it); OPTIONS is CORS
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        roles: rolesOf(operation.description ?? '', `${method.toUpperCase()} ${path}`),
        parameters: operation.parameters ?? [],
        body: content?.['application/json']?.schema ?? null,
        multipart: content?.['multipart/form-data']?.schema ?? null,
      });
    }
  }
  return operations;
}

/**
 * The routes the document hides (the portal's files, the gateways' browser return pages, the docs viewer):
 * seen as the app adds them, fuzzed with hostile paths and query strings under the same assertions.
 */
function hiddenOperations(routes: RouteOptions[], documented: Operation[]): Operation[] {
  const known = new Set(documented.map((operation) => `${operation.method} ${operation.path}`));
  const operations: Operation[] = [];
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');
    const names = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const method of [route.method].flat()) {
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method) || known.has(`${method} ${path}`)) continue;
      known.add(`${method} ${path}`);
      const roles = (route.config as { roles?: Roles } | undefined)?.roles ?? 'public';
      operations.push({
        method,
        path,
        roles,
        parameters: names.map((name) => ({ name, in: 'path' as const, schema: { type: 'string' } })),
        body: null,
      });
    }
  }
  return operations;
}

function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

const allows = (roles: Roles, caller: Caller) =>
  roles === 'public' || (caller.role !== null && (roles === 'all' || roles.includes(caller.role)));

// ---------------------------------------------------------------------------------------------------
// Values

/** A value written into a JSON body as is: numbers JSON can hold but JavaScript cannot (1e400). */
class RawJson {
  constructor(readonly text: string) {}
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`);
    return `{${entries.join(',')}}`;
  }
  // JSON.stringify keeps lone surrogates as \ud800 escapes: the server's JSON.parse gets them back
  return JSON.stringify(value) ?? 'null';
}

/** Text as a form or URL carries it: what JSON cannot say (RawJson) and objects become text. */
function toText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  return toJsonText(value);
}

const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\ud800y',
  '\u001b[31m',
  '\u0085',
  '\u202e',
  '\ufeff',
  'a\r\nSet-Cookie: x=1',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '%',
  '1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '2',
  '1.5',
  '99999999999999999999',
  '2026-02-30',
  '0001-01-01',
  '10000-01-01',
  '+275760-09-13',
  'null',
  'undefined',
  'true',
  'all',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(2_001),
  'é'.repeat(70_000),
];

const HOSTILE_NUMBERS: unknown[] = [
  0,
  -1,
  1,
  2,
  1.5,
  -0.5,
  999,
  1000,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e308,
  -1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('1' + '0'.repeat(400)),
  new RawJson('0.' + '0'.repeat(400) + '1'),
];

/** A hostile text, including random UTF-16 code units (controls, lone surrogates). */
function hostileText(ids: string[]): fc.Arbitrary<string> {
  const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
  return fc.oneof(
    { arbitrary: fc.constantFrom(...HOSTILE_TEXTS), weight: 4 },
    { arbitrary: fc.string({ unit: anyUnit, maxLength: 24 }), weight: 2 },
    { arbitrary: fc.string({ maxLength: 24 }), weight: 1 },
    { arbitrary: fc.constantFrom(...ids), weight: 3 },
  );
}

function hostileValue(ids: string[]): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    { arbitrary: hostileText(ids), weight: 4 },
    { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 3 },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: fc.boolean(), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: scalar, weight: 6 },
    // arrays for scalars, objects for scalars
    { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '$ne', ''), scalar, { maxKeys: 2 }),
      weight: 1,
    },
  );
}

/** A value the schema allows, so that the other fields of a request get past the first check. */
function validValue(schema: JsonSchema | undefined, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.constant('x');
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => validValue(choice, ids, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1000;
      const max = Math.min(schema.maximum ?? 1_000_000, min + 1_000_000);
      return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items, ids, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      return fc.record(
        Object.fromEntries(properties.map(([name, property]) => [name, validValue(property, ids, depth + 1)])),
      );
    }
    default:
      if (schema.format === 'date-filter') return fc.constantFrom('2026-01-15', 'all', '2025-12-31T10:00:00Z');
      return fc.oneof(fc.constantFrom(...ids), fc.string({ minLength: schema.minLength ?? 1, maxLength: 12 }));
  }
}

/**
 * How hostile one request is: 'many' (every part may be), one field only (its index among the query
 * parameters and body fields, modulo their number: the others valid, so that the hostile value gets as
 * deep as it can), or 'none' (all valid: the route's ordinary path, which must not charge when refused).
 */
type Hostility = 'many' | 'none' | number;

const hostilityArbitrary: fc.Arbitrary<Hostility> = fc.oneof(
  { arbitrary: fc.constant<Hostility>('many'), weight: 3 },
  { arbitrary: fc.nat({ max: 63 }), weight: 4 },
  { arbitrary: fc.constant<Hostility>('none'), weight: 1 },
);

function isHostile(hostility: Hostility, index: number, count: number): boolean {
  return hostility === 'many' || (typeof hostility === 'number' && count > 0 && hostility % count === index);
}

/** A field: what the schema wants (sometimes left out), or hostile (sometimes left out). */
function fieldValue(schema: JsonSchema | undefined, ids: string[], hostile: boolean): fc.Arbitrary<unknown> {
  if (!hostile) {
    return fc.oneof(
      { arbitrary: validValue(schema, ids), weight: 6 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    );
  }
  return fc.oneof(
    { arbitrary: hostileValue(ids), weight: 5 },
    { arbitrary: validValue(schema, ids), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** An object with the schema's fields (valid, hostile or missing as `hostile` says) and, when 'many', extra ones. */
function objectFor(
  schema: JsonSchema | null,
  names: string[],
  ids: string[],
  hostility: Hostility,
  offset = 0,
  count = names.length,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema?.properties ?? Object.fromEntries(names.map((name) => [name, undefined]));
  const known = fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property], index) => [
        name,
        fieldValue(property, ids, isHostile(hostility, offset + index, count)),
      ]),
    ),
  );
  const extra =
    hostility === 'many'
      ? fc.dictionary(
          fc.oneof(
            fc.constantFrom('__proto__', 'constructor', 'role', 'balance', 'user_id', 'isAdmin'),
            hostileText(ids),
          ),
          hostileValue(ids),
          { maxKeys: 2 },
        )
      : fc.constant({});
  return fc.tuple(known, extra).map(([fields, more]) => {
    const object: Record<string, unknown> = {};
    for (const [name, value] of [...Object.entries(more), ...Object.entries(fields)]) {
      // a real own property even for "__proto__", as a client's JSON would carry it
      if (value !== undefined)
        Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
    }
    return object;
  });
}

// ---------------------------------------------------------------------------------------------------
// Requests

/** Percent-encodes the UTF-8 bytes of a text (encodeURIComponent throws on a lone surrogate). */
function percent(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('');
}

/** Raw fragments a URL may carry that are not valid percent-encoding or UTF-8. */
const RAW_URL_PIECES = ['%', '%ZZ', '%ED%A0%80', '%C0%80', '%FF%FE', '%E2%80', '%00'];

function queryValue(
  schema: JsonSchema | undefined,
  ids: string[],
  hostile: boolean,
): fc.Arbitrary<string[] | undefined> {
  const valid = validValue(schema, ids).map((value) => percent(toText(value)));
  if (!hostile) {
    return fc.oneof(
      { arbitrary: valid.map((value) => [value]), weight: 2 },
      { arbitrary: fc.constant(undefined), weight: 1 },
    );
  }
  const one = fc.oneof(
    { arbitrary: hostileValue(ids).map((value) => percent(toText(value))), weight: 4 },
    { arbitrary: valid, weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_URL_PIECES), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: one.map((value) => [value]), weight: 5 },
    // given twice
    { arbitrary: fc.tuple(one, one).map(([a, b]) => [a, b]), weight: 2 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

interface Multipart {
  kind: 'multipart';
  parts: { name: string; filename?: string; contentType?: string; content: Buffer }[];
}
type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'form'; value: Record<string, unknown> }
  | { kind: 'raw'; contentType: string | null; text: string }
  | Multipart;

interface Input {
  caller: Caller;
  pathValues: Record<string, string>;
  query: [string, string[] | undefined][];
  extraQuery: string;
  body: Body;
  remoteAddress: string;
}

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[',
  'nul',
  '{"a":1}}',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '"\\ud800"',
  '{"__proto__":{"role":"spso"}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(10_000),
  '{"a":'.repeat(2_000),
  '1e400',
  '',
];

/** The options of one printed document (API.md: the `documents` field of a multipart print). */
const PRINT_OPTIONS: JsonSchema = {
  type: 'object',
  properties: {
    paperSize: { enum: ['A4', 'A3'] },
    numVersion: { type: 'integer', minimum: 1, maximum: 3 },
    colorOption: { type: 'boolean' },
    landScapeOption: { type: 'boolean' },
    pagesPerSheet: { enum: [1, 2, 4] },
    numSides: { enum: [1, 2] },
    pages: { enum: ['all', '1'] },
  },
};

/**
 * A multipart body as a browser builds it: the text fields, then the files. The fields come from the
 * document's multipart schema; a route without one gets API.md's print form (printerId, documents, file),
 * the only multipart route the API has.
 */
function wellFormedMultipart(
  operation: Operation,
  ids: string[],
  files: Buffer[],
  hostility: Hostility,
): fc.Arbitrary<Body> {
  const properties = operation.multipart?.properties ?? {
    printerId: { type: 'string' },
    documents: { type: 'string', format: 'json' },
    file: { type: 'string', format: 'binary' },
  };
  const entries = Object.entries(properties);
  const count = entries.length + Object.keys(PRINT_OPTIONS.properties ?? {}).length;
  const parts = entries.map(([name, property], index) => {
    const hostile = isHostile(hostility, index, count);
    if (property.format === 'binary') {
      const filename = hostile
        ? fc.oneof(hostileText(ids), fc.constantFrom('a.exe', 'a', '.pdf', '../../a.pdf', 'a.pdf'))
        : fc.constantFrom('a.pdf', 'Bài tập.pdf');
      const content = hostile
        ? fc.oneof(
            fc.constantFrom(...files),
            fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
          )
        : fc.constant(files[0]!);
      return fc.tuple(filename, content, fc.integer({ min: 1, max: 2 })).map(([file, data, copies]) =>
        Array.from({ length: copies }, () => ({
          name,
          filename: file,
          contentType: 'application/pdf',
          content: data,
        })),
      );
    }
    if (property.format === 'json') {
      const options = fc.array(objectFor(PRINT_OPTIONS, [], ids, hostility, entries.length, count), {
        minLength: 1,
        maxLength: 2,
      });
      const text = hostile
        ? fc.oneof(hostileValue(ids).map(toJsonText), options.map(toJsonText))
        : options.map(toJsonText);
      return text.map((value) => [{ name, content: Buffer.from(value, 'utf8') }]);
    }
    return fieldValue(property, ids, hostile).map((value) =>
      value === undefined ? [] : [{ name, content: Buffer.from(toText(value), 'utf8') }],
    );
  });
  return fc.tuple(...parts).map((groups): Body => ({ kind: 'multipart', parts: groups.flat() }));
}

function bodyFor(
  operation: Operation,
  names: string[],
  ids: string[],
  files: Buffer[],
  hostility: Hostility,
  offset: number,
  count: number,
): fc.Arbitrary<Body> {
  const object = objectFor(operation.body, names, ids, hostility, offset, count);
  const multipart = operation.body === null || Boolean(operation.multipart);
  if (hostility !== 'many') {
    return multipart
      ? wellFormedMultipart(operation, ids, files, hostility)
      : object.map((value): Body => ({ kind: 'json', value }));
  }
  const documentsText = fc.oneof(
    hostileValue(ids).map(toJsonText),
    fc.array(objectFor(PRINT_OPTIONS, [], ids, 'many'), { maxLength: 3 }).map(toJsonText),
  );
  const part = fc.record({
    name: fc.oneof(fc.constantFrom(...names, 'file', 'documents'), hostileText(ids)),
    filename: fc.option(
      fc.oneof(fc.constantFrom('a.pdf', 'a.docx', 'a.png', 'a', '.pdf', '../../a.pdf'), hostileText(ids)),
      { nil: undefined },
    ),
    contentType: fc.option(
      fc.constantFrom('application/pdf', 'image/png', 'text/plain', 'application/octet-stream', '\u0000'),
      { nil: undefined },
    ),
    content: fc.oneof(
      fc.constantFrom(...files),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
      documentsText.map((text) => Buffer.from(text, 'utf8')),
      hostileText(ids).map((text) => Buffer.from(text, 'utf8')),
    ),
  });
  return fc.oneof(
    { arbitrary: object.map((value): Body => ({ kind: 'json', value })), weight: 6 },
    { arbitrary: hostileValue(ids).map((value): Body => ({ kind: 'json', value })), weight: 1 },
    {
      arbitrary: fc
        .constantFrom(...MALFORMED_JSON)
        .map((text): Body => ({ kind: 'raw', contentType: 'application/json', text })),
      weight: 1,
    },
    { arbitrary: object.map((value): Body => ({ kind: 'form', value })), weight: 1 },
    { arbitrary: fc.array(part, { maxLength: 4 }).map((parts): Body => ({ kind: 'multipart', parts })), weight: 2 },
    { arbitrary: wellFormedMultipart(operation, ids, files, 'many'), weight: multipart ? 3 : 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'application/x-www-form-urlencoded',
            null,
          ),
          hostileText(ids),
        )
        .map(([contentType, text]): Body => ({ kind: 'raw', contentType, text })),
      weight: 1,
    },
    { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 1 },
  );
}

function inputFor(
  operation: Operation,
  callers: Caller[],
  names: string[],
  ids: string[],
  files: Buffer[],
): fc.Arbitrary<Input> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const takesBody = operation.method !== 'GET';
  const bodyFields = takesBody ? Object.keys(operation.body?.properties ?? {}).length : 0;
  const count = pathParameters.length + queryParameters.length + bodyFields;
  const allowed = callers.filter((caller) => caller.role !== null && allows(operation.roles, caller));
  return hostilityArbitrary.chain((hostility) =>
    fc.record({
      // half the cases from callers the route allows, so that hostile input gets past the role check
      caller:
        allowed.length > 0
          ? fc.oneof(fc.constantFrom(...allowed), fc.constantFrom(...callers))
          : fc.constantFrom(...callers),
      pathValues: fc.record(
        Object.fromEntries(
          pathParameters.map((parameter, index) => {
            const valid = validValue(parameter.schema, ids).map((value) => percent(toText(value)));
            const value = isHostile(hostility, index, count)
              ? fc.oneof(
                  { arbitrary: valid, weight: 1 },
                  { arbitrary: hostileText(ids).map(percent), weight: 3 },
                  { arbitrary: fc.constantFrom(...RAW_URL_PIECES), weight: 1 },
                )
              : valid;
            return [parameter.name, value];
          }),
        ),
      ),
      query: fc.tuple(
        ...queryParameters.map((parameter, index) =>
          queryValue(parameter.schema, ids, isHostile(hostility, pathParameters.length + index, count)).map(
            (values): [string, string[] | undefined] => [parameter.name, values],
          ),
        ),
      ),
      extraQuery:
        hostility === 'many'
          ? fc.oneof(
              fc.constant(''),
              fc.tuple(hostileText(ids), hostileText(ids)).map(([key, value]) => `${percent(key)}=${percent(value)}`),
              fc.constantFrom(...RAW_URL_PIECES, 'a', 'a=1&a=2', '=', '&&&', 'x[y]=1'),
            )
          : fc.constant(''),
      body: takesBody
        ? bodyFor(operation, names, ids, files, hostility, pathParameters.length + queryParameters.length, count)
        : fc.constant<Body>({ kind: 'none' }),
      // never the loopback address the fuzz signs in from (a login limit there would stop the fuzz)
      remoteAddress: fc.ipV4().filter((address) => !address.startsWith('127.')),
    }),
  );
}

function urlOf(operation: Operation, input: Input): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => input.pathValues[name] ?? 'x');
  const pairs: string[] = [];
  for (const [name, values] of input.query) {
    for (const value of values ?? []) pairs.push(`${percent(name)}=${value}`);
  }
  if (input.extraQuery) pairs.push(input.extraQuery);
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}

/** The same memory as a plain Uint8Array (the Buffer type and the DOM typings disagree). */
const bytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

function payloadOf(body: Body): { payload?: string | Buffer; contentType?: string } {
  switch (body.kind) {
    case 'none':
      return {};
    case 'json':
      return { payload: toJsonText(body.value), contentType: 'application/json' };
    case 'form': {
      const form = Object.entries(body.value)
        .map(([key, value]) => `${percent(key)}=${percent(toText(value))}`)
        .join('&');
      return { payload: form, contentType: 'application/x-www-form-urlencoded' };
    }
    case 'raw':
      return { payload: body.text, contentType: body.contentType ?? undefined };
    case 'multipart': {
      const boundary = '----fuzz7b3c9';
      const chunks: Uint8Array[] = [];
      for (const part of body.parts) {
        // names and file names go raw (UTF-8) into the part headers, as browsers send them
        const quote = (text: string) => text.replace(/"/g, '%22');
        let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(part.name)}"`;
        if (part.filename !== undefined) head += `; filename="${quote(part.filename)}"`;
        if (part.contentType !== undefined) head += `\r\nContent-Type: ${part.contentType}`;
        chunks.push(bytes(Buffer.from(`${head}\r\n\r\n`, 'utf8')), bytes(part.content), bytes(Buffer.from('\r\n')));
      }
      chunks.push(bytes(Buffer.from(`--${boundary}--\r\n`)));
      return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
    }
  }
}

// ---------------------------------------------------------------------------------------------------

/** What is wrong with one answer (empty when nothing is). `before`/`after`: moneyState around it. */
function problemsOf(
  operation: Operation,
  caller: Caller,
  response: Pick<LightMyRequestResponse, 'statusCode' | 'json'>,
  before: string,
  after: string,
) {
  const problems: string[] = [];
  const status = response.statusCode;
  if (status >= 500) problems.push(`answered ${status}`);
  if (status >= 400) {
    let json: Record<string, unknown> | null = null;
    try {
      json = response.json<Record<string, unknown>>();
    } catch {
      problems.push('an error answer that is not JSON');
    }
    if (json && (json.success !== false || typeof json.message !== 'string' || typeof json.code !== 'string')) {
      problems.push('an error answer outside the envelope');
    } else if (json && !VIETNAMESE.test(String(json.message))) {
      problems.push('an error message that is not Vietnamese');
    }
  }
  if (status < 300 && !allows(operation.roles, caller)) problems.push(`a ${status} for ${caller.name}`);
  if (status >= 300 && before !== after)
    problems.push(`a refused request changed balances or the ledger: ${before} → ${after}`);
  return problems;
}

describe(`fuzz: every route × caller of the OpenAPI document (seed ${SEED}, ${RUNS} cases a route)`, () => {
  let t: TestApp;
  let documented: Operation[];
  let operations: Operation[];
  let ids: string[];
  let names: string[];
  let files: Buffer[];

  beforeAll(async () => {
    // the seed is printed so that a random run's failure can be replayed (FUZZ_SEED=<seed>)
    process.stdout.write(`fuzz seed ${SEED}, ${RUNS} cases per route\n`);
    const routes: RouteOptions[] = [];
    t = await createTestApp({ seed: { generatedStudents: 3, jobs: 30 }, onRoute: (route) => routes.push(route) });
    const document = (await t.app.inject({ url: '/docs/json' })).json<Parameters<typeof operationsOf>[0]>();
    documented = operationsOf(document);
    operations = [...documented, ...hiddenOperations(routes, documented)];

    const other = await newStudent(t.app, 40);
    // real ids of the demo student and of others, so that every id field is also tried with another user's
    const rows = await t.app.db.query<{ id: string }>(
      `(SELECT id::text FROM printing_logs ORDER BY created_at DESC LIMIT 6)
       UNION ALL (SELECT id::text FROM payments LIMIT 4)
       UNION ALL (SELECT printer_id FROM printers LIMIT 4)
       UNION ALL (SELECT id::text FROM users LIMIT 4)
       UNION ALL (SELECT mssv FROM users WHERE mssv IS NOT NULL LIMIT 2)
       UNION ALL (SELECT email FROM users WHERE email <> ALL($1) LIMIT 3)`,
      // not the demo accounts' emails: failed logins to them would lock out the fuzz's own sign-ins
      [Object.values(DEMO_ACCOUNTS)],
    );
    ids = [...new Set([...rows.map((row) => row.id), other.id, '00000000-0000-0000-0000-000000000000'])];
    // every field name the document knows: multipart routes (no JSON schema) get them as part names
    names = [
      ...new Set(
        operations.flatMap((operation) => [
          ...operation.parameters.map((parameter) => parameter.name),
          ...Object.keys(operation.body?.properties ?? {}),
        ]),
      ),
    ];
    files = [
      await makePdf(1),
      Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Pages /Kids [1 0 R] /Count 1e400 >>\n'),
      Buffer.from('PK\u0003\u0004junk'),
    ];
  });

  afterAll(async () => {
    await t?.close();
  });

  /**
   * Every kind of caller, signed in afresh for each route: logout (fuzzed with the callers' own access
   * tokens) may end a session, and the next route must still see each role. Tokens the server must
   * refuse too: garbage, and an access token with its signature replaced. The refresh tokens are never
   * sent: the fuzz would rotate or revoke its own logins (logout and refresh get made-up tokens).
   */
  async function signIn(): Promise<Caller[]> {
    const student = await loginAs(t.app, 'student');
    const staff = await loginAs(t.app, 'staff');
    const spso = await loginAs(t.app, 'spso');
    const other = await newStudent(t.app, 40);
    return [
      { name: 'anonymous', role: null, token: null },
      { name: 'garbage token', role: null, token: 'not-a-token' },
      { name: 'forged token', role: null, token: `${spso.accessToken.split('.').slice(0, 2).join('.')}.AAAA` },
      { name: 'student', role: 'student', token: student.accessToken },
      { name: 'another student', role: 'student', token: other.token },
      { name: 'staff', role: 'staff', token: staff.accessToken },
      { name: 'spso', role: 'spso', token: spso.accessToken },
    ];
  }

  /** What no refused request may change: every balance, the ledger, the paid payments. */
  async function moneyState(): Promise<string> {
    const row = await t.app.db.one<Record<string, string>>(
      `SELECT (SELECT coalesce(sum(balance), 0) FROM users)::text AS balances,
              (SELECT count(*) FROM page_ledger)::text AS entries,
              (SELECT coalesce(sum(delta), 0) FROM page_ledger)::text AS deltas,
              (SELECT count(*) FROM payments WHERE status = 'paid')::text AS paid`,
    );
    return JSON.stringify(row);
  }

  it('finds the routes in the served document (and the hidden ones), with who may call each', () => {
    expect(documented.length).toBeGreaterThan(10);
    const labels = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(labels).toEqual(
      expect.arrayContaining([
        'POST /v1/user/login',
        'GET /v1/student/filterLogs',
        'GET /v1/payments/vnpay/return',
        'GET /{*}',
      ]),
    );
    expect(operations.find((operation) => operation.path === '/v1/student/filterLogs')?.roles).toEqual(['student']);
  });

  it('the checks catch what they must (so that a green run means something)', () => {
    const route: Operation = { method: 'GET', path: '/x', roles: ['spso'], parameters: [], body: null };
    const student: Caller = { name: 'student', role: 'student', token: 'x' };
    const spso: Caller = { name: 'spso', role: 'spso', token: 'x' };
    const answer = (statusCode: number, json: unknown) => ({
      statusCode,
      json: <T>() => {
        if (json === undefined) throw new SyntaxError('not JSON');
        return json as T;
      },
    });
    const envelope = { success: false, message: 'Không tìm thấy dữ liệu', data: null, code: 'NOT_FOUND' };
    expect(problemsOf(route, spso, answer(404, envelope), 'a', 'a')).toEqual([]);
    expect(problemsOf(route, spso, answer(500, envelope), 'a', 'a')).toEqual(['answered 500']);
    expect(problemsOf(route, spso, answer(400, undefined), 'a', 'a')).toEqual(['an error answer that is not JSON']);
    expect(problemsOf(route, spso, answer(400, { error: 'Bad Request' }), 'a', 'a')).toEqual([
      'an error answer outside the envelope',
    ]);
    expect(problemsOf(route, spso, answer(400, { ...envelope, message: 'Not found' }), 'a', 'a')).toEqual([
      'an error message that is not Vietnamese',
    ]);
    expect(problemsOf(route, student, answer(200, {}), 'a', 'a')).toEqual(['a 200 for student']);
    expect(problemsOf(route, spso, answer(422, envelope), 'a', 'b')).toHaveLength(1);
    expect(problemsOf(route, spso, answer(200, {}), 'a', 'b')).toEqual([]);
  });

  it('no 5xx, the envelope on every error, no success for a caller not allowed, nothing charged by a refusal', async () => {
    const failures: string[] = [];
    for (const operation of operations) {
      const label = `${operation.method} ${operation.path}`;
      const callers = await signIn();
      const statuses: Record<string, number> = {};
      try {
        await fc.assert(
          fc.asyncProperty(inputFor(operation, callers, names, ids, files), async (input) => {
            const { payload, contentType } = payloadOf(input.body);
            const headers: Record<string, string> = {};
            if (input.caller.token) Object.assign(headers, bearer(input.caller.token));
            if (contentType) headers['content-type'] = contentType;
            const before = await moneyState();
            const response = await t.app.inject({
              method: operation.method as 'GET',
              url: urlOf(operation, input),
              headers,
              payload,
              remoteAddress: input.remoteAddress,
            });
            const after = await moneyState();
            const key = `${response.statusCode}`;
            statuses[key] = (statuses[key] ?? 0) + 1;
            const problems = problemsOf(operation, input.caller, response, before, after);
            if (problems.length > 0) {
              throw new Error(
                `${problems.join('; ')}\n  url: ${urlOf(operation, input)}\n  answer: ${response.body.slice(0, 300)}`,
              );
            }
          }),
          // one seed per route, from its name: adding a route does not change the cases of the others
          { seed: (SEED + hashOf(label)) | 0, numRuns: RUNS },
        );
        if (STATS) process.stdout.write(`${label}: ${JSON.stringify(statuses)}\n`);
      } catch (error) {
        // the counterexample and the reason, without fast-check's hints
        const lines = (error as Error).message.split('\n').filter((line) => line.trim() && !line.startsWith('Hint:'));
        const cause = (error as Error & { cause?: unknown }).cause;
        const reason = cause instanceof Error ? `\n  ${cause.message}` : '';
        failures.push(`${label}: ${lines.slice(0, 16).join('\n')}${reason}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
