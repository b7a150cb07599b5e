// Why a server gets slower after it sat idle, and what the server does about it (issue 22, point 3; see
// server/src/lib/warm-shapes.ts). V8 keeps an object's shape only while an object of that shape lives; an idle
// process's full collections drop the shapes of its per-request objects, and the code sites that saw them go
// megamorphic after a few rounds. Printed: process.nextTick's cost, and the server CPU per request of a bare
// Fastify answering the printer list's 6.6 KB — fresh, after idle collections, and after them with the server's
// keeper (its tick object and warm-shapes plugin). CPU per request is the process's utime + stime from /proc
// over autocannon's requests (50 connections), the three servers interleaved round by round, median of rounds.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';

const MODES = ['fresh', 'idle', 'kept'] as const;
type Mode = (typeof MODES)[number];
const LABEL: Record<Mode, string> = {
  fresh: 'a fresh process',
  idle: 'after idle full collections',
  kept: 'after them, shapes kept (the server)',
};

function child(args: string[], bodyFile = ''): { line: Promise<string>; stop: () => void } {
  const proc = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'lib', 'idle-shapes-server.ts'), ...args],
    { cwd: __dirname, env: { ...process.env, BENCH_BODY_FILE: bodyFile }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = new Promise<string>((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`idle-shapes-server ${args.join(' ')} exited with ${code}`)));
    if (!proc.stdout) return reject(new Error('no stdout'));
    readline.createInterface({ input: proc.stdout }).once('line', resolve);
  });
  return { line, stop: () => proc.kill('SIGTERM') };
}

/** utime + stime of a process, in µs (clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** A JSON body of the printer list's size: 14 printers' worth of fields. */
function listLikeBody(): string {
  const printers = Array.from({ length: 14 }, (_, i) => ({
    printerId: `H${i}-${100 + i}`,
    brand: 'Canon',
    model: 'imageRUNNER ADVANCE DX C3826i',
    description: 'Máy photocopy màu khổ A3, phòng máy tầng 6, cạnh phòng tự học.',
    location: { facility: 'CS2', department: `H${i}`, room: String(100 + i) },
    status: 1,
    activatedTime: '2024-08-12T00:00:00.000Z',
    createdAt: '2024-08-12T00:00:00.000Z',
    updatedAt: '2024-08-12T00:00:00.000Z',
    waiting_amount: 0,
    printed_count: 153,
    device: null,
    releaseMode: 'direct',
    estimatedWaitMinutes: 0,
    longQueue: false,
    suggestedPrinter: null,
  }));
  return JSON.stringify({ success: true, message: 'Thành công', data: { printers, total: 14 } });
}

export async function benchIdleShapes(): Promise<void> {
  console.log('\n== Idle collections and V8 shapes (issue 22, point 3) ==');
  const ticks: string[] = [];
  for (const mode of MODES) {
    const run = child(['ticks', mode]);
    const { ns } = JSON.parse(await run.line) as { ns: number };
    ticks.push(`${LABEL[mode]} ${ns.toFixed(0)} ns`);
  }
  console.log(`process.nextTick, one call (best of 50 × 1,000): ${ticks.join('; ')}`);

  const dir = mkdtempSync(path.join(tmpdir(), 'sp-bench-shapes-'));
  const bodyFile = path.join(dir, 'body.json');
  const body = listLikeBody();
  writeFileSync(bodyFile, body);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const servers = await Promise.all(
    MODES.map(async (mode) => {
      const run = child(['http', mode], bodyFile);
      return { mode, run, ...(JSON.parse(await run.line) as { url: string; pid: number }) };
    }),
  );
  try {
    const perRequest: Record<Mode, number[]> = { fresh: [], idle: [], kept: [] };
    const reqPerSec: Record<Mode, number[]> = { fresh: [], idle: [], kept: [] };
    for (let round = 0; round < rounds; round++) {
      for (const s of servers) {
        const before = cpuMicros(s.pid);
        const result = await autocannon({ url: s.url, connections: 50, duration: seconds });
        perRequest[s.mode].push((cpuMicros(s.pid) - before) / Math.max(1, result.requests.total));
        reqPerSec[s.mode].push(result.requests.average);
      }
    }
    console.log(
      `a bare Fastify answering ${Buffer.byteLength(body)} B, server CPU per request (median of ${rounds} rounds of ${seconds} s):`,
    );
    for (const mode of MODES) {
      console.log(
        `  ${LABEL[mode]}: ${median(perRequest[mode]).toFixed(1)} µs (${perRequest[mode].map((v) => v.toFixed(0)).join(' ')}), ` +
          `${Math.round(median(reqPerSec[mode]))} req/s`,
      );
    }
  } finally {
    for (const s of servers) s.run.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
