// The anchor front end of issue 22 (SPS-Demo, the spec's own Create React App) served by the bench itself,
// so its pages load in the same browser, in the same run, as ours. Its build never enters this repository:
// ANCHOR_DIR names a build made outside it (bench/README.md says how).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import type { PageReady } from '../page-weight';

/** The same rule as our build (tools/webpack.base.cjs, compression-webpack-plugin): which files, from what size, how well. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
const THRESHOLD = 1024;
const MIN_RATIO = 0.9;

/**
 * The anchor's pages, read from its source: a HashRouter (src/index.js) over src/Routes/PageList.js, where
 * `/` is HomeNoLogin in the BeforeLogin layout and `/Login` is Login. The landing page is drawn once its h1
 * (the university's name over the banner) shows; the login page has no heading of its own (a styled div),
 * so its form's password field marks it drawn.
 */
export const ANCHOR_PAGES: readonly { page: 'landing' | 'login'; hash: string; ready: PageReady }[] = [
  { page: 'landing', hash: '/', ready: 'TRƯỜNG ĐẠI HỌC BÁCH KHOA' },
  { page: 'login', hash: '/Login', ready: { selector: 'form input#password' } },
];

/** How to measure the anchor live, for the output of a run without it. */
export const ANCHOR_HOW_TO =
  'to measure the anchor in this run: build SPS-Demo outside the repo (bench/README.md) and run ' +
  'ANCHOR_DIR=/tmp/anchor/src/build npm run bench -- frontend';

/**
 * The built anchor named by ANCHOR_DIR (a folder with index.html; a relative path is read from where npm
 * was started), or null when the variable is not set. A folder without index.html is an error, not a
 * silent fallback to the figures.
 */
export function anchorDirFromEnv(): string | null {
  const value = process.env.ANCHOR_DIR?.trim();
  if (!value) return null;
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
  if (!existsSync(path.join(dir, 'index.html')))
    throw new Error(`ANCHOR_DIR=${value}: no index.html in ${dir} (build SPS-Demo first: bench/README.md)`);
  return dir;
}

export interface AnchorServer {
  url: string;
  /** How its files are sent, for the output. */
  compression: string;
  stop(): Promise<void>;
}

/** Writes each compressible file's .br and .gz beside it, as our build does, where they pay. */
function precompress(dir: string): number {
  let written = 0;
  for (const file of readdirSync(dir, { recursive: true }) as string[]) {
    const full = path.join(dir, file);
    if (!COMPRESSIBLE.test(file) || !statSync(full).isFile()) continue;
    // (a Uint8Array copy: this TypeScript's Buffer type is not accepted where zlib wants a Uint8Array)
    const body = new Uint8Array(readFileSync(full));
    if (body.length < THRESHOLD) continue;
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const gz = gzipSync(body, { level: 9 });
    if (br.length / body.length < MIN_RATIO) writeFileSync(`${full}.br`, new Uint8Array(br));
    if (gz.length / body.length < MIN_RATIO) writeFileSync(`${full}.gz`, new Uint8Array(gz));
    if (br.length / body.length < MIN_RATIO || gz.length / body.length < MIN_RATIO) written += 1;
  }
  return written;
}

/**
 * Serves a copy of the built anchor on a free loopback port from this process: fastify + @fastify/static
 * with `preCompressed`, the files compressed once beforehand as our build compresses ours (brotli 11 and
 * gzip 9), so both front ends are sent the same way. The copy (in the temp folder) keeps ANCHOR_DIR as built.
 */
export async function startAnchor(dir: string): Promise<AnchorServer> {
  const copy = mkdtempSync(path.join(tmpdir(), 'sp-anchor-'));
  try {
    cpSync(dir, copy, { recursive: true });
    const files = precompress(copy);
    const app = Fastify({ logger: false });
    await app.register(fastifyStatic, { root: copy, preCompressed: true, index: 'index.html' });
    // with preCompressed, @fastify/static answers / with a 404 instead of index.html: the page is named here
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}`,
      compression: `${files} files sent pre-compressed (brotli 11 / gzip 9, as our build's), by @fastify/static from the bench process`,
      stop: async () => {
        await app.close();
        rmSync(copy, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}
