import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * The school's OpenID Connect server in the tests: oidc-provider 9, in this process, on a port of
 * 127.0.0.1 with the issuer at the root of that port (a path prefix breaks its endpoint URLs without a
 * Koa mount). Its development login form signs in any account id typed as the login; the claims are
 * the test's (`accounts`). PKCE is required of every client, and the authorization code lives 60 s.
 * The portal's address may come after the start (the browser journeys start the portal, on a port of
 * its own, once the issuer is known): the provider is made at its first request.
 */

export const OIDC_CLIENT = { id: 'smart-printing', secret: 'test-client-secret-0123456789abcdef' };

export class OidcTestServer {
  /** Account id (typed at the login form) → the claims the provider tells about it. */
  readonly accounts = new Map<string, Record<string, unknown>>();
  issuer = '';
  private server: http.Server | null = null;
  private handler: ReturnType<Provider['callback']> | null = null;

  /** `portalUrl`: the portal whose callback and landing page the client may return to (set before the first sign-in). */
  constructor(public portalUrl = '') {}

  async start(): Promise<this> {
    const server = http.createServer((request, response) => {
      if (!this.portalUrl) {
        response.writeHead(503).end('OidcTestServer: no portal URL yet');
        return;
      }
      this.handler ??= this.provider().callback();
      this.handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    this.server = server;
    return this;
  }

  private provider(): Provider {
    return new Provider(this.issuer, {
      clients: [
        {
          client_id: OIDC_CLIENT.id,
          client_secret: OIDC_CLIENT.secret,
          redirect_uris: [`${this.portalUrl}/v1/auth/oidc/callback`],
          post_logout_redirect_uris: [`${this.portalUrl}/`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      pkce: { required: () => true },
      claims: {
        openid: ['sub'],
        email: ['email', 'email_verified'],
        profile: ['given_name', 'family_name', 'preferred_username', 'role', 'groups'],
      },
      findAccount: (_ctx: unknown, sub: string) => {
        const claims = this.accounts.get(sub);
        return claims ? { accountId: sub, claims: () => ({ sub, ...claims }) } : undefined;
      },
      cookies: { keys: ['oidc-test-cookie-key'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    });
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
