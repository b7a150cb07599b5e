import type {
  AdminPrinter,
  AdminPrinterListQuery,
  AdminPrinterListResponse,
  PrinterChangeResponse,
  PrinterInput,
  PrinterProbeResponse,
  PrinterStatus,
  PrintingLogResponse,
  PrintingQueueResponse,
  StudentHistoryResponse,
} from '../contracts';
import { apiDelete, apiGet, apiPost, apiPut } from './request';

/** The two roles that reach the printer room; each has its own route prefix (/v1/staff, /v1/spso). */
export type PrinterRoomRole = 'staff' | 'spso';

/** A page of a printer's log, optionally within a date range ('YYYY-MM-DD', Vietnam days). */
export interface PrintingLogQuery {
  printerId: string;
  startDate?: string | null;
  endDate?: string | null;
  page: number;
  per_page: number;
}

/** A student's jobs between two days, one page. */
export interface StudentHistoryQuery {
  studentId: string;
  start?: string | null;
  end?: string | null;
  page: number;
  per_page: number;
}

/** The fields of a printer an officer changes (printerId names it; the rest only when given). */
export type PrinterUpdateInput = Pick<PrinterInput, 'printerId'> & Partial<Omit<PrinterInput, 'printerId'>>;

/** Leaves out empty values: the server reads an absent parameter as "all". */
function definedParams(query: object): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = value as string | number;
  }
  return params;
}

/** GET /v1/{staff|spso}/printers: the printers for the filter, with the system-wide totals. */
export function getAdminPrinters(
  role: PrinterRoomRole,
  query: AdminPrinterListQuery,
  signal?: AbortSignal,
): Promise<AdminPrinterListResponse> {
  return apiGet<AdminPrinterListResponse>(`/v1/${role}/printers`, { params: definedParams(query), signal });
}

/** GET /v1/{staff|spso}/printingQueue: the job being printed and the ones waiting, in print order. */
export function getPrintingQueue(
  role: PrinterRoomRole,
  printerId: string,
  signal?: AbortSignal,
): Promise<PrintingQueueResponse> {
  return apiGet<PrintingQueueResponse>(`/v1/${role}/printingQueue`, { params: { printerId }, signal });
}

/** GET /v1/{staff|spso}/printingLog: one page of a printer's log, newest first. */
export function getPrintingLog(
  role: PrinterRoomRole,
  query: PrintingLogQuery,
  signal?: AbortSignal,
): Promise<PrintingLogResponse> {
  return apiGet<PrintingLogResponse>(`/v1/${role}/printingLog`, { params: definedParams(query), signal });
}

/**
 * Turns a printer on (1) or off (0): staff through PUT /v1/staff/printer (status only), officers through
 * their printer update. Turning off fails and refunds the waiting jobs (jobsFailed, pagesRefunded).
 */
export function setPrinterStatus(
  role: PrinterRoomRole,
  printerId: string,
  status: PrinterStatus,
): Promise<PrinterChangeResponse> {
  return apiPut<PrinterChangeResponse>(`/v1/${role}/printer`, { printerId, status });
}

/** PUT /v1/spso/printer: an officer changes a printer's brand, model, location, description or status. */
export function updatePrinter(input: PrinterUpdateInput): Promise<PrinterChangeResponse> {
  return apiPut<PrinterChangeResponse>('/v1/spso/printer', input);
}

/** POST /v1/spso/printer: a new printer (409 for an id in use, 400 naming a bad field). */
export function createPrinter(input: PrinterInput): Promise<PrinterChangeResponse> {
  return apiPost<PrinterChangeResponse>('/v1/spso/printer', input);
}

/**
 * POST /v1/spso/printer/probe: asks the device at `deviceUri` (ipp:// or ipps://) what it is and how it is.
 * Refusals carry the server's message: 400 for another scheme, 422 (DEVICE_UNREACHABLE) when the device
 * did not answer within 5 s.
 */
export function probePrinter(deviceUri: string, signal?: AbortSignal): Promise<PrinterProbeResponse> {
  return apiPost<PrinterProbeResponse>('/v1/spso/printer/probe', { deviceUri }, { signal });
}

/** DELETE /v1/spso/printer: retires a printer, its history kept (409 while it has pending jobs). */
export function retirePrinter(printerId: string): Promise<AdminPrinter> {
  return apiDelete<AdminPrinter>('/v1/spso/printer', { data: { printerId } });
}

/** GET /v1/staff/studentHistory: a student (by code) and one page of their jobs in the range (404 unknown). */
export function getStudentHistory(query: StudentHistoryQuery, signal?: AbortSignal): Promise<StudentHistoryResponse> {
  return apiGet<StudentHistoryResponse>('/v1/staff/studentHistory', { params: definedParams(query), signal });
}
