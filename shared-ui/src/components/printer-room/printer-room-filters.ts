import type { AdminPrinterListQuery, FacilityCode, PrinterStatus } from 'shared-api';

/** What a staff member or an officer chose above the printer list. */
export interface PrinterRoomFilters {
  /** Part of a printer id, any case ('' = all). */
  searchField: string;
  status: PrinterStatus | null;
  facility: FacilityCode | null;
  /** Activation time: 1 oldest first, -1 newest first. */
  sortDirection: 1 | -1;
}

export const DEFAULT_PRINTER_ROOM_FILTERS: PrinterRoomFilters = {
  searchField: '',
  status: null,
  facility: null,
  sortDirection: 1,
};

/** The query of GET /v1/{staff|spso}/printers: a filter left at "all" is not sent. */
export function printerRoomQuery(filters: PrinterRoomFilters): AdminPrinterListQuery {
  const query: AdminPrinterListQuery = { sortDirection: filters.sortDirection === -1 ? '-1' : '1' };
  const search = filters.searchField.trim();
  if (search) query.searchField = search;
  if (filters.status !== null) query.status = filters.status === 1 ? '1' : '0';
  if (filters.facility) query.facility = filters.facility;
  return query;
}
