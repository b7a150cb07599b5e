// Real printers (issue 19), two figures:
// 1. Upload to device: the time from a student's upload (POST /v1/student/printing, a 2-page PDF) to the
//    device taking the job (CUPS's ippeveprinter runs its job hook), p50 and p99 over 50 jobs sent one
//    after another, through the built portal (server/dist) on PGlite with its dispatcher and monitor.
// 2. Monitor cost: the server's CPU time per poll round over 200 IPP printers (every row pointing at one
//    ippeveprinter, each asked Get-Printer-Attributes), in process, median of 5 rounds after a warm-up.
// Needs ippeveprinter (Debian's cups-ipp-utils) and root (it needs dbus and avahi); says so otherwise.
// Every request goes to loopback servers this script starts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { IppPrinter, ippeveprinterMissing } from '../server/test/ipp-printer';
import { median, round1, signIn, startBenchPortal } from './lib/portal';

const JOBS = 50;
const PRINTERS = 200;
const ROUNDS = 5;

async function twoPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Smart Printing', { x: 72, y: 760 });
  doc.addPage([595, 842]).drawText('IPP', { x: 72, y: 760 });
  return doc.save();
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function uploadToDevice(): Promise<void> {
  const printer = await IppPrinter.start({ makeAndModel: 'Bench IPP' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sp-bench-ipp-'));
  const portal = await startBenchPortal(path.join(dataDir, 'pglite'), {
    env: { PRINT_DISPATCHER: 'true', IPP_FOLLOW_INTERVAL: '100ms', PRINTER_MONITOR_INTERVAL: '15s' },
  });
  try {
    const officer = await signIn(portal.url, 'spso@hcmut.edu.vn');
    const added = await fetch(`${portal.url}/v1/spso/printer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${officer.accessToken}` },
      body: JSON.stringify({
        printerId: 'BENCH-IPP',
        brand: 'Bench',
        model: 'IPP',
        location: { facility: 'CS1', department: 'B1', room: '101' },
        deviceUri: printer.uri,
      }),
    });
    if (!added.ok) throw new Error(`adding the printer: HTTP ${added.status}`);
    const student = await signIn(portal.url);
    const pdf = await twoPagePdf();
    const times: number[] = [];
    for (let i = 0; i < JOBS; i += 1) {
      const form = new FormData();
      form.append('printerId', 'BENCH-IPP');
      form.append('documents', JSON.stringify([{}]));
      form.append('file', new Blob([new Uint8Array(pdf)]), `job-${i}.pdf`);
      const started = performance.now();
      const res = await fetch(`${portal.url}/v1/student/printing`, {
        method: 'POST',
        headers: { authorization: `Bearer ${student.accessToken}` },
        body: form,
      });
      if (!res.ok) throw new Error(`print ${i}: HTTP ${res.status} ${await res.text()}`);
      // the device took it: its job hook ran
      while (printer.jobs().length < i + 1) await new Promise((resolve) => setTimeout(resolve, 2));
      times.push(performance.now() - started);
      // the next upload once this job has printed (one job at a time on a device)
      while (printer.printedCount() < i + 1) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    console.log(
      `upload → device accepted (ippeveprinter, ${JOBS} jobs of a 2-page PDF, PGlite): ` +
        `p50 ${round1(percentile(times, 50))} ms, p99 ${round1(percentile(times, 99))} ms, ` +
        `min ${round1(Math.min(...times))} ms, max ${round1(Math.max(...times))} ms`,
    );
  } finally {
    await portal.stop();
    await printer.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function monitorCost(): Promise<void> {
  const [{ buildApp }, { PrinterMonitor }] = await Promise.all([
    import('../server/src/app'),
    import('../server/src/print-queue/printer-monitor'),
  ]);
  const printer = await IppPrinter.start({ makeAndModel: 'Bench IPP' });
  const app = await buildApp({
    env: {},
    config: {
      env: 'test',
      logLevel: 'silent',
      dataDir: 'memory',
      seedDemo: false,
      jwtSecret: 'bench-secret-0123456789abcdef0123456789',
      portalDir: '/nonexistent-portal',
    },
  });
  await app.ready();
  try {
    await app.db.query(
      `INSERT INTO printers (printer_id, facility, department, room, driver_kind, driver_uri)
       SELECT 'MON-' || n, 'CS1', 'B1', '101', 'ipp', $1 FROM generate_series(1, $2::int) n`,
      [printer.uri, PRINTERS],
    );
    const status = { ok: true, printers: 0, offline: 0, lastRoundAt: null as string | null };
    const monitor = new PrinterMonitor({ db: app.db, events: app.events, instanceId: 'bench', status });
    await monitor.round();
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await monitor.round();
      wall.push(performance.now() - started);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
    }
    await monitor.stop();
    console.log(
      `printer monitor, one round over ${status.printers} IPP printers (offline ${status.offline}): ` +
        `server CPU ${round1(median(cpu))} ms (${round1(median(cpu) / PRINTERS)} ms a printer), wall ${round1(median(wall))} ms; ` +
        `every 15 s that is ${round1((median(cpu) / 15_000) * 100)}% of one core`,
    );
  } finally {
    await app.close();
    await printer.stop();
  }
}

export async function benchIppPrint(): Promise<void> {
  const missing = ippeveprinterMissing();
  if (missing) {
    console.log(`ipp-print skipped: ${missing}`);
    return;
  }
  await uploadToDevice();
  await monitorCost();
}
