import type { FastifyInstance } from 'fastify';

/**
 * A browser for the school sign-in tests: follows redirects one by one, keeps cookies per origin, and
 * reaches the portal (PORTAL) through app.inject and the school's servers over the network with fetch.
 * Each step is recorded so a test can look at any of them.
 */

export const PORTAL = 'http://portal.test';

/** The portal's pages (`/#/…`): where a browser stops following and the shell takes over. */
export const isPortalPage = (location: string) => location.startsWith(`${PORTAL}/#/`);

export interface Step {
  url: string;
  status: number;
  location: string | null;
  body: string;
}

interface Cookie {
  value: string;
}

function parseSetCookie(line: string): { name: string; value: string; remove: boolean } | null {
  const [pair, ...attributes] = line.split(';');
  const at = pair?.indexOf('=') ?? -1;
  if (!pair || at < 1) return null;
  const name = pair.slice(0, at).trim();
  const value = pair.slice(at + 1).trim();
  let remove = value === '';
  for (const attribute of attributes) {
    const [key = '', raw = ''] = attribute.split('=');
    const lower = key.trim().toLowerCase();
    if (lower === 'max-age' && Number(raw) <= 0) remove = true;
    if (lower === 'expires' && Date.parse(raw) < Date.now()) remove = true;
  }
  return { name, value, remove };
}

export class TestBrowser {
  private readonly jar = new Map<string, Map<string, Cookie>>();
  readonly steps: Step[] = [];

  constructor(private readonly app: FastifyInstance) {}

  /** The cookies this browser holds for an origin, as a Cookie header. */
  cookieHeader(url: string): string {
    const cookies = this.jar.get(new URL(url).origin);
    return cookies ? [...cookies].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ') : '';
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).origin)?.get(name)?.value;
  }

  /** Forgets the cookies of an origin (another browser, or one that lost them). */
  clearCookies(url: string): void {
    this.jar.delete(new URL(url).origin);
  }

  private keep(url: string, lines: string[]): void {
    const origin = new URL(url).origin;
    const cookies = this.jar.get(origin) ?? new Map<string, Cookie>();
    this.jar.set(origin, cookies);
    for (const line of lines) {
      const parsed = parseSetCookie(line);
      if (!parsed) continue;
      if (parsed.remove) cookies.delete(parsed.name);
      else cookies.set(parsed.name, { value: parsed.value });
    }
  }

  /** One request, no redirect followed. */
  async request(method: 'GET' | 'POST', url: string, form?: Record<string, string>): Promise<Step> {
    const cookie = this.cookieHeader(url);
    let step: Step;
    if (url.startsWith(PORTAL)) {
      const target = new URL(url);
      const response = await this.app.inject({
        method,
        url: `${target.pathname}${target.search}`,
        headers: cookie ? { cookie } : {},
        ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
      });
      this.keep(url, [response.headers['set-cookie'] ?? []].flat());
      const location = response.headers.location;
      step = {
        url,
        status: response.statusCode,
        location: typeof location === 'string' ? location : null,
        body: response.body,
      };
    } else {
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      this.keep(url, response.headers.getSetCookie());
      const location = response.headers.get('location');
      step = {
        url,
        status: response.status,
        location: location === null ? null : new URL(location, url).href,
        body: await response.text(),
      };
    }
    this.steps.push(step);
    return step;
  }

  /**
   * Follows redirects from `url` until a page that is not a redirect, or until the next location passes
   * `until` (by default the portal's page `/#/…`, which a browser hands to the shell): the step that
   * redirects there is returned, its location not visited.
   */
  async follow(
    url: string,
    method: 'GET' | 'POST' = 'GET',
    form?: Record<string, string>,
    until: (location: string) => boolean = isPortalPage,
  ): Promise<Step> {
    let step = await this.request(method, url, form);
    for (let hops = 0; step.location && hops < 20; hops += 1) {
      if (until(step.location)) return step;
      step = await this.request('GET', step.location);
    }
    return step;
  }

  /** Submits the first form of a page: its hidden inputs plus `fields`; follows as `follow` does. */
  async submitForm(
    page: Step,
    fields: Record<string, string> = {},
    until: (location: string) => boolean = isPortalPage,
  ): Promise<Step> {
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(page.body);
    if (!form?.[1]) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
    const values: Record<string, string> = {};
    for (const input of (form[2] ?? '').matchAll(/<input[^>]*>/gi)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
      if (name) values[name] = value;
    }
    return this.follow(new URL(form[1].replace(/&amp;/g, '&'), page.url).href, 'POST', { ...values, ...fields }, until);
  }
}

/** The one-time code or the error key of the login page's URL (`/#/Login?code=…`). */
export function loginPageParams(location: string | null): { code: string | null; error: string | null } {
  if (!location?.startsWith(`${PORTAL}/#/Login?`)) throw new Error(`not the login page: ${location}`);
  const params = new URLSearchParams(location.slice(location.indexOf('?') + 1));
  return { code: params.get('code'), error: params.get('error') };
}
