import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';

/**
 * A small CAS 3.0 server for the tests, at http://127.0.0.1:<port>/cas. /login is the school's login
 * page: a person of `accounts` signs in with their password and the browser goes back to the service
 * with a ticket (and keeps a single sign-on cookie, so the next /login goes straight back, until
 * /logout); a test may skip the page with `signInAs` (someone already signed in at the school).
 * /serviceValidate and /p3/serviceValidate answer the protocol's success (with attributes) or failure
 * XML, each ticket once and only for the service it was issued to; /logout ends the single sign-on and
 * follows `service`. `mode` makes the validation misbehave: an answer that is not CAS XML, an HTTP
 * error, or no answer at all (the timeout test).
 */

export type CasMode = 'normal' | 'malformed' | 'http-error' | 'hang';

export interface CasPerson {
  user: string;
  /** Attribute name → values (one element per value, as CAS servers send them). */
  attributes: Record<string, string | string[]>;
}

export interface CasValidationSeen {
  path: string;
  service: string;
  ticket: string;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function casSuccessXml(person: CasPerson): string {
  const attributes = Object.entries(person.attributes)
    .flatMap(([name, values]) => [values].flat().map((value) => `      <cas:${name}>${escapeXml(value)}</cas:${name}>`))
    .join('\n');
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${escapeXml(person.user)}</cas:user>
    <cas:attributes>
      <cas:authenticationDate>2026-11-30T08:00:00Z</cas:authenticationDate>
${attributes}
    </cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;
}

/** The login page, in the school's language (Vietnamese), with the error of a refused attempt. */
function loginPageHtml(service: string, username = '', error = ''): string {
  return `<!doctype html>
<html lang="vi">
<head><meta charset="utf-8"><title>CAS của trường</title></head>
<body>
<main>
  <h1>Đăng nhập CAS của trường</h1>
  ${error ? `<p role="alert">${escapeXml(error)}</p>` : ''}
  <form method="post" action="login?service=${escapeXml(encodeURIComponent(service))}">
    <label for="username">Tên tài khoản</label>
    <input id="username" name="username" autocomplete="username" value="${escapeXml(username)}">
    <label for="password">Mật khẩu</label>
    <input id="password" name="password" type="password" autocomplete="current-password">
    <button type="submit">Đăng nhập</button>
  </form>
</main>
</body>
</html>`;
}

export function casFailureXml(code: string, text: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>
</cas:serviceResponse>`;
}

/** The single sign-on cookie (CAS's ticket-granting cookie), on the server's /cas path. */
const SSO_COOKIE = 'CASTGC';

const NOBODY: CasPerson = { user: 'nobody', attributes: {} };

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

export class CasTestServer {
  mode: CasMode = 'normal';
  /** Who is signed in at the school already (`signInAs`): /login sends them straight back; null = the login page. */
  person: CasPerson | null = null;
  /** Who the login page knows: user name → password and identity. */
  readonly accounts = new Map<string, { password: string; person: CasPerson }>();
  /** Every validation request, in order. */
  readonly validations: CasValidationSeen[] = [];
  private readonly tickets = new Map<string, { service: string; person: CasPerson }>();
  private readonly hanging = new Set<() => void>();
  /** Single sign-on sessions of the login page: cookie value → who signed in. */
  private readonly sessions = new Map<string, CasPerson>();
  private app: FastifyInstance | null = null;
  url = '';

  signInAs(person: CasPerson): void {
    this.person = person;
  }

  /** A ticket for `service` without the browser's trip (client tests). */
  issueTicket(service: string, person: CasPerson = this.person ?? NOBODY): string {
    const ticket = `ST-${crypto.randomBytes(12).toString('hex')}`;
    this.tickets.set(ticket, { service, person });
    return ticket;
  }

  async start(): Promise<this> {
    // a test double: closing drops every connection, a hanging validation's included
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, text, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(text))));
    });
    const backWithTicket = (reply: FastifyReply, service: string, person: CasPerson) => {
      const ticket = this.issueTicket(service, person);
      return reply.redirect(`${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}`, 302);
    };
    app.get<{ Querystring: { service?: string } }>('/cas/login', async (request, reply) => {
      const service = request.query.service;
      if (!service) return reply.code(400).send('service required');
      const signedIn = this.person ?? this.sessions.get(cookieValue(request.headers.cookie, SSO_COOKIE) ?? '');
      if (signedIn) return backWithTicket(reply, service, signedIn);
      return reply.type('text/html; charset=utf-8').send(loginPageHtml(service));
    });
    app.post<{ Querystring: { service?: string }; Body: { username?: string; password?: string } }>(
      '/cas/login',
      async (request, reply) => {
        const service = request.query.service;
        if (!service) return reply.code(400).send('service required');
        const { username = '', password = '' } = request.body ?? {};
        const account = this.accounts.get(username);
        if (!account || account.password !== password) {
          const page = loginPageHtml(service, username, 'Tên tài khoản hoặc mật khẩu không đúng.');
          return reply.code(401).type('text/html; charset=utf-8').send(page);
        }
        const session = crypto.randomBytes(16).toString('hex');
        this.sessions.set(session, account.person);
        reply.header('set-cookie', `${SSO_COOKIE}=${session}; Path=/cas; HttpOnly; SameSite=Lax`);
        return backWithTicket(reply, service, account.person);
      },
    );
    app.get<{ Querystring: { service?: string } }>('/cas/logout', async (request, reply) => {
      this.sessions.delete(cookieValue(request.headers.cookie, SSO_COOKIE) ?? '');
      reply.header('set-cookie', `${SSO_COOKIE}=; Path=/cas; Max-Age=0`);
      // CAS 3.0: with `service`, the browser may be sent on there after the logout
      const service = request.query.service;
      if (service) return reply.redirect(service, 302);
      return reply.type('text/html; charset=utf-8').send('<!doctype html><title>CAS</title><p>Bạn đã đăng xuất.</p>');
    });
    for (const path of ['/cas/serviceValidate', '/cas/p3/serviceValidate']) {
      app.get<{ Querystring: { service?: string; ticket?: string } }>(path, async (request, reply) => {
        const { service = '', ticket = '' } = request.query;
        this.validations.push({ path, service, ticket });
        if (this.mode === 'hang') {
          await new Promise<void>((resolve) => this.hanging.add(resolve));
          return reply.code(503).send('closing');
        }
        if (this.mode === 'http-error') return reply.code(500).type('text/html').send('<h1>Internal error</h1>');
        if (this.mode === 'malformed') {
          return reply.type('application/xml').send('<cas:serviceResponse><cas:authenticationSuccess><cas:user>');
        }
        reply.type('application/xml; charset=UTF-8');
        const issued = this.tickets.get(ticket);
        if (!issued) return casFailureXml('INVALID_TICKET', `Ticket ${ticket} not recognized`);
        // a service ticket is good for one validation, whatever its outcome
        this.tickets.delete(ticket);
        if (issued.service !== service) {
          return casFailureXml('INVALID_SERVICE', `Ticket ${ticket} does not match supplied service`);
        }
        return casSuccessXml(issued.person);
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('CAS test server has no port');
    this.app = app;
    this.url = `http://127.0.0.1:${address.port}/cas`;
    return this;
  }

  async close(): Promise<void> {
    for (const release of this.hanging) release();
    this.hanging.clear();
    await this.app?.close();
  }
}
