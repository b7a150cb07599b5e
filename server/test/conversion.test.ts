/**
 * LibreOffice conversions as hostile work (documents/conversion.ts): a time limit that grows with the
 * file, the whole process group killed past it, a memory limit, no network, a bounded queue, and an
 * output that must be a PDF. Stand-in "soffice" scripts take each branch on any machine (the converter
 * runs whatever it is given); the real LibreOffice runs where it is installed (CI installs it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ConversionQueue,
  conversionTimeoutMs,
  DEFAULT_CONVERSION_LIMITS,
  detectNetworkSandbox,
  findSoffice,
  OfficeConverter,
  type ConversionLimits,
  type NetworkSandbox,
} from '../src/documents/conversion';
import { ALL_OFFICE_APPS, detectDocumentTools } from '../src/documents/file-types';
import { countPages } from '../src/documents/page-count';
import { CostlyDocumentError } from '../src/documents/refusals';
import { AppError } from '../src/lib/errors';
import { balanceOf } from './factories';
import { body, createTestApp, VIETNAMESE, type TestApp } from './helpers';
import { toolMissing } from './system-tools';
import { officeZip } from './pdf-bombs';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const MB = 1_048_576;
let dir: string;
let sample: string;
let input: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-conversion-test-'));
  sample = path.join(dir, 'sample.pdf');
  fs.writeFileSync(sample, new Uint8Array(await makePdf(2)));
  input = path.join(dir, 'bai-tap.docx');
  fs.writeFileSync(input, 'PK\u0003\u0004 any bytes: the stand-ins never read them', 'latin1');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Finds --outdir in the arguments, as soffice does. */
const OUTDIR = 'out=""; prev=""; for a in "$@"; do [ "$prev" = "--outdir" ] && out="$a"; prev="$a"; done';

/** A stand-in soffice: an sh script with the body given (it sees soffice's arguments). */
function fakeSoffice(name: string, body: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${OUTDIR}\n${body}\n`, { mode: 0o755 });
  return file;
}

const copySample = () => `cp "${sample}" "$out/document.pdf"`;

/** A converter of the stand-in, with small limits unless told otherwise. */
function converter(
  soffice: string,
  limits: Partial<ConversionLimits> = {},
  sandbox: NetworkSandbox | null = null,
  log = { warn: jest.fn() },
) {
  return new OfficeConverter({
    soffice,
    sandbox,
    log,
    limits: { baseTimeoutMs: 10_000, timeoutMsPerMb: 0, ...limits },
  });
}

/** The PDF's first bytes as `convert` hands them over. */
const convertHead = (c: OfficeConverter, file = input) =>
  c.convert(file, 'docx', 'bai-tap.docx', async (pdf) => fs.readFileSync(pdf).subarray(0, 5).toString('latin1'));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(VIETNAMESE);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

/** A process is gone (or a zombie waiting for a parent that will never read it: it runs nothing). */
function gone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

describe('the time limit grows with the file', () => {
  it('20 s, then 10 s more per MB, at most 2 minutes (the defaults)', () => {
    expect(conversionTimeoutMs(0, DEFAULT_CONVERSION_LIMITS)).toBe(20_000);
    expect(conversionTimeoutMs(MB, DEFAULT_CONVERSION_LIMITS)).toBe(30_000);
    expect(conversionTimeoutMs(5 * MB, DEFAULT_CONVERSION_LIMITS)).toBe(70_000);
    expect(conversionTimeoutMs(50 * MB, DEFAULT_CONVERSION_LIMITS)).toBe(120_000);
  });
});

describe('the network sandbox, detected once', () => {
  it('takes unshare -n where it works, unshare -r -n where only user namespaces do, nothing otherwise', () => {
    const tried: string[] = [];
    const probe = (allowed: string[]) => (command: string, args: readonly string[]) => {
      tried.push(`${command} ${args.join(' ')}`);
      return allowed.includes(args.join(' '));
    };
    expect(detectNetworkSandbox('/usr/bin/unshare', probe(['-n -- true']))).toEqual({
      command: '/usr/bin/unshare',
      args: ['-n', '--'],
    });
    expect(detectNetworkSandbox('/usr/bin/unshare', probe(['-r -n -- true']))).toEqual({
      command: '/usr/bin/unshare',
      args: ['-r', '-n', '--'],
    });
    expect(detectNetworkSandbox('/usr/bin/unshare', probe([]))).toBeNull();
    expect(detectNetworkSandbox(null, probe(['-n -- true']))).toBeNull();
    expect(tried).toEqual([
      '/usr/bin/unshare -n -- true',
      '/usr/bin/unshare -n -- true',
      '/usr/bin/unshare -r -n -- true',
      '/usr/bin/unshare -n -- true',
      '/usr/bin/unshare -r -n -- true',
    ]);
  });

  it('is looked for only when there is a LibreOffice to sandbox', () => {
    const findSandbox = jest.fn(() => ({ command: '/usr/bin/unshare', args: ['-n', '--'] }));
    expect(detectDocumentTools(() => null, findSandbox).sandbox).toBeNull();
    expect(findSandbox).not.toHaveBeenCalled();
    expect(detectDocumentTools(() => '/opt/lo/program/soffice', findSandbox).sandbox).toEqual({
      command: '/usr/bin/unshare',
      args: ['-n', '--'],
    });
  });

  it('without one, conversions still run and the server logs a warning once', async () => {
    const log = { warn: jest.fn() };
    const c = converter(fakeSoffice('plain', copySample()), {}, null, log);
    expect(c.sandboxed).toBe(false);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[1]).toMatch(/WITH network access/);
    expect(await convertHead(c)).toBe('%PDF-');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('with one, soffice runs through it, under the memory and file-size limits, HOME in its own folder', async () => {
    const marker = path.join(dir, 'sandboxed.txt');
    const probe = path.join(dir, 'probe.txt');
    const sandboxScript = path.join(dir, 'fake-unshare');
    // drops its own options up to --, then runs the rest (as unshare does)
    fs.writeFileSync(
      sandboxScript,
      `#!/bin/sh\necho "$*" > "${marker}"\nwhile [ "$1" != "--" ]; do shift; done\nshift\nexec "$@"\n`,
      { mode: 0o755 },
    );
    const soffice = fakeSoffice(
      'probe',
      `{ echo "memory=$(ulimit -v)"; echo "home=$HOME"; echo "profile=$1"; echo "secret=$SP_TEST_SECRET"; } > "${probe}"\n${copySample()}`,
    );
    // a secret of the server's environment (as JWT_SECRET or DATABASE_URL are) never reaches a document's macros
    process.env.SP_TEST_SECRET = 'server-secret';
    const log = { warn: jest.fn() };
    const c = converter(soffice, { memoryMb: 700 }, { command: sandboxScript, args: ['-n', '--'] }, log);
    expect(c.sandboxed).toBe(true);
    expect(await convertHead(c)).toBe('%PDF-');
    expect(log.warn).not.toHaveBeenCalled();
    expect(fs.readFileSync(marker, 'utf8').startsWith(`-n -- ${soffice} -env:UserInstallation=file://`)).toBe(true);
    const seen = Object.fromEntries(
      fs
        .readFileSync(probe, 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    delete process.env.SP_TEST_SECRET;
    expect(seen.secret).toBe('');
    expect(seen.memory).toBe(String(700 * 1024));
    // a fresh profile and HOME in the conversion's own temporary folder, removed afterwards
    expect(seen.home).toMatch(/sp-convert-/);
    expect(seen.profile).toBe(`-env:UserInstallation=file://${seen.home}/profile`);
    expect(fs.existsSync(String(seen.home))).toBe(false);
  });

  const realSandbox = detectNetworkSandbox();
  // unshare needs root, CAP_SYS_ADMIN or user namespaces: a container that forbids them skips this one
  const noSandbox = toolMissing('the real unshare test', realSandbox ? null : 'unshare -n is not permitted here');
  (noSandbox ? it.skip : it)('the real unshare puts soffice in a network namespace of its own', async () => {
    const probe = path.join(dir, 'netns.txt');
    const soffice = fakeSoffice('netns', `readlink /proc/self/ns/net > "${probe}"\n${copySample()}`);
    expect(await convertHead(converter(soffice, {}, realSandbox))).toBe('%PDF-');
    const inside = fs.readFileSync(probe, 'utf8').trim();
    expect(inside).toMatch(/^net:\[\d+\]$/);
    expect(inside).not.toBe(fs.readlinkSync('/proc/self/ns/net'));
  });
});

describe('a document that hangs the converter', () => {
  it('is refused past its time limit, its whole process group killed, and the next conversion goes on', async () => {
    const pids = path.join(dir, 'hang-pids.txt');
    // the input copy is the last argument: a document saying HANG hangs the stand-in and a child of it
    // (as soffice and soffice.bin), any other converts
    const soffice = fakeSoffice(
      'hang-or-convert',
      `for last in "$@"; do :; done\nif grep -q HANG "$last"; then\n  echo $$ >> "${pids}"\n  sleep 600 &\n  echo $! >> "${pids}"\n  wait\nfi\n${copySample()}`,
    );
    const hangs = path.join(dir, 'treo.docx');
    fs.writeFileSync(hangs, 'PK\u0003\u0004 HANG', 'latin1');
    const log = { warn: jest.fn() };
    // one slot: the next conversion waits behind the hanging one
    const c = converter(soffice, { concurrency: 1, baseTimeoutMs: 1_500 }, null, log);
    const started = performance.now();
    const first = refusal(c.convert(hangs, 'docx', 'treo.docx', async () => 'never'));
    // the next one arrives once the first hangs
    while (!fs.existsSync(pids)) await new Promise((resolve) => setTimeout(resolve, 10));
    const next = convertHead(c);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect({ running: c.queue.running, waiting: c.queue.waiting }).toEqual({ running: 1, waiting: 1 });
    const error = await first;
    expect(error).toBeInstanceOf(CostlyDocumentError);
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/"treo\.docx" sang PDF quá thời gian cho phép \(2 giây\)/);
    expect(await next).toBe('%PDF-');
    expect(performance.now() - started).toBeLessThan(8_000);
    const hung = fs.readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(hung).toHaveLength(2);
    // SIGKILL of the group is at once for the kernel, the reaping is not: a moment at most
    for (let i = 0; i < 50 && !hung.every(gone); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hung.filter((pid) => !gone(pid))).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ outcome: 'timed-out', label: 'treo.docx' }),
      'LibreOffice conversion refused',
    );
    expect(c.queue.running).toBe(0);
  }, 30_000);

  it('a waiting conversion gets the slot the killed one frees', async () => {
    const hang = fakeSoffice('hang2', 'sleep 600');
    const c = converter(hang, { concurrency: 1, baseTimeoutMs: 1_000 });
    const results = await Promise.allSettled([
      c.convert(input, 'docx', 'a.docx', async () => 'a'),
      c.convert(input, 'docx', 'b.docx', async () => 'b'),
    ]);
    // both hang in turn and both are refused: the second was not frozen behind the first
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(c.queue.running).toBe(0);
  }, 30_000);
});

describe('a document that hangs the converter, through the upload route', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a stand-in LibreOffice that hangs on a document holding HANG and converts any other
    const soffice = fakeSoffice(
      'app-soffice',
      `for last in "$@"; do :; done\nif grep -q HANG "$last"; then sleep 600; fi\n${copySample()}`,
    );
    t = await createTestApp({
      config: {
        printDispatcher: false,
        conversion: { ...DEFAULT_CONVERSION_LIMITS, baseTimeoutMs: 1_500, timeoutMsPerMb: 0, concurrency: 1 },
      },
      documents: { soffice, officeApps: ALL_OFFICE_APPS, sandbox: null },
    });
  });
  afterAll(() => t.close());

  it('is refused (422) after its time limit with nothing charged, and the next student is converted and charged', async () => {
    const stuck = await newStudent(t.app, 10);
    const next = await newStudent(t.app, 10);
    const hangs = Buffer.concat([new Uint8Array(officeZip('docx')), new Uint8Array(Buffer.from('HANG'))]);
    const [refused, converted] = await Promise.all([
      submitPrint(t.app, stuck.token, [{ name: 'treo.docx', content: hangs }], { printerId: 'B1-109' }),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        return submitPrint(t.app, next.token, [{ name: 'bai.docx', content: officeZip('docx') }], {
          printerId: 'B1-109',
        });
      })(),
    ]);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toMatch(/"treo\.docx" sang PDF quá thời gian cho phép/);
    expect(await balanceOf(t.app.db, stuck.id)).toBe(10);
    const documents = await t.app.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM documents WHERE owner_id = $1',
      [stuck.id],
    );
    expect(documents?.n).toBe(0);
    // the sample PDF the stand-in writes has 2 pages
    expect(converted.statusCode).toBe(200);
    expect(body<{ totalCost: number; balance: number }>(converted).data).toMatchObject({ totalCost: 2, balance: 8 });
  }, 30_000);
});

describe('what soffice leaves behind is judged, not its exit code', () => {
  it.each([
    ['writes nothing and exits 0 (what soffice does when it fails)', 'exit 0'],
    ['writes a file that is not a PDF', 'echo "not a pdf" > "$out/document.pdf"'],
    ['writes an empty file', ': > "$out/document.pdf"'],
    ['crashes', 'kill -ABRT $$'],
    ['exits 1', 'exit 1'],
  ])('refuses a conversion that %s (422)', async (name, body) => {
    const c = converter(fakeSoffice(`out-${name.length}`, body));
    const error = await refusal(convertHead(c));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/Không chuyển đổi được tệp "bai-tap\.docx" sang PDF/);
    expect(c.queue.running).toBe(0);
  });

  it('refuses a document that needs more memory than the limit, and the next conversion works', async () => {
    // the stand-in grows a string until the memory limit stops it (2 GB at most if the limit failed)
    const explode = fakeSoffice(
      'explode',
      `awk 'BEGIN { s = "x"; while (length(s) < 2147483647) s = s s }' || exit 1\n${copySample()}`,
    );
    const c = converter(explode, { memoryMb: 64 });
    const started = performance.now();
    const error = await refusal(convertHead(c));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/Không chuyển đổi được/);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(await convertHead(converter(fakeSoffice('after', copySample()), { memoryMb: 64 }))).toBe('%PDF-');
  });
});

describe('the conversion queue', () => {
  it('runs at most `concurrency` at once, in order, and hands each slot to the next', async () => {
    const queue = new ConversionQueue(2, 10);
    const order: string[] = [];
    let most = 0;
    const task = (name: string, ms: number) => async () => {
      most = Math.max(most, queue.running);
      order.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      queue.run(task('a', 60)),
      queue.run(task('b', 20)),
      queue.run(task('c', 10)),
      queue.run(task('d', 10)),
    ]);
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(2);
    expect(order.indexOf('start c')).toBeGreaterThan(order.indexOf('end b'));
    expect(queue.running).toBe(0);
  });

  it('refuses one more than the waiting line holds with a 503 at once, and frees a slot a failed task held', async () => {
    const queue = new ConversionQueue(1, 1);
    let release = () => {};
    const running = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = queue.run(async () => 'waited');
    const started = performance.now();
    const error = await refusal(queue.run(async () => 'third'));
    expect(performance.now() - started).toBeLessThan(100);
    expect(error).toMatchObject({ statusCode: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(error.message).toMatch(/quá nhiều tài liệu cùng lúc/);
    release();
    await running;
    expect(await waiting).toBe('waited');
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'free again')).toBe('free again');
  });

  it('the converter refuses with 503 when its line is full, before running anything', async () => {
    const c = converter(fakeSoffice('slow', `sleep 1\n${copySample()}`), { concurrency: 1, maxWaiting: 1 });
    // whichever of the three reaches the queue last (they copy their file first) finds the line full
    const results = await Promise.allSettled([convertHead(c), convertHead(c), convertHead(c)]);
    const converted = results.filter((r) => r.status === 'fulfilled' && r.value === '%PDF-');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(converted).toHaveLength(2);
    expect(refused).toEqual([{ status: 'rejected', reason: expect.objectContaining({ statusCode: 503 }) }]);
  }, 30_000);
});

describe('LibreOffice missing', () => {
  it.each([
    ['docx', () => officeZip('docx')],
    ['rtf', () => Buffer.from('{\\rtf1 hello}')],
  ])('a .%s is refused (415) saying the converter is not installed and to send a PDF', async (ext, content) => {
    const file = path.join(dir, `missing.${ext}`);
    fs.writeFileSync(file, new Uint8Array(content()));
    const error = await refusal(countPages(file, ext, `bai.${ext}`, { converter: null }));
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/chưa cài đặt công cụ chuyển đổi tài liệu \(LibreOffice\)/);
    expect(error.message).toMatch(/sang PDF rồi gửi lại/);
  });
});

// The real LibreOffice: CI installs it (apt-get install libreoffice-writer-nogui); a machine without it
// skips these, saying so in the test name.
const soffice = findSoffice();
const withSoffice = toolMissing('the real LibreOffice tests', soffice ? null : 'soffice is not installed')
  ? describe.skip
  : describe;
withSoffice(`the real LibreOffice (${soffice ?? 'not installed: skipped'})`, () => {
  const rtf = () => {
    const file = path.join(dir, 'hai-trang.rtf');
    fs.writeFileSync(file, '{\\rtf1\\ansi Trang m\\u7897?t\\page Trang hai\\par}');
    return file;
  };
  // a shared CI machine can take many seconds to start LibreOffice: the time limit is not under test here
  const real = (limits: Partial<ConversionLimits> = {}) =>
    new OfficeConverter({
      soffice: soffice ?? 'soffice',
      sandbox: detectNetworkSandbox(),
      limits: { baseTimeoutMs: 100_000, ...limits },
    });

  it('converts in its sandbox, and the PDF is counted', async () => {
    const counted = await countPages(rtf(), 'rtf', 'hai-trang.rtf', { converter: real() });
    expect(counted).toMatchObject({ pages: 2, printableKind: 'pdf', converted: true });
  }, 120_000);

  it('past the time limit soffice.bin is killed with it: no LibreOffice is left running for a removed profile', async () => {
    // 4,000 pages take LibreOffice seconds to lay out (6 s here), while a page or two can finish within the second on
    // a quiet machine (0.9 s: this test once failed for it): the limit falls while soffice.bin is at work
    const file = path.join(dir, 'cham.rtf');
    const pages = Array.from({ length: 4_000 }, (_, i) => `Trang ${i + 1}\\page `).join('');
    fs.writeFileSync(file, `{\\rtf1\\ansi ${pages}\\par}`);
    const c = real({ baseTimeoutMs: 1_000, timeoutMsPerMb: 0 });
    const error = await refusal(countPages(file, 'rtf', 'cham.rtf', { converter: c }));
    expect(error).toBeInstanceOf(CostlyDocumentError);
    const orphans = () =>
      fs
        .readdirSync('/proc')
        .filter((name) => /^\d+$/.test(name))
        .map((pid) => {
          try {
            return { pid: Number(pid), cmd: fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1') };
          } catch {
            return null;
          }
        })
        .filter((p): p is { pid: number; cmd: string } => p !== null && !gone(p.pid))
        .map((p) => /UserInstallation=file:\/\/(\S+?)\/profile/.exec(p.cmd.replace(/\0/g, ' '))?.[1])
        .filter((folder): folder is string => folder !== undefined && folder.includes('sp-convert-'))
        .filter((folder) => !fs.existsSync(folder));
    for (let i = 0; i < 50 && orphans().length > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orphans()).toEqual([]);
  }, 120_000);

  it('a document that needs more memory than the limit is refused with a message (LibreOffice cannot even load)', async () => {
    const error = await refusal(countPages(rtf(), 'rtf', 'nang.rtf', { converter: real({ memoryMb: 200 }) }));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/Không chuyển đổi được tệp "nang\.rtf"/);
  }, 120_000);
});
