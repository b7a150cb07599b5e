import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/** Browser features the portal never uses: a script injected anywhere cannot ask for them either. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * What answers that bypass Fastify carry (socket.io's polling transport, Node's own 431/400): they are data,
 * never a page, so the strictest policy fits.
 */
export const BARE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/**
 * What the API's answers (`/v1/…`) carry: they are JSON data or a file, never a page the portal draws, so the
 * strict policy OWASP's REST Security Cheat Sheet lists for APIs (a deny-all CSP with framing refused, nosniff,
 * X-Frame-Options, no referrer), the resource policy that keeps another origin from loading them (Spectre), and
 * HSTS over https. The headers that only act on a page (COOP, Origin-Agent-Cluster, DNS prefetch, the old IE and
 * Flash ones, Permissions-Policy) stay on the portal's files: on an API answer they were ~600 bytes of every
 * answer for nothing (a third of the headers of the printer list, issue 22).
 */
export function apiAnswerHeaders(pageHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = { ...BARE_ANSWER_HEADERS, 'x-frame-options': 'DENY' };
  for (const name of ['cross-origin-resource-policy', 'strict-transport-security']) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** The origins of the remotes configured with an absolute URL (a relative one is this server: 'self'). */
export function remoteOrigins(remoteUrls: AppConfig['remoteUrls']): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(remoteUrls)) {
    if (!/^https?:\/\//i.test(url)) continue;
    try {
      origins.add(new URL(url).origin);
    } catch {
      // config.ts accepts the value as given; a URL that does not parse adds no origin (and the remote fails to load)
    }
  }
  return [...origins];
}

/**
 * The portal's Content-Security-Policy. Scripts only from this server and the remotes' origins: no
 * 'unsafe-inline', no 'unsafe-eval' (production bundles have no eval devtool, index.html no inline script).
 * Styles allow 'unsafe-inline': antd's CSS-in-JS inserts <style> elements at run time and the guide pages
 * carry inline CSS; a style cannot run code, and a nonce would have to reach every remote's own antd.
 * connect-src 'self' also covers the socket: CSP 3 matches ws:/wss: on the same host for 'self'.
 * manifest-src and worker-src are this server only (not the remotes' origins that script-src allows).
 */
export function cspDirectives(config: Pick<AppConfig, 'remoteUrls' | 'publicUrl'>): Record<string, string[]> {
  const remotes = remoteOrigins(config.remoteUrls);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    // a remote's dev server also opens its live-reload socket: its ws(s) origin, which http(s) does not cover
    'connect-src': ["'self'", ...remotes, ...remotes.map((origin) => origin.replace(/^http/, 'ws'))],
    'object-src': ["'none'"],
    // the installable portal (issue 21): its manifest and its service worker (/sw.js, pushes only) are
    // this server's files, never a remote's
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'base-uri': ["'self'"],
    // the payment gateways are reached by navigation (a redirect), not by a form post
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (isHttps(config.publicUrl)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

function isHttps(publicUrl: string | null): boolean {
  return publicUrl !== null && publicUrl.toLowerCase().startsWith('https://');
}

/**
 * The headers helmet writes for these options, worked out once: they are the same for every answer, and
 * helmet builds its middleware (and parses the whole policy) again on every request when run per request
 * (@fastify/helmet did: ~9 % of the server's time on the printer list, issue 22).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  // helmet's middleware only sets and removes headers: a request and a response of that shape are enough
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/** helmet's options for this server. */
export function helmetOptions(config: Pick<AppConfig, 'remoteUrls' | 'publicUrl' | 'corsOrigins'>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // a page of another origin cannot embed or read ours; remotes on another origin are scripts (no-cors)
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS over plain http is ignored by browsers and would pin a wrong promise on a test host
    strictTransportSecurity: isHttps(config.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/** Where the API's answers live (API.md): every other path is the portal's (its files, /healthz, /docs). */
const API_PREFIX = '/v1/';

/** The server's health probe: a portal path (the page's headers), never kept by a cache. */
const HEALTH_PREFIX = '/healthz';

/**
 * API answers are per user and change all the time: no browser or proxy may keep one (OWASP's REST cheat sheet
 * lists it with the security headers). A cached 410 (heuristically cacheable) would otherwise answer the replay
 * that follows a token refresh. Answers the same for everyone set their own (lib/ready-bytes.ts: revalidated by
 * ETag on every use); an error never keeps one (plugins/errors.ts).
 */
export const NO_STORE = { 'cache-control': 'no-store' } as const;

/**
 * Security headers on every answer that goes through Fastify (API, portal files, 404s, errors): on the portal's,
 * helmet's, worked out once at start, plus a Permissions-Policy (helmet does not set one); on the API's, the
 * strict set of apiAnswerHeaders, and no-store on the API's and the health probe's. /docs keeps swagger-ui's own
 * CSP, the one it is tested with (set later, in its onSend, so it replaces this one there). socket.io's polling
 * answers (engine.io answers them before Fastify) get BARE_ANSWER_HEADERS from a listener on the HTTP server.
 * Set when the request comes in, in one hook: an onSend hook for the cache header alone cost every answer a
 * second pass over its headers (issue 22).
 */
export default fp(
  async (app) => {
    const pageHeaders = { ...helmetHeaders(helmetOptions(app.appConfig)), 'permissions-policy': PERMISSIONS_POLICY };
    const apiHeaders = { ...apiAnswerHeaders(pageHeaders), ...NO_STORE };
    const healthHeaders = { ...pageHeaders, ...NO_STORE };
    // a callback hook: nothing here awaits, and an async hook costs a promise on every request
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      reply.headers(
        url.startsWith(API_PREFIX) ? apiHeaders : url.startsWith(HEALTH_PREFIX) ? healthHeaders : pageHeaders,
      );
      done();
    });
    // First of the server's request listeners, added once every plugin is in (engine.io replaces the listeners
    // present when it attaches): runs before engine.io's, which answers /socket.io/ itself; the headers set
    // here merge into whatever it writes.
    app.addHook('onReady', async () => {
      app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
        if (!request.url?.startsWith('/socket.io/')) return;
        for (const [name, value] of Object.entries(BARE_ANSWER_HEADERS)) response.setHeader(name, value);
      });
    });
  },
  { name: 'security-headers' },
);
