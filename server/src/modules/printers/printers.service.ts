import type {
  AdminPrinter,
  AdminPrinterListResponse,
  StudentPrinterDetail,
  StudentPrinterListResponse,
} from 'shared-api/contracts';
import type { Db } from '../../db';
import { activeFileTypes, type OfficeApp } from '../../documents/file-types';
import { errors } from '../../lib/errors';
import { collator, direction, facilityFilter, filterValue } from '../../lib/list-filters';
import { MemoryCache } from '../../lib/memory-cache';
import type { DomainEvents } from '../../events/domain-events';
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
}

export type PrintersService = ReturnType<typeof createPrintersService>;

/** The printers in service as students, staff and officers see them, served from memory. */
export function createPrintersService(deps: PrintersServiceDeps) {
  const { db, events } = deps;

  const printerCache = new MemoryCache(async () => {
    const rows = await listPrintersWithCounts(db);
    const fileTypes = activeFileTypes((await readConfigInForce(db)).current_file_type, deps.officeApps);
    const admin = rows.map(toAdminPrinter);
    const staff = admin.map(({ deviceUri: _officersOnly, ...printer }) => printer);
    return { printers: rows.map(toStudentPrinter), admin, staff, fileTypes };
  }, deps.printerCacheTtlMs ?? PRINTER_CACHE_TTL_MS);

  // a printer or a queue changed, on whatever module: the list is reloaded before anyone is told
  events.on('printer-changed', () => printerCache.invalidate(), 'state');
  // the allowed file types travel with the list
  events.on('config-changed', () => printerCache.invalidate(), 'state');

  return {
    async listPrinters(query: PrinterListQuery): Promise<StudentPrinterListResponse> {
      const { printers, fileTypes } = await printerCache.get();
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
      const { printers, fileTypes } = await printerCache.get();
      const printer = printers.find((p) => samePrinterId(p.printerId, printerId));
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${printerId}"`);
      return { ...printer, currentFileType: fileTypes };
    },
  };
}
