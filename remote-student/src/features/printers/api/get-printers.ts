import { apiGet, type StudentPrinterListResponse } from 'shared-api';

/** Sort encodings of the spec: 1 ascending (A-Z), -1 descending (Z-A), null none. */
export type SortValue = 1 | -1 | null;

/** What the student chose on /Printing. */
export interface PrinterFilters {
  searchField: string;
  facility: 'CS1' | 'CS2' | null;
  status: 0 | 1 | null;
  sortName: SortValue;
  sortPrinted: SortValue;
}

export const DEFAULT_PRINTER_FILTERS: PrinterFilters = {
  searchField: '',
  facility: null,
  status: null,
  sortName: null,
  sortPrinted: null,
};

/** Lists are read in one page of 100 (spec section 9). */
export const PER_PAGE = 100;

/** The query of GET /v1/student/printers (API.md): unset filters are left out, sortDirection defaults to 1. */
export function printerQuery(filters: PrinterFilters): Record<string, string | number> {
  const query: Record<string, string | number> = { per_page: PER_PAGE, sortDirection: 1 };
  const search = filters.searchField.trim();
  if (search) query.searchField = search;
  if (filters.facility) query.facility = filters.facility;
  if (filters.status !== null) query.status = filters.status;
  if (filters.sortName !== null) query.sortName = filters.sortName;
  if (filters.sortPrinted !== null) query.sortPrinted = filters.sortPrinted;
  return query;
}

/** GET /v1/student/printers: the printers with their waiting count and the allowed file types. */
export async function getPrinters(filters: PrinterFilters, signal?: AbortSignal): Promise<StudentPrinterListResponse> {
  return apiGet<StudentPrinterListResponse>('/v1/student/printers', { params: printerQuery(filters), signal });
}
