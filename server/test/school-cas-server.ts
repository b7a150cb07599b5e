import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A small CAS 3.0 server for the tests, at http://127.0.0.1:<port>/cas: /login signs in whoever the
 * test chose (`signInAs`) and sends the browser back to the service with a ticket; /serviceValidate and
 * /p3/serviceValidate answer the protocol's success (with attributes) or failure XML, each ticket once
 * and only for the service it was issued to. `mode` makes the validation misbehave: an answer that is
 * not CAS XML, an HTTP error, or no answer at all (the timeout test).
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

export function casFailureXml(code: string, text: string): string {
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="${code}">${escapeXml(text)}</cas:authenticationFailure>
</cas:serviceResponse>`;
}

export class CasTestServer {
  mode: CasMode = 'normal';
  /** Who /login signs in next. */
  person: CasPerson = { user: 'nobody', attributes: {} };
  /** Every validation request, in order. */
  readonly validations: CasValidationSeen[] = [];
  private readonly tickets = new Map<string, { service: string; person: CasPerson }>();
  private readonly hanging = new Set<() => void>();
  private app: FastifyInstance | null = null;
  url = '';

  signInAs(person: CasPerson): void {
    this.person = person;
  }

  /** A ticket for `service` without the browser's trip (client tests). */
  issueTicket(service: string, person: CasPerson = this.person): string {
    const ticket = `ST-${crypto.randomBytes(12).toString('hex')}`;
    this.tickets.set(ticket, { service, person });
    return ticket;
  }

  async start(): Promise<this> {
    // a test double: closing drops every connection, a hanging validation's included
    const app = Fastify({ logger: false, forceCloseConnections: true });
    app.get<{ Querystring: { service?: string } }>('/cas/login', async (request, reply) => {
      const service = request.query.service;
      if (!service) return reply.code(400).send('service required');
      const ticket = this.issueTicket(service);
      return reply.redirect(`${service}${service.includes('?') ? '&' : '?'}ticket=${ticket}`, 302);
    });
    app.get('/cas/logout', async () => 'logged out');
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
