// GET /v1/student/printers under load (issue 3): req/s and p99 at 50 connections as a share of a bare
// Fastify hello-world measured in the same run. Both servers run in their own process; autocannon runs
// in this one. Target: ≥ 25 % of hello-world and p99 ≤ 25 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBaseline } from './lib/baseline';
import { createBenchDatabase, DRIVER_LABEL, type DbDriver } from './lib/database';
import { load, type LoadResult } from './lib/load';
import { signIn, startBenchPortal } from './lib/portal';

export interface PrintersListFigures {
  hello: LoadResult;
  printers: LoadResult;
  printersCompressed: LoadResult;
  information: LoadResult;
  sharePct: number;
  printerCount: number;
  bodyBytes: number;
}

/** The query the student remote sends on /Printing (remote-student/src/features/printers/api/get-printers.ts). */
const QUERY = '?per_page=100&sortDirection=1';

export async function benchPrintersList(driver: DbDriver = 'pglite'): Promise<PrintersListFigures> {
  console.log(`\n== GET /v1/student/printers (issue 3), ${DRIVER_LABEL[driver]} ==`);
  const hello = await startBaseline('hello');
  let helloResult: LoadResult;
  try {
    helloResult = await load(hello.url);
  } finally {
    await hello.close();
  }
  console.log(`bare Fastify hello-world (own process): ${helloResult.reqPerSec} req/s, p99 ${helloResult.p99Ms} ms`);

  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-printers-'));
  const database = await createBenchDatabase(driver, dir);
  let portal: Awaited<ReturnType<typeof startBenchPortal>> | undefined;
  try {
    portal = await startBenchPortal(database);
    const { accessToken } = await signIn(portal.url);
    const url = `${portal.url}/v1/student/printers${QUERY}`;
    const headers = { authorization: `Bearer ${accessToken}` };
    const first = await fetch(url, { headers });
    const text = await first.text();
    if (!first.ok) throw new Error(`GET /v1/student/printers: HTTP ${first.status} ${text}`);
    const printerCount = (JSON.parse(text) as { data: { printers: unknown[] } }).data.printers.length;
    const printers = await load(url, { headers });
    const sharePct = (printers.reqPerSec / helloResult.reqPerSec) * 100;
    console.log(
      `GET /v1/student/printers (student, ${printerCount} printers, ${text.length} B JSON, no accept-encoding): ` +
        `${printers.reqPerSec} req/s, p99 ${printers.p99Ms} ms, non-2xx ${printers.non2xx}; ${sharePct.toFixed(1)} % of hello-world ` +
        `(target ≥ 25 % and p99 ≤ 25 ms: ${sharePct >= 25 && printers.p99Ms <= 25 ? 'met' : 'NOT met'})`,
    );
    const printersCompressed = await load(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    console.log(
      `  same with accept-encoding: br, gzip (as a browser sends it): ${printersCompressed.reqPerSec} req/s, ` +
        `p99 ${printersCompressed.p99Ms} ms, non-2xx ${printersCompressed.non2xx}; ` +
        `${((printersCompressed.reqPerSec / helloResult.reqPerSec) * 100).toFixed(1)} % of hello-world`,
    );
    // the busiest per-user answer, against the same hello-world (issue 22: ≥ 25 %)
    const information = await load(`${portal.url}/v1/user/information`, { headers });
    console.log(
      `GET /v1/user/information (the same student): ${information.reqPerSec} req/s, p99 ${information.p99Ms} ms, ` +
        `non-2xx ${information.non2xx}; ${((information.reqPerSec / helloResult.reqPerSec) * 100).toFixed(1)} % of hello-world`,
    );
    return {
      hello: helloResult,
      printers,
      printersCompressed,
      information,
      sharePct,
      printerCount,
      bodyBytes: text.length,
    };
  } finally {
    await portal?.stop();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}
