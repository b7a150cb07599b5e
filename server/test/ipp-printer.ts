import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A real IPP printer for the tests: CUPS's ippeveprinter (Debian's cups-ipp-utils, which .ci/run
 * installs), on a port of this machine, with a hook script that plays the device: it records each job's
 * attributes as the device received them (IPP_COPIES, IPP_SIDES…), and does what the test's control
 * file says (take time, abort with a message, report fewer impressions, raise a state reason).
 */

/** Why real-device tests cannot run here (null: they can): a machine without cups-ipp-utils, or not root. */
export function ippeveprinterMissing(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v ippeveprinter'], { encoding: 'utf8' });
  if (found.status !== 0) return 'ippeveprinter is not installed (apt-get install cups-ipp-utils; .ci/run does)';
  if (process.getuid?.() !== 0)
    return 'ippeveprinter needs the system dbus and avahi daemons, which only root can start';
  return null;
}

let daemonsStarted = false;

/** ippeveprinter needs dbus and avahi running, even with DNS-SD off; both are started once, on loopback only. */
function ensureDaemons(): void {
  if (daemonsStarted) return;
  const running = (name: string) => spawnSync('pgrep', ['-x', name]).status === 0;
  if (!running('dbus-daemon')) {
    fs.mkdirSync('/run/dbus', { recursive: true });
    // A machine restored from an image keeps the pid file of a daemon that no longer runs; dbus refuses to start over it.
    fs.rmSync('/run/dbus/pid', { force: true });
    execFileSync('dbus-daemon', ['--system', '--fork']);
  }
  if (!running('avahi-daemon')) {
    fs.rmSync('/run/avahi-daemon/pid', { force: true });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-avahi-'));
    const conf = path.join(dir, 'avahi-daemon.conf');
    fs.writeFileSync(
      conf,
      '[server]\nallow-interfaces=lo\nuse-ipv6=no\n[publish]\ndisable-publishing=yes\n[wide-area]\nenable-wide-area=no\n',
    );
    execFileSync('avahi-daemon', ['-f', conf, '--no-drop-root', '--no-chroot', '-D']);
  }
  daemonsStarted = true;
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface IppPrinterOptions {
  name?: string;
  makeAndModel?: string;
  /** print-color-mode-supported (default monochrome,color). */
  colorModes?: string[];
  /** sides-supported (default all three). */
  sides?: string[];
}

/** What the device received with one job: its IPP attributes as the hook saw them. */
export type ReceivedJob = Record<string, string>;

export class IppPrinter {
  private process: ChildProcess | null = null;
  readonly dir: string;
  readonly spool: string;
  private readonly control: string;
  private readonly received: string;

  private constructor(
    readonly port: number,
    private readonly options: IppPrinterOptions,
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-ipp-'));
    this.spool = path.join(this.dir, 'spool');
    this.control = path.join(this.dir, 'control');
    this.received = path.join(this.dir, 'received');
    fs.mkdirSync(this.spool);
    fs.mkdirSync(this.received);
    fs.writeFileSync(this.control, '');
    const conf = [
      // ippeveprinter checks documents against this list, but answers its own built-in one (the parser keeps the last)
      'ATTR mimeMediaType document-format-supported application/pdf,image/jpeg,image/png,text/plain',
      `ATTR text printer-make-and-model "${options.makeAndModel ?? 'Smart Printing Test 1000'}"`,
      `ATTR keyword sides-supported ${(options.sides ?? ['one-sided', 'two-sided-long-edge', 'two-sided-short-edge']).join(',')}`,
      'ATTR keyword media-supported iso_a4_210x297mm,iso_a3_297x420mm',
      'ATTR rangeOfInteger number-up-supported 1-16',
      `ATTR keyword print-color-mode-supported ${(options.colorModes ?? ['monochrome', 'color']).join(',')}`,
    ];
    fs.writeFileSync(path.join(this.dir, 'printer.conf'), `${conf.join('\n')}\n`);
    // the device: records the job, then does what the control file says (one "key=value" a line)
    const hook = `#!/bin/sh
job="$IPP_JOB_ID-$(date +%s%N)"
env | grep '^IPP_' > "${this.received}/$job.env"
get() { sed -n "s/^$1=//p" "${this.control}" | tail -n 1; }
[ -n "$(get state)" ] && echo "STATE: $(get state)" >&2
[ -n "$(get sleep)" ] && sleep "$(get sleep)"
if [ -n "$(get fail)" ]; then echo "ERROR: $(get fail)" >&2; exit 1; fi
[ -n "$(get impressions)" ] && echo "ATTR: job-impressions-completed=$(get impressions)" >&2
echo "done" > "${this.received}/$job.done"
exit 0
`;
    fs.writeFileSync(path.join(this.dir, 'hook.sh'), hook, { mode: 0o755 });
  }

  /** Starts a printer on a free port (or the given one: a restart keeps its address). */
  static async start(options: IppPrinterOptions = {}, port?: number): Promise<IppPrinter> {
    ensureDaemons();
    const printer = new IppPrinter(port ?? (await freePort()), options);
    await printer.launch();
    return printer;
  }

  get uri(): string {
    return `ipp://localhost:${this.port}/ipp/print`;
  }

  private async launch(): Promise<void> {
    const child = spawn(
      'ippeveprinter',
      [
        '-r',
        'off',
        '-p',
        String(this.port),
        '-n',
        'localhost',
        '-k',
        '-d',
        this.spool,
        '-a',
        path.join(this.dir, 'printer.conf'),
        '-c',
        path.join(this.dir, 'hook.sh'),
        this.options.name ?? 'SmartPrintingTest',
      ],
      // its own process group: a kill takes the job hooks it started with it (a power cut ends the job too)
      { stdio: ['ignore', 'ignore', fs.openSync(path.join(this.dir, 'log'), 'a')], detached: true },
    );
    this.process = child;
    // answering once its port accepts connections
    const end = Date.now() + 10_000;
    while (Date.now() < end) {
      if (await accepts(this.port)) return;
      if (child.exitCode !== null) throw new Error(`ippeveprinter exited with ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('ippeveprinter did not start');
  }

  /** What the next jobs do: sleep (seconds), fail (a message: the job aborts), impressions, state (+media-empty-error). */
  set(control: Record<string, string | number>): void {
    fs.writeFileSync(
      this.control,
      Object.entries(control)
        .map(([key, value]) => `${key}=${value}`)
        .join('\n') + '\n',
    );
  }

  /** Every job the device received, in order, with its attributes. */
  jobs(): ReceivedJob[] {
    return fs
      .readdirSync(this.received)
      .filter((name) => name.endsWith('.env'))
      .sort((a, b) => Number(a.split('-')[1]?.split('.')[0]) - Number(b.split('-')[1]?.split('.')[0]))
      .map((name) => {
        const entries = fs
          .readFileSync(path.join(this.received, name), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
        return Object.fromEntries(entries);
      });
  }

  /** The device's own log: one line per request ('… Create-Job successful-ok'). */
  log(): string {
    return fs.readFileSync(path.join(this.dir, 'log'), 'utf8');
  }

  /** Jobs the hook finished (printed). */
  printedCount(): number {
    return fs.readdirSync(this.received).filter((name) => name.endsWith('.done')).length;
  }

  /** Kills the device at once (a power cut): jobs it held are lost with it. */
  async kill(): Promise<void> {
    const child = this.process;
    this.process = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      // the whole group: ippeveprinter and the hook of the job it was printing
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
    await exited;
  }

  /** The same device back on the same port (its job ids start again at 1). */
  async restart(): Promise<void> {
    await this.kill();
    await this.launch();
  }

  async stop(): Promise<void> {
    await this.kill();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
