import {
  LONG_QUEUE_MINUTES,
  type AdminPrinter,
  type AdminPrinterListResponse,
  type StudentPrinterDetail,
  type StudentPrinterItem,
  type StudentPrinterListResponse,
} from 'shared-api/contracts';
import type { Db } from '../../db';
import { activeFileTypes, type OfficeApp } from '../../documents/file-types';
import { errors } from '../../lib/errors';
import { collator, direction, facilityFilter, filterValue } from '../../lib/list-filters';
import { MemoryCache } from '../../lib/memory-cache';
import { ReadyAnswers, type ReadyAnswer, type ReadyNowOrLater, type Serialized } from '../../lib/ready-bytes';
import type { DomainEvents } from '../../events/domain-events';
import { deviceTakesJobs } from '../../print-queue/drivers/ipp/ipp-attributes';
import { nearestShorterPrinter, type PrinterWait } from '../queue-estimate/nearest-printer';
import type { QueueEstimateService } from '../queue-estimate/queue-estimate.service';
import { toAdminPrinter, toStudentPrinter } from './printers.presenters';
import { listPrintersWithCounts } from './printers.repository';
import { readConfigInForce } from '../system-config/system-config.service';
import type { AdminPrinterListQuery, PrinterListQuery } from './printers.schemas';

/** Printer ids are one whatever their case ('b1-109' is B1-109), as the database's lookups compare them. */
const samePrinterId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How stale the in-memory printer list may get when another instance changes it. */
export const PRINTER_CACHE_TTL_MS = 2_000;

export interface PrintersServiceDeps {
  db: Db;
  events: DomainEvents;
  /** The LibreOffice applications of this machine: an Office type without its application is left out. */
  officeApps: ReadonlySet<OfficeApp>;
  printerCacheTtlMs?: number;
  /** How long each printer's queue is (the student rows' estimatedWaitMinutes, longQueue, suggestedPrinter). */
  queueEstimate: QueueEstimateService;
}

/**
 * The student rows with their waits: estimatedWaitMinutes (rounded up: a non-empty queue is at least a
 * minute; null while the printer cannot print: paused or its device offline, stopped or in error),
 * longQueue above LONG_QUEUE_MINUTES, and then the nearest healthy printer of the building with a
 * shorter wait (queue-estimate/nearest-printer.ts).
 */
function withWaits(
  printers: StudentPrinterItem[],
  waitSeconds: ReadonlyMap<string, number | null>,
): StudentPrinterItem[] {
  const waits: PrinterWait[] = printers.map((p) => {
    const healthy = p.status === 1 && (p.device === null || deviceTakesJobs(p.device.state, p.device.reasons));
    // a printer with nothing pending is not in the map: it starts a job at once
    const seconds = waitSeconds.has(p.printerId) ? (waitSeconds.get(p.printerId) ?? null) : 0;
    return {
      printerId: p.printerId,
      location: p.location,
      waitMinutes: healthy && seconds !== null ? Math.ceil(seconds / 60) : null,
      healthy,
    };
  });
  return printers.map((printer, i) => {
    const wait = waits[i];
    const minutes = wait?.waitMinutes ?? null;
    const longQueue = minutes !== null && minutes > LONG_QUEUE_MINUTES;
    const suggestion = longQueue && wait ? nearestShorterPrinter(wait, waits) : null;
    return {
      ...printer,
      estimatedWaitMinutes: minutes,
      longQueue,
      suggestedPrinter: suggestion
        ? {
            printerId: suggestion.printerId,
            location: suggestion.location,
            estimatedWaitMinutes: suggestion.waitMinutes,
          }
        : null,
    };
  });
}

export type PrintersService = ReturnType<typeof createPrintersService>;

/** The printers in service as students, staff and officers see them, served from memory. */
export function createPrintersService(deps: PrintersServiceDeps) {
  const { db, events } = deps;

  const printerCache = new MemoryCache(async () => {
    const rows = await listPrintersWithCounts(db);
    const fileTypes = activeFileTypes((await readConfigInForce(db)).current_file_type, deps.officeApps);
    // the waits move with the queues: printer-changed (every queue change) reloads the list
    const { waitSeconds } = await deps.queueEstimate.estimate(null);
    const admin = rows.map(toAdminPrinter);
    const staff = admin.map(({ deviceUri: _officersOnly, ...printer }) => printer);
    return { printers: withWaits(rows.map(toStudentPrinter), waitSeconds), admin, staff, fileTypes };
  }, deps.printerCacheTtlMs ?? PRINTER_CACHE_TTL_MS);

  // a printer or a queue changed, on whatever module: the list is reloaded before anyone is told
  events.on('printer-changed', () => printerCache.invalidate(), 'state');
  // the allowed file types travel with the list
  events.on('config-changed', () => printerCache.invalidate(), 'state');

  // the student answers as bytes, per generation of the cached list (same for every student): made
  // once after each reload, so they are exactly as fresh as the list (printer-changed, ttl)
  const readyLists = new ReadyAnswers();
  const readyDetails = new ReadyAnswers();

  type PrinterSnapshot = Awaited<ReturnType<typeof printerCache.get>>;

  function studentList({ printers, fileTypes }: PrinterSnapshot, query: PrinterListQuery): StudentPrinterListResponse {
    const status = filterValue(query.status);
    const facility = facilityFilter(query.facility);
    const search = filterValue(query.searchField)?.toLowerCase() ?? null;
    let list = printers.filter(
      (p) =>
        (status === null || p.status === Number(status)) &&
        (facility === null || p.location.facility === facility) &&
        (search === null || p.printerId.toLowerCase().includes(search)),
    );
    const byPrinted = filterValue(query.sortPrinted) === null ? 0 : direction(query.sortPrinted, 1);
    const byName = filterValue(query.sortName) === null ? 0 : direction(query.sortName, 1);
    const byId = direction(query.sortDirection, 1);
    list = [...list].sort(
      (a, b) =>
        byPrinted * (a.printed_count - b.printed_count) ||
        byName * collator.compare(a.printerId, b.printerId) ||
        byId * collator.compare(a.printerId, b.printerId),
    );
    const perPage = query.per_page ?? 100;
    const page = query.page ?? 1;
    return {
      printers: list.slice((page - 1) * perPage, page * perPage),
      total: list.length,
      totalPrinter: printers.length,
      activatedPrinter: printers.filter((p) => p.status === 1).length,
      currentFileType: fileTypes,
    };
  }

  function studentDetail({ printers, fileTypes }: PrinterSnapshot, printerId: string): StudentPrinterDetail {
    const printer = printers.find((p) => samePrinterId(p.printerId, printerId));
    if (!printer) throw errors.notFound(`Không tìm thấy máy in "${printerId}"`);
    return { ...printer, currentFileType: fileTypes };
  }

  return {
    async listPrinters(query: PrinterListQuery): Promise<StudentPrinterListResponse> {
      return studentList(await printerCache.get(), query);
    },

    /**
     * The student list as ready bytes (`write` serializes it as the route answers it), kept per
     * generation of the cached list and query.
     */
    readyPrinterList(
      query: PrinterListQuery,
      write: (list: StudentPrinterListResponse) => Serialized,
      /** The query's key (lib/ready-bytes.ts QueryKeys: remembered per query text). */
      key: string,
    ): ReadyNowOrLater {
      const answer = (snapshot: PrinterSnapshot): ReadyAnswer =>
        readyLists.get(snapshot, key, () => write(studentList(snapshot, query)));
      // the list in memory (nearly every request): answered without a promise
      const snapshot = printerCache.peek();
      return snapshot ? answer(snapshot) : printerCache.get().then(answer);
    },

    /** One printer as ready bytes, kept as the list is; 404 (thrown, or a rejected promise) when unknown. */
    readyPrinter(printerId: string, write: (printer: StudentPrinterDetail) => Serialized): ReadyNowOrLater {
      // no reload on a miss: unknown ids must not bypass the cache (the list is at most ttl old)
      const answer = (snapshot: PrinterSnapshot): ReadyAnswer => {
        const detail = studentDetail(snapshot, printerId);
        return readyDetails.get(snapshot, detail.printerId, () => write(detail));
      };
      const snapshot = printerCache.peek();
      return snapshot ? answer(snapshot) : printerCache.get().then(answer);
    },

    /**
     * The staff and officer list: status, facility and part of the id filter it; sorted by activation
     * time (1 oldest first, -1 newest first), then id. The totals count every printer in service.
     */
    async listAdminPrinters(
      query: AdminPrinterListQuery,
      role: 'staff' | 'spso' = 'spso',
    ): Promise<AdminPrinterListResponse> {
      const { admin: all, staff, fileTypes } = await printerCache.get();
      // the device's address is the officers' (staff see its state, not where it is on the network)
      const admin = role === 'spso' ? all : staff;
      const status = filterValue(query.status);
      const facility = facilityFilter(query.facility);
      const search = filterValue(query.searchField)?.toLowerCase() ?? null;
      const order = direction(query.sortDirection, 1);
      const time = (p: AdminPrinter) => Date.parse(p.activatedTime ?? p.createdAt);
      const printers = admin
        .filter(
          (p) =>
            (status === null || p.status === Number(status)) &&
            (facility === null || p.location.facility === facility) &&
            (search === null || p.printerId.toLowerCase().includes(search)),
        )
        .sort((a, b) => order * (time(a) - time(b)) || collator.compare(a.printerId, b.printerId));
      return {
        printers,
        totalPrinter: admin.length,
        activatedPrinter: admin.filter((p) => p.status === 1).length,
        currentFileType: fileTypes,
      };
    },

    /** One printer in service as staff and officers see it; 404 when unknown or retired. */
    async adminPrinter(printerId: string): Promise<AdminPrinter> {
      const { admin } = await printerCache.get();
      const printer = admin.find((p) => samePrinterId(p.printerId, printerId));
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${printerId}"`);
      return printer;
    },

    /** One printer with its waiting count and the allowed file types. 404 when unknown. */
    async printer(printerId: string): Promise<StudentPrinterDetail> {
      // no reload on a miss: unknown ids must not bypass the cache (the list is at most ttl old)
      return studentDetail(await printerCache.get(), printerId);
    },
  };
}
