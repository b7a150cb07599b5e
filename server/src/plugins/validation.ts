import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

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
  return ajv;
}

/**
 * Bodies are validated strictly (a number is not a string: wrong types answer 400), while query
 * strings, path parameters and headers are text on the wire and are coerced to the declared types.
 * Call before any route is added. Request schemas must be self-contained (no $ref to app.addSchema).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = makeAjv({ coerceTypes: false });
  const coercing = makeAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? strict : coercing;
    return ajv.compile(schema as FastifySchema & object);
  });
}
