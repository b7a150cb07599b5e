/**
 * The little of oidc-provider 9 the tests use (it ships no types; @types/oidc-provider is not needed for
 * a test server).
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  /** The provider's configuration: plain objects as the documentation shows them. */
  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    /** Koa's request handler (Provider extends Koa). */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
