// Server memory under large uploads (issue 7): 8 parallel 200 MB uploads to POST /v1/student/printing on
// a started portal (loopback), the server process's resident memory sampled every 20 ms from /proc.
// The bodies are generated while sent (one 1 MB chunk reused), so the client stays small. Three kinds:
//  - wrong content (a .pdf of zeros): refused at its first bytes (415), the connection closed;
//  - text (.txt, a line every 100 bytes): streamed to disk whole, then counted by streaming and refused
//    as longer than 10,000 pages (422, nothing charged);
//  - PDF junk (a PDF header, then noise): streamed to disk whole, then parsed in the counting workers
//    (at most 2 at once) and refused as unreadable (422): the worst case for memory.
// system_config is raised to 256 MB per file and per request for the bench copy (SQL while the portal
// is stopped), and UPLOADS_PER_USER=8 so one student may send the eight at once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream';
import { openServerDb, round1, signIn, startBenchPortal, type BenchPortal } from './lib/portal';

const PARALLEL = 8;
const FILE_BYTES = 200 * 1_048_576;
const MB = 1_048_576;
const BOUNDARY = 'bench-upload-memory';

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** One upload of `bytes` bytes made of `chunk` repeated: the status and the bytes written when it came. */
function upload(
  url: string,
  token: string,
  filename: string,
  chunk: Buffer,
  bytes: number,
): Promise<{ status: number; sentMb: number }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request({
      host: hostname,
      port,
      method: 'POST',
      path: '/v1/student/printing',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        authorization: `Bearer ${token}`,
        'transfer-encoding': 'chunked',
      },
    });
    request.on('response', (response: http.IncomingMessage) => {
      answered = true;
      const sentMb = sent / MB;
      response.resume();
      finished(response, () => resolve({ status: response.statusCode ?? 0, sentMb }));
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.write(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="printerId"\r\n\r\nB1-109\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`,
    );
    const write = () => {
      while (!answered && sent < bytes && !request.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end(`\r\n--${BOUNDARY}--\r\n`);
    };
    write();
  });
}

export interface UploadMemoryFigure {
  kind: string;
  statuses: Record<number, number>;
  baselineMb: number;
  peakMb: number;
  seconds: number;
  sentMb: number;
}

async function measure(
  portal: BenchPortal,
  token: string,
  kind: string,
  filename: string,
  chunk: Buffer,
): Promise<UploadMemoryFigure> {
  await new Promise((r) => setTimeout(r, 1_000));
  const baselineMb = rssMb(portal.pid);
  let peakMb = baselineMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(portal.pid));
  }, 20);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: PARALLEL }, () => upload(portal.url, token, filename, chunk, FILE_BYTES)),
  );
  clearInterval(sampler);
  peakMb = Math.max(peakMb, rssMb(portal.pid));
  const statuses: Record<number, number> = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    kind,
    statuses,
    baselineMb: round1(baselineMb),
    peakMb: round1(peakMb),
    seconds: round1((performance.now() - started) / 1000),
    sentMb: round1(results.reduce((sum, r) => sum + r.sentMb, 0)),
  };
}

export async function benchUploadMemory(): Promise<UploadMemoryFigure[]> {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'sp-bench-upload-')), 'pglite');
  try {
    await (await startBenchPortal(dataDir)).stop();
    const db = await openServerDb(dataDir);
    try {
      await db.query('UPDATE system_config SET max_file_bytes = $1, max_request_bytes = $2', [256 * MB, 256 * MB]);
      await db.query(
        "UPDATE system_config SET current_file_type = array_append(current_file_type, 'txt') WHERE NOT ('txt' = ANY (current_file_type))",
      );
    } finally {
      await db.close();
    }
    const portal = await startBenchPortal(dataDir, { env: { UPLOADS_PER_USER: String(PARALLEL) } });
    const figures: UploadMemoryFigure[] = [];
    try {
      const { accessToken } = await signIn(portal.url);
      const zeros = Buffer.alloc(MB);
      const text = Buffer.from(`${'x'.repeat(99)}\n`.repeat(MB / 100 + 1)).subarray(0, MB);
      const pdfJunk = Buffer.alloc(MB, 0x41);
      const firstPdf = Buffer.concat([new Uint8Array(Buffer.from('%PDF-1.7\n')), new Uint8Array(pdfJunk)]).subarray(
        0,
        MB,
      );
      figures.push(await measure(portal, accessToken, 'wrong content (.pdf of zeros)', 'zeros.pdf', zeros));
      figures.push(await measure(portal, accessToken, 'text (.txt, 2M lines)', 'dai.txt', text));
      figures.push(await measure(portal, accessToken, 'PDF junk (.pdf header + noise)', 'rac.pdf', firstPdf));
    } finally {
      await portal.stop();
    }
    console.log(
      `\nServer memory, ${PARALLEL} parallel uploads of ${FILE_BYTES / MB} MB each (RSS sampled every 20 ms):`,
    );
    for (const f of figures) {
      const statuses = Object.entries(f.statuses)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ');
      console.log(
        `  ${f.kind.padEnd(34)} ${statuses.padEnd(8)} RSS ${f.baselineMb} → peak ${f.peakMb} MB ` +
          `(+${round1(f.peakMb - f.baselineMb)}), ${f.sentMb} MB sent in ${f.seconds} s`,
      );
    }
    return figures;
  } finally {
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}
