import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { dateProblem } from '../lib/dates';
import { AppError } from '../lib/errors';
import { DEFAULT_MAX_TEXT, textProblem } from '../lib/input';

/** Values of a date filter that mean "no filter" (the portal sends them; printing.service ignores them). */
const NO_DATE_FILTER = new Set(['', 'all', 'null', 'undefined']);

/** The keyword the hardening adds to every string schema: lib/input's text rule (the length is maxLength's). */
export const SAFE_TEXT_KEYWORD = 'x-safe-text';
/** A string schema with `'x-multiline': true` accepts tab, line feed and carriage return. */
export const MULTILINE_KEYWORD = 'x-multiline';

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({
    useDefaults: true,
    removeAdditional: true,
    allErrors: false,
    // OpenAPI annotations ('example', 'x-...') are not validation keywords
    strict: false,
    ...options,
  });
  addFormats(ajv);
  // a date filter: a day that exists, in the years PostgreSQL and the portal can hold (lib/dates)
  ajv.addFormat('date-filter', {
    type: 'string',
    validate: (value: string) => NO_DATE_FILTER.has(value.trim().toLowerCase()) || dateProblem(value.trim()) === null,
  });
  ajv.addKeyword({
    keyword: SAFE_TEXT_KEYWORD,
    type: 'string',
    schemaType: 'string',
    errors: false,
    // the length is checked by maxLength (a default is added below); this is the characters only
    validate: (mode: string, value: string) =>
      textProblem(value, { maxLength: Number.POSITIVE_INFINITY, multiline: mode === 'multiline' }) === null,
  });
  return ajv;
}

/** Keys whose values are data, not subschemas: never rewritten. */
const DATA_KEYS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required', 'description', 'title']);

const typesOf = (node: Record<string, unknown>): unknown[] =>
  Array.isArray(node.type) ? (node.type as unknown[]) : [node.type];

/**
 * A copy of a request schema with the bounds every field must have, so that no route has to opt in:
 * every string gets the text rule (no control character, no lone surrogate) and a maximum length
 * (DEFAULT_MAX_TEXT when the schema names none); every number and integer a finite range within
 * ±Number.MAX_SAFE_INTEGER (`page=1e309` is Infinity after coercion, an integer to ajv's coercion).
 * The served OpenAPI document keeps the original schemas.
 */
export function hardenSchema<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map((item: unknown) => hardenSchema(item)) as T;
  if (schema === null || typeof schema !== 'object') return schema;
  const source = schema as Record<string, unknown>;
  const node: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    node[key] = DATA_KEYS.has(key) ? value : hardenSchema(value);
  }
  const types = typesOf(node);
  if (types.includes('string')) {
    if (node.maxLength === undefined && node.enum === undefined && node.const === undefined) {
      node.maxLength = DEFAULT_MAX_TEXT;
    }
    if (node[SAFE_TEXT_KEYWORD] === undefined) node[SAFE_TEXT_KEYWORD] = node[MULTILINE_KEYWORD] ? 'multiline' : 'line';
  }
  if (types.includes('integer') || types.includes('number')) {
    const ceiling = Number.MAX_SAFE_INTEGER;
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) node.maximum = ceiling;
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) node.minimum = -ceiling;
  }
  return node as T;
}

/** The parameter of the query string or path a client sent twice, or with a text the rule refuses. */
function checkParts(query: unknown, params: unknown, arrays: ReadonlySet<string>): void {
  // for…in over own keys, not Object.entries: this runs on every request (issue 22)
  if (query && typeof query === 'object') {
    const values = query as Record<string, unknown>;
    for (const name in values) {
      if (!Object.hasOwn(values, name)) continue;
      const value = values[name];
      if (typeof value === 'string') {
        const problem = textProblem(value);
        if (problem) throw new AppError(400, 'VALIDATION_FAILED', `Tham số "${name}" ${problem}`);
        continue;
      }
      // fast-querystring turns `?status=1&status=0` into an array: the route reads one value
      if (Array.isArray(value) && !arrays.has(name)) {
        throw new AppError(400, 'VALIDATION_FAILED', `Tham số "${name}" chỉ được gửi một lần`);
      }
      for (const item of Array.isArray(value) ? value : [value]) {
        const problem = typeof item === 'string' ? textProblem(item) : null;
        if (problem) throw new AppError(400, 'VALIDATION_FAILED', `Tham số "${name}" ${problem}`);
      }
    }
  }
  if (params && typeof params === 'object') {
    const values = params as Record<string, unknown>;
    for (const name in values) {
      if (!Object.hasOwn(values, name)) continue;
      const value = values[name];
      const problem = typeof value === 'string' ? textProblem(value) : null;
      if (problem) throw new AppError(400, 'VALIDATION_FAILED', `Tham số đường dẫn "${name}" ${problem}`);
    }
  }
}

/** Query parameters the route declares as arrays (the only ones that may be repeated). */
function arrayParameters(schema: FastifySchema | undefined): ReadonlySet<string> {
  const querystring = schema?.querystring as { properties?: Record<string, { type?: unknown }> } | undefined;
  const names = Object.entries(querystring?.properties ?? {})
    .filter(([, property]) => typesOf(property as Record<string, unknown>).includes('array'))
    .map(([name]) => name);
  return new Set(names);
}

/**
 * Bodies are validated strictly (a number is not a string: wrong types answer 400), while query
 * strings, path parameters and headers are text on the wire and are coerced to the declared types.
 * Every schema is hardened first (hardenSchema), and every route, with a schema or without, refuses
 * a query parameter given twice and a query or path text with a control character or a lone
 * surrogate, unless it says it answers those in its own contract (`config.ownInputRules`). Call before any route is added. Request schemas must be self-contained (no $ref to
 * app.addSchema).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(hardenSchema(schema as FastifySchema & object));
  });
  const arraysByRoute = new WeakMap<object, ReadonlySet<string>>();
  // a callback hook (nothing here awaits: an async one costs a promise per request); a refusal is thrown
  // and Fastify's hook runner answers it as a rejection
  app.addHook('preValidation', (request, _reply, done) => {
    // read once: Fastify builds a new routeOptions object on every read
    const { config, schema } = request.routeOptions;
    if (config.ownInputRules) return done();
    const key = config as object;
    let arrays = arraysByRoute.get(key);
    if (!arrays) {
      arrays = arrayParameters(schema);
      arraysByRoute.set(key, arrays);
    }
    checkParts(request.query, request.params, arrays);
    done();
  });
}
