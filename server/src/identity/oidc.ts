import * as client from 'openid-client';

/**
 * The OpenID Connect relying party (openid-client 6): authorization code with PKCE (S256), state and
 * nonce. The provider's metadata is discovered on first use and kept; a failed discovery is tried again
 * on the next sign-in.
 */

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Each request to the provider (discovery, token, userinfo) gives up after this long. */
  timeoutMs: number;
  /** Plain http issuers (tests, a laboratory); production refuses them in the configuration. */
  allowHttp: boolean;
}

/** The secrets of one sign-in, kept server side between the redirect and the callback. */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type OidcOutcome =
  | { ok: true; claims: Record<string, unknown> }
  /** The person declined at the provider (error=access_denied). */
  | { ok: false; reason: 'cancelled'; detail: string }
  /** The answer failed a check (state, nonce, PKCE, signature, a replayed or expired code) or the provider refused. */
  | { ok: false; reason: 'refused'; detail: string }
  /** The provider did not answer (in time). */
  | { ok: false; reason: 'unavailable'; detail: string };

/** Fresh state, nonce and PKCE verifier for one sign-in. */
export function newOidcChecks(): OidcChecks {
  return {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
}

/** Network trouble (fetch failed, a timeout) as opposed to an answer we refuse. */
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return true;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) return true;
  // openid-client wraps the network's error as the cause of its own
  return error.cause !== undefined && error.cause !== error && isUnavailable(error.cause);
}

export function createOidcClient(options: OidcClientOptions) {
  const seconds = Math.max(1, Math.ceil(options.timeoutMs / 1000));
  const execute = options.allowHttp ? [client.allowInsecureRequests] : [];
  let configuration: Promise<client.Configuration> | null = null;

  async function discover(): Promise<client.Configuration> {
    const discovered = await client.discovery(new URL(options.issuer), options.clientId, undefined, undefined, {
      execute,
      timeout: seconds,
    });
    const metadata = discovered.serverMetadata();
    // client_secret_basic is the registration default (OIDC Dynamic Registration §2); post only when it is all the provider takes
    const methods = metadata.token_endpoint_auth_methods_supported;
    const auth =
      methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
        ? client.ClientSecretPost(options.clientSecret)
        : client.ClientSecretBasic(options.clientSecret);
    const config = new client.Configuration(metadata, options.clientId, options.clientSecret, auth);
    config.timeout = seconds;
    for (const extension of execute) extension(config);
    return config;
  }

  function getConfiguration(): Promise<client.Configuration> {
    configuration ??= discover().catch((error: unknown) => {
      configuration = null;
      throw error;
    });
    return configuration;
  }

  return {
    /** Where the browser goes to sign in; the provider comes back to `redirectUri` with code and state. */
    async authorizationUrl(redirectUri: string, checks: OidcChecks): Promise<string> {
      const config = await getConfiguration();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    /**
     * Completes a sign-in from the callback's URL (as the provider sent it, on the redirect URI): checks
     * state, exchanges the code with the PKCE verifier, checks the ID token (signature, issuer, audience,
     * nonce), then reads userinfo, whose claims complete the ID token's.
     */
    async complete(callbackUrl: URL, checks: OidcChecks): Promise<OidcOutcome> {
      try {
        const config = await getConfiguration();
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) return { ok: false, reason: 'refused', detail: 'no ID token' };
        let claims: Record<string, unknown> = { ...idClaims };
        if (config.serverMetadata().userinfo_endpoint) {
          const userinfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          // the ID token's claims were checked; userinfo (same subject, checked) only adds the missing ones
          claims = { ...userinfo, ...claims };
        }
        return { ok: true, claims };
      } catch (error) {
        const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
          return { ok: false, reason: 'cancelled', detail };
        }
        if (isUnavailable(error)) return { ok: false, reason: 'unavailable', detail };
        return { ok: false, reason: 'refused', detail };
      }
    },

    /** The provider's end-session URL coming back to `returnTo`, or null when it has none (or is away). */
    async endSessionUrl(returnTo: string): Promise<string | null> {
      try {
        const config = await getConfiguration();
        if (!config.serverMetadata().end_session_endpoint) return null;
        return client.buildEndSessionUrl(config, { post_logout_redirect_uri: returnTo, client_id: options.clientId })
          .href;
      } catch {
        return null;
      }
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
