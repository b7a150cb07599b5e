// The foundation figures (issue 2): a bare Fastify hello-world, and GET /v1/user/information for the
// signed-in demo student at 50 connections, on PGlite or PostgreSQL (bench/lib/database.ts). The pages'
// JavaScript moved to bench/frontend.ts (group `frontend`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBenchDatabase, DRIVER_LABEL, type DbDriver } from './lib/database';
import { load, type LoadResult } from './lib/load';
import { signIn, startBenchPortal } from './lib/portal';
import { startHelloWorld } from './hello-world';

export interface FoundationFigures {
  hello: LoadResult;
  information: LoadResult;
  sharePct: number;
}

export async function benchFoundation(driver: DbDriver = 'pglite'): Promise<FoundationFigures> {
  console.log(`\n== foundation (issue 2), ${DRIVER_LABEL[driver]} ==`);
  const hello = await startHelloWorld();
  let base: LoadResult;
  try {
    base = await load(hello.url);
  } finally {
    await hello.close();
  }
  console.log(`bare Fastify hello-world: ${base.reqPerSec} req/s, p99 ${base.p99Ms} ms (50 connections)`);

  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-foundation-'));
  const database = await createBenchDatabase(driver, dir);
  try {
    const portal = await startBenchPortal(database);
    try {
      const student = await signIn(portal.url);
      const information = await load(`${portal.url}/v1/user/information`, {
        headers: { authorization: `Bearer ${student.accessToken}` },
      });
      const sharePct = (information.reqPerSec / base.reqPerSec) * 100;
      console.log(
        `GET /v1/user/information (student, authenticated, ${database.label}): ${information.reqPerSec} req/s, ` +
          `p99 ${information.p99Ms} ms, non-2xx ${information.non2xx}; ${sharePct.toFixed(1)}% of hello-world`,
      );
      return { hello: base, information, sharePct };
    } finally {
      await portal.stop();
    }
  } finally {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
