import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { body, createTestApp, DRIVER, type TestApp } from './helpers';

describe('healthz, docs, portal files, CORS', () => {
  let t: TestApp;
  let portal: string;

  beforeAll(async () => {
    portal = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-portal-'));
    const write = (file: string, content: string) => {
      fs.mkdirSync(path.dirname(path.join(portal, file)), { recursive: true });
      fs.writeFileSync(
        path.join(portal, file),
        content,
        file.endsWith('.br') || file.endsWith('.gz') ? 'latin1' : 'utf8',
      );
    };
    write('shell/dist/index.html', '<!doctype html><title>Smart Printing</title>');
    write('shell/dist/main.js', `console.log(${JSON.stringify('x'.repeat(5000))});`);
    write('shell/dist/412.8745d365d4.js', `export const big = ${JSON.stringify('y'.repeat(20000))};`);
    write('shell/dist/guides/student.pdf', '%PDF-1.4');
    write('remote-student/dist/remoteEntry.js', 'var remote = 1;');
    write('remote-student/dist/77.07c2ff35a8.js', 'var chunk = 1;');
    // the build's own compressed forms of one file (tools/webpack.base.cjs), told apart from a fresh compression
    write('remote-student/dist/88.0a1b2c3d4e.js', `var built = ${JSON.stringify('z'.repeat(20000))};`);
    write(
      'remote-student/dist/88.0a1b2c3d4e.js.br',
      zlib.brotliCompressSync('var built = "br form";').toString('latin1'),
    );
    write('remote-student/dist/88.0a1b2c3d4e.js.gz', zlib.gzipSync('var built = "gz form";').toString('latin1'));
    // remote-staff and remote-spso are not built: the server still starts

    t = await createTestApp({
      seed: { generatedStudents: 2, jobs: 10 },
      config: {
        portalDir: portal,
        corsOrigins: ['http://localhost:3001'],
        remoteUrls: {
          student: '/remotes/student/remoteEntry.js',
          staff: '/remotes/staff/remoteEntry.js',
          spso: 'https://cdn.example.edu/spso/remoteEntry.js',
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(portal, { recursive: true, force: true });
  });

  describe('healthz', () => {
    it('answers 200 with the database and dispatcher state', async () => {
      const response = await t.app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(200);
      expect(body(response)).toMatchObject({
        success: true,
        data: {
          status: 'ok',
          database: { ok: true, driver: DRIVER, latencyMs: expect.any(Number) },
          dispatcher: { state: 'not started' },
          uptimeSeconds: expect.any(Number),
        },
      });
    });

    it('answers 503 when the database does not answer', async () => {
      const db = t.app.db as { query: unknown };
      const original = db.query;
      db.query = async () => {
        throw new Error('connection refused');
      };
      try {
        const response = await t.app.inject({ url: '/healthz' });
        expect(response.statusCode).toBe(503);
        expect(body(response)).toMatchObject({
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          data: { status: 'degraded', database: { ok: false } },
        });
      } finally {
        db.query = original;
      }
    });
  });

  describe('docs', () => {
    it('serves the viewer and an OpenAPI document with the routes and their roles', async () => {
      expect((await t.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
      const doc = (await t.app.inject({ url: '/docs/json' })).json<{
        openapi: string;
        paths: Record<string, Record<string, { security?: unknown; description?: string }>>;
        components: { securitySchemes: Record<string, unknown> };
      }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/v1/user/login', '/v1/user/information', '/healthz']),
      );
      expect(doc.paths['/v1/user/information']?.get?.security).toEqual([{ bearerAuth: [] }]);
      expect(doc.paths['/v1/user/login']?.post?.security).toBeUndefined();
      expect(doc.components.securitySchemes.bearerAuth).toBeDefined();
      // portal file routes stay out of the document
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/remotes/'))).toBe(false);
    });
  });

  describe('portal', () => {
    it('serves the shell index at / without caching', async () => {
      const response = await t.app.inject({ url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('Smart Printing');
    });

    it('caches content-hashed files for a year and entry files never', async () => {
      const cases: [string, string][] = [
        ['/main.js', 'no-cache'],
        ['/412.8745d365d4.js', 'public, max-age=31536000, immutable'],
        ['/remotes/student/remoteEntry.js', 'no-cache'],
        ['/remotes/student/77.07c2ff35a8.js', 'public, max-age=31536000, immutable'],
        ['/guides/student.pdf', 'public, max-age=86400'],
        ['/remotes.json', 'no-cache'],
      ];
      for (const [url, cache] of cases) {
        const response = await t.app.inject({ url });
        expect([url, response.statusCode, response.headers['cache-control']]).toEqual([url, 200, cache]);
      }
    });

    it('compresses with brotli or gzip', async () => {
      const br = await t.app.inject({ url: '/412.8745d365d4.js', headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      const gzip = await t.app.inject({ url: '/main.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
    });

    it("sends the build's .br and .gz as they are (no compression per request), with the file's type and cache", async () => {
      const url = '/remotes/student/88.0a1b2c3d4e.js';
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(new Uint8Array(br.rawPayload)).toString()).toBe('var built = "br form";');
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(new Uint8Array(gz.rawPayload)).toString()).toBe('var built = "gz form";');
      // no encoding accepted: the file itself
      const plain = await t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(`var built = ${JSON.stringify('z'.repeat(20000))};`);
    });

    it('answers the JSON 404 (without a long cache) for missing files and unbuilt remotes', async () => {
      for (const url of [
        '/nothing.js',
        '/remotes/staff/remoteEntry.js',
        '/remotes/unknown/remoteEntry.js',
        '/remotes/student/',
      ]) {
        const response = await t.app.inject({ url });
        expect([url, response.statusCode]).toEqual([url, 404]);
        expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        expect(response.headers['cache-control'] ?? '').not.toContain('max-age=31536000');
      }
    });

    it('does not serve files outside the dist folders', async () => {
      for (const url of [
        '/../package.json',
        '/remotes/student/../../shell/dist/index.html',
        '/%2e%2e/%2e%2e/etc/passwd',
      ]) {
        const response = await t.app.inject({ url });
        expect([url, response.statusCode >= 400]).toEqual([url, true]);
        expect(response.body).not.toContain('root:');
      }
    });

    it('tells the shell where the remotes are (plain JSON, overridable)', async () => {
      const response = await t.app.inject({ url: '/remotes.json' });
      expect(response.json()).toEqual({
        student: '/remotes/student/remoteEntry.js',
        staff: '/remotes/staff/remoteEntry.js',
        spso: 'https://cdn.example.edu/spso/remoteEntry.js',
      });
    });
  });

  describe('CORS', () => {
    it('allows a configured origin (a remote dev server) and not others', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/v1/user/information',
        headers: {
          origin: 'http://localhost:3001',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.statusCode).toBeLessThan(300);
      expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3001');
      const other = await t.app.inject({ url: '/healthz', headers: { origin: 'http://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
