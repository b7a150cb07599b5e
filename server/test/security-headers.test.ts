import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { BARE_ANSWER_HEADERS, cspDirectives, PERMISSIONS_POLICY, remoteOrigins } from '../src/plugins/security-headers';
import { bearer, createTestApp, loginAs, type TestApp } from './helpers';

/** The CSP header as directive → sources, to assert on one directive without depending on the order. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  const map = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectCommonHeaders(response: LightMyRequestResponse): void {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-powered-by']).toBeUndefined();
  expect(csp(response).get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp(response).get('object-src')).toEqual(["'none'"]);
}

function expectPortalPolicy(response: LightMyRequestResponse): void {
  expectCommonHeaders(response);
  const policy = csp(response);
  const scripts = policy.get('script-src') ?? [];
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  // an absolute remote URL adds its origin, nothing else from outside
  expect(scripts.filter((s) => !s.startsWith("'"))).toEqual(['https://cdn.example.edu']);
  expect(policy.get('connect-src')).toEqual(["'self'", 'https://cdn.example.edu', 'wss://cdn.example.edu']);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
  expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
}

/**
 * An API answer's policy: data, never a page (OWASP's REST Security Cheat Sheet): nothing may load from it or frame
 * it, and none of the page-only headers (issue 22: they were a third of the printer list's headers).
 */
function expectApiPolicy(response: LightMyRequestResponse): void {
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
  for (const pageOnly of [
    'permissions-policy',
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-xss-protection',
  ])
    expect([pageOnly, response.headers[pageOnly]]).toEqual([pageOnly, undefined]);
}

describe('security headers (issue 7, what-must-work 8)', () => {
  let t: TestApp;
  let portal: string;
  const remoteUrls = {
    student: '/remotes/student/remoteEntry.js',
    staff: '/remotes/staff/remoteEntry.js',
    spso: 'https://cdn.example.edu/spso/remoteEntry.js',
  };

  beforeAll(async () => {
    portal = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-headers-'));
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(portal, file)), { recursive: true });
      fs.writeFileSync(path.join(portal, file), content);
    };
    write('shell/dist/index.html', '<!doctype html><title>Smart Printing</title>');
    write('shell/dist/main.js', 'console.log(1);');
    write('remote-student/dist/remoteEntry.js', 'var remote = 1;');
    write('shell/dist/sw.js', "self.addEventListener('push', () => undefined);");
    write('shell/dist/manifest.webmanifest', JSON.stringify({ name: 'Smart Printing', start_url: '/' }));
    t = await createTestApp({ seed: { generatedStudents: 1, jobs: 0 }, config: { portalDir: portal, remoteUrls } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(portal, { recursive: true, force: true });
  });

  const cases: Array<[string, string, number]> = [
    ['the portal index.html', '/', 200],
    ['a shell bundle', '/main.js', 200],
    ['a remote bundle', '/remotes/student/remoteEntry.js', 200],
    ['/remotes.json', '/remotes.json', 200],
    ['/healthz', '/healthz', 200],
    ['an unknown file (404)', '/nothing-here.js', 404],
  ];
  it.each(cases)('%s carries the portal policy', async (_name, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectPortalPolicy(response);
  });

  const apiCases: Array<[string, string, number]> = [
    ['an unknown API route (404)', '/v1/nothing', 404],
    ['an API route without a token (401)', '/v1/user/information', 401],
  ];
  it.each(apiCases)("%s carries the API's policy", async (_name, url, status) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(status);
    expectApiPolicy(response);
  });

  it('the service worker and the manifest: from this server only, the right types, revalidated every time', async () => {
    const page = await t.app.inject({ url: '/' });
    // not the remotes' origin that script-src allows: a worker or a manifest is this server's file
    expect(csp(page).get('worker-src')).toEqual(["'self'"]);
    expect(csp(page).get('manifest-src')).toEqual(["'self'"]);

    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    // a browser registers a service worker only with a JavaScript type
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript\b/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expectPortalPolicy(worker);

    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json\b/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ start_url: '/' });
  });

  it("an API 200 and an API 400 carry the API's policy", async () => {
    const { accessToken } = await loginAs(t.app, 'student');
    const ok = await t.app.inject({ url: '/v1/user/information', headers: bearer(accessToken) });
    expect(ok.statusCode).toBe(200);
    expectApiPolicy(ok);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { email: 'a\u0000b', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false });
    expectApiPolicy(bad);
  });

  it('/docs keeps the working policy of swagger-ui, with framing refused', async () => {
    const response = await t.app.inject({ url: '/docs/' });
    expect(response.statusCode).toBe(200);
    expectCommonHeaders(response);
    // swagger-ui's own policy (its styles from https:), scripts from this server only
    expect(csp(response).get('style-src')).toContain('https:');
    expect(csp(response).get('script-src')).toEqual(["'self'"]);
  });

  it('no HSTS over http', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('security headers behind an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, config: { publicUrl: 'https://print.example.edu' } });
  });
  afterAll(async () => t.close());

  it('sends HSTS and upgrades insecure requests', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(csp(response).has('upgrade-insecure-requests')).toBe(true);
    // the API's answers keep HSTS too
    const api = await t.app.inject({ url: '/v1/nothing' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
  });
});

describe('the policy built from the configuration', () => {
  it('adds the origin of each absolute remote URL once, and nothing for relative ones', () => {
    expect(
      remoteOrigins({
        student: 'https://a.example.edu/student/remoteEntry.js',
        staff: 'https://a.example.edu/staff/remoteEntry.js',
        spso: '/remotes/spso/remoteEntry.js',
      }),
    ).toEqual(['https://a.example.edu']);
    const directives = cspDirectives({
      remoteUrls: { student: 'http://127.0.0.1:9/remoteEntry.js', staff: '/s', spso: '/p' },
      publicUrl: null,
    });
    expect(directives['script-src']).toEqual(["'self'", 'http://127.0.0.1:9']);
    expect(Object.values(directives).flat()).not.toContain("'unsafe-eval'");
  });
});

describe('answers that bypass Fastify (over a real socket)', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  it("socket.io's polling handshake carries nosniff and a deny-all CSP", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`);
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(BARE_ANSWER_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });

  it("Node's own 431 carries them too", async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.end(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const head = answer.split('\r\n\r\n')[0] ?? '';
    expect(head).toMatch(/^HTTP\/1.1 431 /);
    expect(head).toContain('x-content-type-options: nosniff');
    expect(head).toContain(`content-security-policy: ${BARE_ANSWER_HEADERS['content-security-policy']}`);
  });
});
