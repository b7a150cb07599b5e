import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../lib/errors';
import { conversionFailed, CostlyDocumentError, unprocessable } from './refusals';

/**
 * LibreOffice conversions (Office and OpenDocument files to PDF), treated as the hostile work they are:
 * - soffice runs without network access (`unshare -n` where this machine allows it; see NetworkSandbox),
 *   with its own fresh profile, a memory limit (`ulimit -v`) and a largest file it may write
 *   (`ulimit -f`);
 * - its time limit grows with the file (conversionTimeoutMs); past it the whole process group is killed
 *   (soffice.bin survives a kill of the soffice script alone), so a document that hangs the converter
 *   frees its slot for the next one instead of freezing it;
 * - at most `concurrency` conversions run and at most `maxWaiting` wait (ConversionQueue): beyond, a
 *   503 at once rather than a request that waits for minutes;
 * - soffice exits 0 when it fails (it just writes nothing): success is a file that starts as a PDF.
 */

/** Largest PDF a conversion may produce (it is read into memory once counted, then stored). */
export const MAX_CONVERTED_BYTES = 100 * 1_048_576;

/** The limits of conversions; the server reads them from its configuration (CONVERSION_* variables). */
export interface ConversionLimits {
  /** Time limit of any conversion, whatever its size. */
  baseTimeoutMs: number;
  /** Time added per MB of the received file. */
  timeoutMsPerMb: number;
  /** The time limit never goes beyond this. */
  maxTimeoutMs: number;
  /** Address space of soffice and its children (ulimit -v); a document that needs more is refused. */
  memoryMb: number;
  /** Conversions running at once (each is a process of a few hundred MB). */
  concurrency: number;
  /** Conversions waiting for a slot, at most; one more is refused with 503. */
  maxWaiting: number;
}

export const DEFAULT_CONVERSION_LIMITS: Readonly<ConversionLimits> = {
  baseTimeoutMs: 20_000,
  timeoutMsPerMb: 10_000,
  maxTimeoutMs: 120_000,
  memoryMb: 1_536,
  concurrency: 2,
  maxWaiting: 8,
};

/**
 * The time limit of converting a file of `sizeBytes`: the base, plus per MB, at most the cap. A small
 * file that hangs LibreOffice holds a slot for seconds, not minutes; a large one gets the time it needs.
 */
export function conversionTimeoutMs(
  sizeBytes: number,
  limits: Pick<ConversionLimits, 'baseTimeoutMs' | 'timeoutMsPerMb' | 'maxTimeoutMs'>,
): number {
  const proportional = limits.baseTimeoutMs + Math.ceil((sizeBytes / 1_048_576) * limits.timeoutMsPerMb);
  return Math.min(limits.maxTimeoutMs, proportional);
}

/** An executable of this name on PATH, or null. */
export function findOnPath(names: readonly string[], pathVariable = process.env.PATH ?? ''): string | null {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    for (const name of names) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

let sofficeOnPath: string | null | undefined;

/** soffice (or libreoffice) on PATH, looked up once. */
export function findSoffice(): string | null {
  sofficeOnPath ??= findOnPath(['soffice', 'libreoffice']);
  return sofficeOnPath;
}

/**
 * How a conversion is cut off from the network: the command that runs soffice in a new, empty network
 * namespace (`unshare -n --`, or `unshare -r -n --` where only user namespaces are allowed). A document
 * that makes LibreOffice fetch a linked image or a remote template then reaches nothing.
 */
export interface NetworkSandbox {
  command: string;
  args: readonly string[];
}

/** Runs a command and answers whether it exited 0 (the detection's probe; tests give their own). */
export type CommandProbe = (command: string, args: readonly string[]) => boolean;

const probeCommand: CommandProbe = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'ignore', timeout: 5_000 });
  return result.status === 0;
};

/**
 * The network sandbox this machine allows, tried once at start: `unshare -n` (root or CAP_SYS_ADMIN),
 * else `unshare -r -n` (unprivileged user namespaces), else null (no unshare, or a container that
 * forbids namespaces): conversions then run with the network and the server says so in its log.
 */
export function detectNetworkSandbox(
  unshare: string | null = findOnPath(['unshare']),
  probe: CommandProbe = probeCommand,
): NetworkSandbox | null {
  if (!unshare) return null;
  for (const args of [
    ['-n', '--'],
    ['-r', '-n', '--'],
  ]) {
    if (probe(unshare, [...args, 'true'])) return { command: unshare, args };
  }
  return null;
}

/** Too many conversions waiting: refused at once (the student may send a PDF, or retry later). */
export const conversionQueueFull = () =>
  new AppError(
    503,
    'SERVICE_UNAVAILABLE',
    'Máy chủ đang chuyển đổi quá nhiều tài liệu cùng lúc. Vui lòng thử lại sau ít phút, hoặc gửi bản PDF của tài liệu',
  );

/**
 * At most `concurrency` tasks at once and at most `maxWaiting` waiting for their turn; one more is
 * refused (503) rather than queued without bound. A slot is always given back, whatever the task did.
 */
export class ConversionQueue {
  private active = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Runs `task` in a slot, after the ones before it; 503 when the waiting line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiters.length >= this.maxWaiting) throw conversionQueueFull();
      // the slot is handed over by the task that ends (active is not decremented in between)
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

/** Where the converter reports what an operator should know (pino's signature; tests pass a spy). */
export interface ConverterLog {
  warn(details: object, message: string): void;
}

export interface OfficeConverterOptions {
  soffice: string;
  sandbox: NetworkSandbox | null;
  limits?: Partial<ConversionLimits>;
  log?: ConverterLog;
}

/** How one soffice run ended. */
type RunOutcome = 'exited' | 'timed-out' | 'failed';

/** Bytes of soffice's stderr kept for the log when a conversion fails. */
const STDERR_TAIL_BYTES = 2_048;

/** sh runs this with: memory KB, file size blocks, then the command: limits first, then exec (one process group). */
const LIMITED_EXEC = 'ulimit -v "$1" && ulimit -f "$2" || exit 125; shift 2; exec "$@"';

/** Kills a detached child's whole process group (soffice.bin survives a kill of the soffice script). */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

/** The last `bytes` of a file as text ('' when it cannot be read). */
async function readTail(file: string, bytes: number): Promise<string> {
  try {
    const text = await fs.promises.readFile(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '';
  }
}

/**
 * The LibreOffice converter of this server: built once (the services plugin) from the detected tools
 * and the configured limits, shared by every upload so the queue bounds the whole process.
 */
export class OfficeConverter {
  readonly limits: ConversionLimits;
  readonly queue: ConversionQueue;
  private readonly soffice: string;
  private readonly sandbox: NetworkSandbox | null;
  private readonly log: ConverterLog | undefined;

  constructor(options: OfficeConverterOptions) {
    this.soffice = options.soffice;
    this.sandbox = options.sandbox;
    this.log = options.log;
    this.limits = { ...DEFAULT_CONVERSION_LIMITS, ...options.limits };
    this.queue = new ConversionQueue(this.limits.concurrency, this.limits.maxWaiting);
    if (!this.sandbox) {
      this.log?.warn(
        { soffice: this.soffice },
        'LibreOffice conversions run WITH network access: unshare is missing here or namespaces are not permitted ' +
          '(install util-linux, or allow unprivileged user namespaces, to cut conversions off the network)',
      );
    }
  }

  /** Whether conversions run cut off from the network. */
  get sandboxed(): boolean {
    return this.sandbox !== null;
  }

  /**
   * Converts `file` (an Office/OpenDocument file of this extension) to PDF and hands the PDF's path to
   * `withPdf` (which counts and reads it); the temporary folder is removed afterwards. 422 when
   * LibreOffice fails, writes nothing or something that is not a PDF, or writes too much; a
   * CostlyDocumentError when it runs past the time limit; 503 when too many conversions wait.
   */
  async convert<T>(
    file: string,
    extension: string,
    label: string,
    withPdf: (pdfFile: string) => Promise<T>,
  ): Promise<T> {
    const { size } = await fs.promises.stat(file);
    const timeoutMs = conversionTimeoutMs(size, this.limits);
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sp-convert-'));
    try {
      const input = path.join(dir, `document.${extension}`);
      const outDir = path.join(dir, 'out');
      await fs.promises.mkdir(outDir);
      // LibreOffice names its output after its input and picks the filter by the extension: a copy named so
      await fs.promises.copyFile(file, input);
      const outcome = await this.queue.run(() => this.runSoffice(dir, input, outDir, timeoutMs, label));
      if (outcome === 'timed-out') {
        throw new CostlyDocumentError(
          `Chuyển đổi tệp "${label}" sang PDF quá thời gian cho phép (${Math.round(timeoutMs / 1000)} giây): tệp quá phức tạp hoặc làm treo công cụ chuyển đổi, không thể in`,
        );
      }
      const output = path.join(outDir, 'document.pdf');
      await this.checkOutput(output, label);
      return await withPdf(output);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** soffice wrote a PDF of a size we take (it exits 0 having written nothing when it fails). */
  private async checkOutput(output: string, label: string): Promise<void> {
    const stat = await fs.promises.stat(output).catch(() => null);
    if (!stat?.isFile() || stat.size === 0) throw conversionFailed(label);
    if (stat.size > MAX_CONVERTED_BYTES) {
      throw unprocessable(`Tệp "${label}" sau khi chuyển sang PDF quá lớn để in`);
    }
    const handle = await fs.promises.open(output, 'r');
    try {
      const head = Buffer.alloc(5);
      await handle.read(new Uint8Array(head.buffer, head.byteOffset, head.byteLength), 0, 5, 0);
      if (head.toString('latin1') !== '%PDF-') throw conversionFailed(label);
    } finally {
      await handle.close();
    }
  }

  /** The command line: sh sets the limits, then execs (the sandbox, then) soffice. */
  private commandLine(dir: string, input: string, outDir: string): string[] {
    const memoryKb = this.limits.memoryMb * 1024;
    // ulimit -f counts 512-byte blocks in POSIX sh: the largest PDF we take, with room for LibreOffice's own files
    const fileBlocks = Math.ceil((MAX_CONVERTED_BYTES * 2) / 512);
    const soffice = [
      this.soffice,
      `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
      '--headless',
      '--invisible',
      '--norestore',
      '--nolockcheck',
      '--nodefault',
      '--nologo',
      '--convert-to',
      'pdf',
      '--outdir',
      outDir,
      input,
    ];
    const sandbox = this.sandbox ? [this.sandbox.command, ...this.sandbox.args] : [];
    return ['-c', LIMITED_EXEC, 'soffice-limited', String(memoryKb), String(fileBlocks), ...sandbox, ...soffice];
  }

  /**
   * One soffice run in its own process group (detached): past `timeoutMs` the whole group is killed, and
   * once soffice exits whatever it left running is killed too. Never rejects.
   */
  private async runSoffice(
    dir: string,
    input: string,
    outDir: string,
    timeoutMs: number,
    label: string,
  ): Promise<RunOutcome> {
    // soffice's messages go to a file in the temporary folder (bounded by ulimit -f), read when it fails
    const stderrFile = path.join(dir, 'stderr.log');
    const stderrFd = await fs.promises.open(stderrFile, 'w');
    let outcome: RunOutcome;
    let details: object;
    try {
      [outcome, details] = await new Promise<[RunOutcome, object]>((resolve) => {
        const child = spawn('/bin/sh', this.commandLine(dir, input, outDir), {
          cwd: dir,
          detached: true,
          stdio: ['ignore', 'ignore', stderrFd.fd],
          // Only what soffice needs: a document's macros never see the server's secrets (JWT, database URL,
          // gateway keys). LibreOffice writes into HOME besides its profile: the temporary folder.
          env: conversionEnv(dir),
        });
        let settled = false;
        const finish = (result: RunOutcome, more: object) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          // whatever soffice left running (soffice.bin, its helpers) goes with it, on success too
          killGroup(child.pid);
          resolve([result, more]);
        };
        const timer = setTimeout(() => finish('timed-out', {}), timeoutMs);
        child.on('error', (error) => finish('failed', { err: error }));
        // a non-zero exit (a crash, the memory limit) is a failure; 0 is judged by the output
        child.on('exit', (code, signal) => finish(code === 0 ? 'exited' : 'failed', { code, signal }));
      });
    } finally {
      await stderrFd.close();
    }
    if (outcome !== 'exited') {
      const stderr = await readTail(stderrFile, STDERR_TAIL_BYTES);
      this.log?.warn({ label, timeoutMs, outcome, ...details, stderr }, 'LibreOffice conversion refused');
    }
    return outcome;
  }
}

/** The environment of one conversion: the path, the language and a home of its own, nothing of the server's. */
export function conversionEnv(home: string, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { HOME: home, PATH: from.PATH ?? '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' };
  for (const name of ['TZ', 'TMPDIR', 'SAL_USE_VCLPLUGIN']) if (from[name] !== undefined) env[name] = from[name];
  return env;
}
