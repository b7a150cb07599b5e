import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from 'shared-api/contracts';

/** Entry files that name the current build: always revalidated. */
const NO_CACHE = new Set([
  'index.html',
  'remoteEntry.js',
  'main.js',
  'remotes.json',
  'mf-manifest.json',
  'mf-stats.json',
  // the service worker and the web app manifest have fixed names: a new build must be seen at once
  'sw.js',
  'manifest.webmanifest',
]);
/** webpack's content hash in a file name, e.g. 129.8745d365d4.js */
const HASHED = /[.-][0-9a-f]{8,}\./i;

/**
 * Content-hashed files never change: cache for a year. Entry files and HTML: revalidate every time.
 * Other files without a hash (guides copied as they are) get a day, so an update shows up.
 */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (NO_CACHE.has(name) || name.endsWith('.html')) return 'no-cache';
  if (HASHED.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=86400';
}

const REMOTES: readonly Role[] = ['student', 'staff', 'spso'];

const API_ONLY_PAGE = `<!doctype html><html lang="vi"><meta charset="utf-8"><title>Smart Printing</title>
<body><h1>Smart Printing API</h1><p>Giao diện chưa được build (npm run build). Tài liệu API: <a href="/docs">/docs</a></p></body></html>`;

/**
 * Serves the built portal from one origin: the shell at /, each role's remote at /remotes/<role>/,
 * and /remotes.json telling the shell where the remotes are (overridable per role by environment).
 * A missing dist folder is a warning: the server still answers the API.
 */
export default fp(
  async (app) => {
    const { portalDir, remoteUrls } = app.appConfig;
    const shellDir = path.join(portalDir, 'shell', 'dist');
    const remoteDirs: Record<string, string> = Object.fromEntries(
      REMOTES.map((role) => [role, path.join(portalDir, `remote-${role}`, 'dist')]),
    );
    for (const dir of [shellDir, ...Object.values(remoteDirs)]) {
      if (!fs.existsSync(dir)) app.log.warn({ dir }, 'portal build folder missing: serving the API only');
    }

    await app.register(fastifyStatic, {
      serve: false,
      root: portalDir,
      // the build writes each file's .br and .gz beside it (tools/webpack.base.cjs): sent as they are,
      // not compressed again per request; a file without them is sent plain and compressed as any answer
      preCompressed: true,
      // only once a file is found, so a 404 does not carry a year of cache
      setHeaders: (reply: FastifyReply, filePath: string) => reply.header('cache-control', cacheControlFor(filePath)),
    });

    const sendFile = (reply: FastifyReply, root: string, file: string) =>
      reply.sendFile(file, root, { cacheControl: false, dotfiles: 'ignore', index: false });

    const hidden = { hide: true } as const;

    app.get('/remotes.json', { config: { roles: 'public' }, schema: hidden }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { student: remoteUrls.student, staff: remoteUrls.staff, spso: remoteUrls.spso };
    });

    app.get('/', { config: { roles: 'public' }, schema: hidden }, async (_request, reply) => {
      if (!fs.existsSync(path.join(shellDir, 'index.html'))) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(API_ONLY_PAGE);
      }
      return sendFile(reply, shellDir, 'index.html');
    });

    app.get<{ Params: { role: string; '*': string } }>(
      '/remotes/:role/*',
      { config: { roles: 'public' }, schema: hidden },
      async (request, reply) => {
        const root = remoteDirs[request.params.role];
        const file = request.params['*'];
        if (!root || !file) return reply.callNotFound();
        return sendFile(reply, root, file);
      },
    );

    // Everything else under / is a file of the shell; an unknown path gets the JSON 404.
    app.get<{ Params: { '*': string } }>(
      '/*',
      { config: { roles: 'public' }, schema: hidden },
      async (request, reply) => {
        const file = request.params['*'];
        if (!file || file.startsWith('v1/')) return reply.callNotFound();
        return sendFile(reply, shellDir, file);
      },
    );
  },
  { name: 'portal', dependencies: ['auth'] },
);
