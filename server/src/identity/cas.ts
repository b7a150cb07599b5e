import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A small CAS client (protocol 2.0 and 3.0): the login redirect and the service ticket's validation.
 * The Node CAS clients are stale, and the protocol is three URLs and one XML answer:
 * https://apereo.github.io/cas/7.2.x/protocol/CAS-Protocol-Specification.html
 */

/** What the CAS server said about a ticket. Attribute values are always lists (CAS repeats an element for each). */
export type CasValidation =
  | { ok: true; user: string; attributes: Record<string, string[]> }
  /** authenticationFailure: INVALID_TICKET, INVALID_SERVICE, INVALID_REQUEST... with the server's text (for logs only). */
  | { ok: false; reason: 'refused'; code: string; detail: string }
  /** Not a CAS answer: not XML, or XML without a success or a failure. */
  | { ok: false; reason: 'malformed'; detail: string }
  /** No answer in time, the connection failed, or an HTTP error status. */
  | { ok: false; reason: 'unavailable'; detail: string };

export interface CasClientOptions {
  /** The server's base, e.g. https://sso.hcmut.edu.vn/cas (no trailing slash). */
  url: string;
  /** '/serviceValidate' (2.0 and 3.0 servers) or '/p3/serviceValidate'. */
  validatePath: string;
  timeoutMs: number;
  /** Tests replace the network. */
  fetch?: typeof fetch;
}

/** The longest validation answer read: a CAS answer is a few hundred bytes, attributes included. */
const MAX_ANSWER_BYTES = 64 * 1024;

const parser = new XMLParser({
  // cas:serviceResponse → serviceResponse: servers differ in the prefix they declare for the namespace
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // texts stay texts: a student code 0210001 keeps its leading zero
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // an attribute's element may repeat (memberOf): every child of <attributes> is read as a list
  isArray: (_name, jpath) => /\.attributes\.[^.]+$/.test(String(jpath)),
  processEntities: true,
  htmlEntities: false,
});

export function createCasClient(options: CasClientOptions) {
  const doFetch = options.fetch ?? fetch;

  return {
    /** Where the browser goes to sign in; the server comes back to `service` with `?ticket=`. */
    loginUrl(service: string): string {
      return `${options.url}/login?${new URLSearchParams({ service }).toString()}`;
    },

    /** The server's logout, coming back to `returnTo` when the server allows it (CAS 3: `service`). */
    logoutUrl(returnTo: string): string {
      return `${options.url}/logout?${new URLSearchParams({ service: returnTo }).toString()}`;
    },

    /** Asks the server about a ticket, with exactly the service URL the login was sent with. */
    async validate(ticket: string, service: string): Promise<CasValidation> {
      const url = `${options.url}${options.validatePath}?${new URLSearchParams({ service, ticket }).toString()}`;
      let text: string;
      try {
        const response = await doFetch(url, {
          headers: { accept: 'application/xml, text/xml' },
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) return { ok: false, reason: 'unavailable', detail: `HTTP ${response.status}` };
        text = await readLimited(response, MAX_ANSWER_BYTES);
      } catch (error) {
        return { ok: false, reason: 'unavailable', detail: (error as Error).message };
      }
      return parseCasAnswer(text);
    },
  };
}

export type CasClient = ReturnType<typeof createCasClient>;

/** Reads a body up to `limit` bytes; a longer one is cut there (and so fails to parse). */
async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    text += decoder.decode(value, { stream: true });
    if (size > limit) {
      await reader.cancel();
      break;
    }
  }
  return text + decoder.decode();
}

type XmlNode = Record<string, unknown>;

const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An element's text: a bare string, or `#text` when the element also has XML attributes. */
function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return null;
}

/** Reads a serviceValidate answer (CAS 2.0 or 3.0). Exported for its tests. */
export function parseCasAnswer(xml: string): CasValidation {
  // a CAS answer never declares a DTD; refusing one keeps entity expansion out of the parser
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return { ok: false, reason: 'malformed', detail: 'DTD in answer' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, reason: 'malformed', detail: valid.err.msg };
  let root: unknown;
  try {
    root = parser.parse(xml);
  } catch (error) {
    return { ok: false, reason: 'malformed', detail: (error as Error).message };
  }
  const answer = isNode(root) ? root.serviceResponse : undefined;
  if (!isNode(answer)) return { ok: false, reason: 'malformed', detail: 'no serviceResponse' };

  const failure = answer.authenticationFailure;
  if (failure !== undefined) {
    const code = isNode(failure) && typeof failure['@_code'] === 'string' ? failure['@_code'] : 'UNKNOWN';
    return { ok: false, reason: 'refused', code, detail: textOf(failure) ?? '' };
  }
  const success = answer.authenticationSuccess;
  if (!isNode(success)) return { ok: false, reason: 'malformed', detail: 'neither success nor failure' };
  const user = textOf(success.user);
  if (!user) return { ok: false, reason: 'malformed', detail: 'success without a user' };

  const attributes: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  if (isNode(success.attributes)) {
    for (const [name, values] of Object.entries(success.attributes)) {
      if (name.startsWith('@_')) continue;
      const texts = (Array.isArray(values) ? values : [values])
        .map(textOf)
        .filter((text): text is string => text !== null && text !== '');
      if (texts.length > 0) attributes[name] = texts;
    }
  }
  return { ok: true, user, attributes };
}
