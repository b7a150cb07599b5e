/**
 * The printer room of staff and print-service officers: the printer locations (one list, read by the
 * add/edit dialogs and enforced by the server), the printer rules, and the answers of the staff and
 * officer printer routes (API.md).
 */
import type { Location, PaperSize, Printer, PrinterStatus, PrintStatus, ReleaseMode } from './dto';

export type FacilityCode = 'CS1' | 'CS2';

/** Rooms of a building: `floors` floors of `perFloor` rooms numbered floor × 100 + 1…perFloor ('101'…). */
function rooms(floors: number, perFloor: number): readonly string[] {
  const list: string[] = [];
  for (let floor = 1; floor <= floors; floor += 1)
    for (let room = 1; room <= perFloor; room += 1) list.push(String(floor * 100 + room));
  return list;
}

/**
 * The campus: facility → building → rooms. Cơ sở 1 has B1–B5, Cơ sở 2 has H1, H3 and H6 (spec section 9).
 * The one place both the dialogs' cascading dropdowns and the server's check read.
 */
export const PRINTER_LOCATIONS: Readonly<Record<FacilityCode, Readonly<Record<string, readonly string[]>>>> = {
  CS1: { B1: rooms(4, 12), B2: rooms(3, 10), B3: rooms(4, 10), B4: rooms(6, 10), B5: rooms(3, 12) },
  CS2: { H1: rooms(3, 10), H3: rooms(3, 10), H6: rooms(8, 12) },
};

export const FACILITY_CODES: readonly FacilityCode[] = ['CS1', 'CS2'];

export function isFacilityCode(value: unknown): value is FacilityCode {
  return value === 'CS1' || value === 'CS2';
}

/** The buildings of a facility, in order ([] for an unknown one). */
export function buildingsOf(facility: string): string[] {
  return isFacilityCode(facility) ? Object.keys(PRINTER_LOCATIONS[facility]) : [];
}

/** The rooms of a building of a facility ([] when the pair is unknown). */
export function roomsOf(facility: string, building: string): readonly string[] {
  if (!isFacilityCode(facility)) return [];
  return Object.prototype.hasOwnProperty.call(PRINTER_LOCATIONS[facility], building)
    ? (PRINTER_LOCATIONS[facility][building] ?? [])
    : [];
}

/** Which part of a location is wrong (the first one), or null when the location is on the list. */
export function locationProblem(location: Location): 'facility' | 'department' | 'room' | null {
  if (!isFacilityCode(location.facility)) return 'facility';
  if (!buildingsOf(location.facility).includes(location.department)) return 'department';
  if (!roomsOf(location.facility, location.department).includes(location.room)) return 'room';
  return null;
}

/** printerId: 2 to 20 letters, digits or '-' (API.md). */
export const PRINTER_ID_PATTERN = '^[A-Za-z0-9-]{2,20}$';
export const PRINTER_ID_MAX = 20;
/** Longest brand and model, and description. */
export const PRINTER_NAME_MAX = 100;
export const PRINTER_DESCRIPTION_MAX = 1000;

/** Why a disabled printer's waiting jobs failed (printing_logs.failure_reason). */
export const PRINTER_DISABLED_REASON = 'printer disabled';

/** A printer as GET /v1/staff/printers and GET /v1/spso/printers answer it. */
export interface AdminPrinter extends Printer {
  /** Ids of the job being printed (InProgress), as the spec's client counts them. */
  printingJob: string[];
  /** Ids of the jobs waiting (Queued), in the order they will print. */
  printingQueue: string[];
  /** printingJob + printingQueue. */
  waiting_amount: number;
  /** Completed jobs. */
  printed_count: number;
  /** The officer's list only: the device's address (ipp:// or ipps://), null for a simulated printer. */
  deviceUri?: string | null;
}

/** The schemes a printer's device address may have. */
export const DEVICE_URI_SCHEMES = ['ipp:', 'ipps:'] as const;
export const DEVICE_URI_MAX = 300;

/** Whether a device address is one the server takes: ipp:// or ipps:// with a host (the server checks too). */
export function isDeviceUri(value: string): boolean {
  if (value.length > DEVICE_URI_MAX) return false;
  try {
    const url = new URL(value);
    return (DEVICE_URI_SCHEMES as readonly string[]).includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

/** POST /v1/spso/printer/probe: what the device said when asked (422 when it did not answer in 5 s). */
export interface PrinterProbeResponse {
  makeAndModel: string;
  state: 'idle' | 'processing' | 'stopped';
  stateReasons: string[];
  /** IPP media names, e.g. 'iso_a4_210x297mm'. */
  media: string[];
  /** 'one-sided', 'two-sided-long-edge', 'two-sided-short-edge'. */
  sides: string[];
  /** 'monochrome', 'color'… */
  colorModes: string[];
  /** Document formats, e.g. 'application/pdf'. */
  formats: string[];
}

/** GET /v1/staff/printers, GET /v1/spso/printers */
export interface AdminPrinterListResponse {
  printers: AdminPrinter[];
  /** Every printer in service, whatever the filter. */
  totalPrinter: number;
  /** Active printers in service, whatever the filter. */
  activatedPrinter: number;
  /** The file types students may send (the spec's staff printer dialog lists them). */
  currentFileType: string[];
}

/** Query of the staff and officer printer lists (absent = all). */
export interface AdminPrinterListQuery {
  searchField?: string;
  status?: '0' | '1';
  facility?: FacilityCode;
  /** Activation time: 1 oldest first (default), -1 newest first. */
  sortDirection?: '1' | '-1';
}

/** A job as staff and officers see it in a printer's queue, its log and a student's history. */
export interface StaffJobEntry {
  _id: string;
  createdAt: string;
  finishDate: string | null;
  status: PrintStatus;
  /** Failed jobs: 'cancelled', 'printer disabled', a driver's reason… (null otherwise). */
  failureReason: string | null;
  user_id: string | null;
  firstName: string | null;
  lastName: string | null;
  mssv: string | null;
  printerId: string;
  document: { title: string; pages: number; fileType: string };
  numVersion: number;
  paperSize: PaperSize;
  /** Sheets of paperSize the job uses (all copies). */
  total_pages: number;
  /** Queue answers only: 1 = next; null for the job in progress and in logs. */
  queuePosition?: number | null;
  /** Queue answers only: when the job is expected to start printing (ISO); null when unknown. */
  estimatedStart?: string | null;
}

/** GET /v1/{staff,spso}/printingQueue?printerId= */
export interface PrintingQueueResponse {
  /** The job being printed (InProgress): none or one. */
  printingJob: StaffJobEntry[];
  /** The jobs waiting, in the order they will print. */
  printingQueue: StaffJobEntry[];
}

/** GET /v1/{staff,spso}/printingLog?printerId=&startDate=&endDate=&page=&per_page= (newest first) */
export interface PrintingLogResponse {
  printingLog: StaffJobEntry[];
  /** Entries in the range, over every page. */
  total: number;
  page: number;
  per_page: number;
}

/** GET /v1/staff/studentHistory?studentId=&start=&end= */
export interface StudentHistoryResponse {
  student: {
    _id: string;
    firstName: string;
    lastName: string;
    mssv: string;
    major: string | null;
    classes: string | null;
  };
  printingLogs: StaffJobEntry[];
  total: number;
  page: number;
  per_page: number;
}

/** POST /v1/spso/printer (every field) and PUT /v1/spso/printer (printerId and the fields to change). */
export interface PrinterInput {
  printerId: string;
  brand: string;
  model: string;
  location: Location;
  description: string;
  status: PrinterStatus;
  /** The device's address (ipp:// or ipps://); absent or null: a simulated printer. */
  deviceUri?: string | null;
  /** `direct` (absent: direct on POST, unchanged on PUT) or `held` (jobs wait for their owner at the printer). */
  releaseMode?: ReleaseMode;
}

/** PUT /v1/staff/printer */
export interface PrinterStatusInput {
  printerId: string;
  status: PrinterStatus;
}

/** What a printer change did (printer_changes.action). */
export type PrinterChangeAction = 'create' | 'update' | 'enable' | 'disable' | 'retire';

/** PUT /v1/staff/printer, POST/PUT/DELETE /v1/spso/printer: the printer after the change. */
export interface PrinterChangeResponse extends AdminPrinter {
  /** Waiting jobs failed and refunded by a disable (0 otherwise). */
  jobsFailed: number;
  /** A4 pages given back by that disable. */
  pagesRefunded: number;
}
