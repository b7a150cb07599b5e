// Benchmarks that print figures (not timed tests). Run: npm run bench (after npm run build).
// Every load goes to loopback servers this script starts, for a bounded time.
// `npm run bench -- printing` runs only the student-printing figures of issue 3; one of them alone:
// `npm run bench -- print-accept | printers-list | filter-logs`; `npm run bench -- foundation` the rest;
// `npm run bench -- upload-memory` the server's memory under 8 parallel 200 MB uploads (issue 7);
// `npm run bench -- printer-log` a printer's log with 100,000 jobs against one with ten (issue 10);
// `npm run bench -- notice-fanout` one notice event to 1,000 connected sockets, `notice-list` the notice
// page with 10,000 notices (issue 11); `student-activity` the officers' student list with 30,000 students (issue 12);
// `report-queries` the officers' reports and their archive at 1,000,000 jobs (issue 12); `ipp-print` upload to
// an IPP device's acceptance over 50 jobs and the printer monitor's CPU per round over 200 printers (issue 19);
// `student-import` the registrar's CSV of 30,000 students: dry run, apply, again, updates (issue 20).
import { launchBrowser } from '../e2e/support/browser';
import { startPortal } from '../e2e/support/portal';
import { load } from './lib/load';
import { startHelloWorld } from './hello-world';
import { measurePage, type PageWeight } from './page-weight';
import { benchPrintAccept } from './print-accept';
import { benchPrintersList } from './printers-list';
import { benchFilterLogs } from './filter-logs';
import { benchUploadMemory } from './upload-memory';
import { benchPrinterLog } from './printer-log';
import { benchNoticeFanout } from './notice-fanout';
import { benchNoticeList } from './notice-list';
import { benchStudentActivity } from './student-activity';
import { benchReportQueries } from './report-queries';
import { benchIppPrint } from './ipp-print';
import { benchStudentImport } from './student-import';

async function signIn(url: string, email: string): Promise<{ accessToken: string; refreshToken: string }> {
  const res = await fetch(`${url}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Demo@12345' }),
  });
  if (!res.ok) throw new Error(`login ${email}: HTTP ${res.status}`);
  const body = (await res.json()) as { data: { accessToken: string; refreshToken: string } };
  return body.data;
}

async function foundation(): Promise<void> {
  const hello = await startHelloWorld();
  const base = await load(hello.url);
  await hello.close();
  console.log(`bare Fastify hello-world: ${base.reqPerSec} req/s, p99 ${base.p99Ms} ms (50 connections)`);

  const portal = await startPortal({ ACCESS_TOKEN_TTL: '1h', LOG_LEVEL: 'error' });
  try {
    const student = await signIn(portal.url, 'student@hcmut.edu.vn');
    const info = await load(`${portal.url}/v1/user/information`, {
      headers: { authorization: `Bearer ${student.accessToken}` },
    });
    console.log(
      `GET /v1/user/information (student, authenticated, PGlite): ${info.reqPerSec} req/s, p99 ${info.p99Ms} ms, non-2xx ${info.non2xx}; ` +
        `${((info.reqPerSec / base.reqPerSec) * 100).toFixed(1)}% of hello-world`,
    );

    const browser = await launchBrowser();
    const weights: PageWeight[] = [];
    try {
      weights.push(await measurePage(browser, `${portal.url}/#/`, 'landing (/)', undefined, 'Dịch vụ'));
      weights.push(await measurePage(browser, `${portal.url}/#/Login`, 'login (/Login)', undefined, 'Đăng nhập'));
      for (const [role, email] of [
        ['student', 'student@hcmut.edu.vn'],
        ['staff', 'staff@hcmut.edu.vn'],
        ['spso', 'spso@hcmut.edu.vn'],
      ] as const) {
        const tokens = await signIn(portal.url, email);
        weights.push(
          await measurePage(
            browser,
            `${portal.url}/#/Home`,
            `first signed-in page, ${role} (/Home)`,
            tokens,
            'Xin chào',
          ),
        );
      }
    } finally {
      await browser.close();
    }
    console.log('\nJavaScript each page loads (gzip, fresh browser):');
    for (const w of weights)
      console.log(`  ${w.page.padEnd(40)} ${String(w.gzipKB).padStart(7)} KB in ${w.files} files`);
  } finally {
    await portal.stop();
  }
}

const GROUPS: Record<string, (() => Promise<unknown>)[]> = {
  foundation: [foundation],
  printing: [benchPrintAccept, benchPrintersList, benchFilterLogs],
  'print-accept': [benchPrintAccept],
  'printers-list': [benchPrintersList],
  'filter-logs': [benchFilterLogs],
  'upload-memory': [benchUploadMemory],
  'printer-log': [benchPrinterLog],
  'notice-fanout': [benchNoticeFanout],
  'notice-list': [benchNoticeList],
  'student-activity': [benchStudentActivity],
  'student-import': [benchStudentImport],
  'report-queries': [benchReportQueries],
  'ipp-print': [benchIppPrint],
};

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => arg !== '--');
  for (const name of names) {
    if (!GROUPS[name])
      throw new Error(`unknown benchmark "${name}"; one of: ${Object.keys(GROUPS).join(', ')} (none = all)`);
  }
  const os = await import('node:os');
  console.log(
    `Smart Printing benchmarks — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}\n`,
  );
  const selected = names.length > 0 ? names : ['foundation', 'printing'];
  for (const name of selected) for (const bench of GROUPS[name] ?? []) await bench();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
