// Benchmarks that print figures (not timed tests). Run: npm run bench (after npm run build): the groups
// foundation, printing and frontend. Every load goes to loopback servers this script starts, for a
// bounded time. The server figures of `foundation` and `printing` run on PGlite and, when DATABASE_URL
// names a PostgreSQL server, again on a fresh database of that server, then print side by side
// (figure | PGlite | PostgreSQL): `bash server/scripts/with-postgres.sh npm run bench -- printing`.
// `npm run bench -- frontend` every page's JavaScript per role and the LCP of the first pages (issue 22);
// `npm run bench -- printing` runs only the student-printing figures of issue 3; one of them alone:
// `npm run bench -- print-accept | printers-list | filter-logs`; `npm run bench -- foundation` hello-world and /v1/user/information;
// `npm run bench -- upload-memory` the server's memory under 8 parallel 200 MB uploads (issue 7);
// `npm run bench -- printer-log` a printer's log with 100,000 jobs against one with ten (issue 10);
// `npm run bench -- notice-fanout` one notice event to 1,000 connected sockets, `notice-list` the notice
// page with 10,000 notices (issue 11); `student-activity` the officers' student list with 30,000 students (issue 12);
// `report-queries` the officers' reports and their archive at 1,000,000 jobs (issue 12); `ipp-print` upload to
// an IPP device's acceptance over 50 jobs and the printer monitor's CPU per round over 200 printers (issue 19);
// `student-import` the registrar's CSV of 30,000 students: dry run, apply, again, updates (issue 20);
// `upload-store` a shared folder against PostgreSQL for uploaded documents, `cluster` two instances behind
// nginx against one and an event fanned out to 1,000 sockets over them (issue 23; both need DATABASE_URL);
// `idle-shapes` what idle full collections cost a server's request path, and the server's keeper (issue 22).
import { benchDrivers, type DbDriver } from './lib/database';
import type { LoadResult } from './lib/load';
import { SideBySide, type FigureRows } from './lib/side-by-side';
import { benchFoundation, type FoundationFigures } from './foundation';
import { benchFrontend } from './frontend';
import { benchPrintAccept, type PrintAcceptFigures } from './print-accept';
import { benchPrintersList, type PrintersListFigures } from './printers-list';
import { benchFilterLogs, type FilterLogsFigures } from './filter-logs';
import { benchUploadMemory } from './upload-memory';
import { benchPrinterLog } from './printer-log';
import { benchNoticeFanout } from './notice-fanout';
import { benchNoticeList } from './notice-list';
import { benchStudentActivity } from './student-activity';
import { benchReportQueries } from './report-queries';
import { benchIppPrint } from './ipp-print';
import { benchStudentImport } from './student-import';
import { benchUploadStore } from './upload-store';
import { benchCluster } from './cluster';
import { benchIdleShapes } from './idle-shapes';

const rate = (r: LoadResult): string => `${r.reqPerSec} req/s, p99 ${r.p99Ms} ms`;
const ms = (n: number | null): string => (n === null ? '?' : `${n} ms`);

/** A benchmark run once per database driver; its figures go to the side-by-side table. */
interface DriverBench {
  perDriver: (driver: DbDriver) => Promise<FigureRows>;
}
type Bench = (() => Promise<unknown>) | DriverBench;

const foundation: DriverBench = {
  perDriver: async (driver) => {
    const f: FoundationFigures = await benchFoundation(driver);
    return [
      ['foundation: bare Fastify hello-world (in process)', rate(f.hello)],
      ['foundation: GET /v1/user/information', rate(f.information)],
      ['foundation: /v1/user/information, share of hello-world', `${f.sharePct.toFixed(1)} %`],
    ];
  },
};

const printAccept: DriverBench = {
  perDriver: async (driver) => {
    const f: PrintAcceptFigures = await benchPrintAccept(driver);
    return [
      [
        'print-accept (10 MB, 200 pages): server time, median of 5 (max)',
        `${ms(f.medianServerMs)} (${ms(f.maxServerMs)})`,
      ],
      ['print-accept: wall time, median of 5 (max)', `${f.medianWallMs} ms (${f.maxWallMs} ms)`],
    ];
  },
};

const printersList: DriverBench = {
  perDriver: async (driver) => {
    const f: PrintersListFigures = await benchPrintersList(driver);
    return [
      [`printers-list: bare Fastify hello-world (own process; the median round of ${f.rounds})`, rate(f.hello)],
      [`printers-list: GET /v1/student/printers (${f.printerCount} printers)`, rate(f.printers)],
      ['printers-list: printers, share of hello-world (median of rounds)', `${f.sharePct.toFixed(1)} %`],
      ['printers-list: printers with accept-encoding: br, gzip', rate(f.printersCompressed)],
      ['printers-list: printers (br, gzip), share of hello-world', `${f.compressedSharePct.toFixed(1)} %`],
      [
        'printers-list: a bare Fastify sending the same bytes, share of hello-world',
        `${f.sameBytesSharePct.toFixed(1)} %`,
      ],
      ['printers-list: GET /v1/user/information', rate(f.information)],
      ['printers-list: /v1/user/information, share of hello-world', `${f.informationSharePct.toFixed(1)} %`],
    ];
  },
};

const filterLogs: DriverBench = {
  perDriver: async (driver) => {
    const f: FilterLogsFigures = await benchFilterLogs(driver);
    const rows: FigureRows = [
      ['filter-logs: bare SELECT 1 route (own process, same driver)', rate(f.select1)],
      ['filter-logs: GET /v1/student/filterLogs per_page=100 (1k logs)', rate(f.filterLogs)],
      ['filter-logs: filterLogs, share of SELECT 1', `${f.sharePct.toFixed(1)} %`],
    ];
    for (const s of f.sizes) {
      const n = s.logs.toLocaleString('en-US');
      rows.push([
        `filter-logs: loading the logs up to ${n} (from the size before)`,
        `${(s.insertMs / 1000).toFixed(1)} s`,
      ]);
      rows.push([
        `filter-logs: one call at ${n} logs, server ms: per_page=10 / not cached / per_page=100`,
        `${ms(s.medianSmallServerMs)} / ${ms(s.medianColdServerMs)} / ${ms(s.medianServerMs)}`,
      ]);
      rows.push([
        `filter-logs: EXPLAIN ANALYZE at ${n} logs: list / totals / printer list reload`,
        `${ms(s.listPlanMs)} / ${ms(s.totalsPlanMs)} / ${ms(s.printersPlanMs)}`,
      ]);
    }
    const [first, last] = [f.sizes[0], f.sizes.at(-1)];
    if (first && last && first !== last) {
      const growth =
        (last.medianSmallServerMs ?? last.medianSmallMs) / (first.medianSmallServerMs ?? first.medianSmallMs);
      rows.push([
        `filter-logs: growth of one call per_page=10, ${first.logs} → ${last.logs} logs`,
        `${growth.toFixed(2)}×`,
      ]);
    }
    if (f.printersAtMost)
      rows.push(['filter-logs: GET /v1/student/printers with the most logs', rate(f.printersAtMost)]);
    return rows;
  },
};

const GROUPS: Record<string, Bench[]> = {
  foundation: [foundation],
  printing: [printAccept, printersList, filterLogs],
  frontend: [benchFrontend],
  'print-accept': [printAccept],
  'printers-list': [printersList],
  'filter-logs': [filterLogs],
  'upload-memory': [benchUploadMemory],
  'printer-log': [benchPrinterLog],
  'notice-fanout': [benchNoticeFanout],
  'notice-list': [benchNoticeList],
  'student-activity': [benchStudentActivity],
  'student-import': [benchStudentImport],
  'report-queries': [benchReportQueries],
  'ipp-print': [benchIppPrint],
  'upload-store': [benchUploadStore],
  cluster: [benchCluster],
  'idle-shapes': [benchIdleShapes],
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
  const selected = names.length > 0 ? names : ['foundation', 'printing', 'frontend'];
  const drivers = benchDrivers();
  const table = new SideBySide();
  for (const name of selected) {
    for (const bench of GROUPS[name] ?? []) {
      if (typeof bench === 'function') await bench();
      else for (const driver of drivers) table.add(driver, await bench.perDriver(driver));
    }
  }
  table.print(drivers);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
