/**
 * Release at the printer (issue 21): held jobs, release stations and their codes, move and extend. The
 * routes are in API.md, "Real printers, release at the printer…"; the server checks every rule here again.
 */
import type { PaperSize, PrintStatus, StudentPrintingLog } from './dto';

/**
 * The characters of a release code: no look-alikes (no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V), so a
 * code read off a phone or a station's screen is typed right the first time.
 */
export const RELEASE_CODE_ALPHABET = 'ACEFHJKMNPRTWXY34679';
/** A job's release code and a station's code are this long. */
export const RELEASE_CODE_LENGTH = 6;
/** A station's code changes this often; the previous one is still taken this long after. */
export const STATION_CODE_WINDOW_MS = 60_000;
/** Minutes a held job may be extended by, once. */
export const HELD_EXTENSION_MINUTES = 30;
/** Minutes before a held job expires that its owner is told. */
export const HELD_EXPIRY_NOTICE_MINUTES = 10;

/** A code as typed: spaces and dashes dropped, upper case ('ac3-f7k' → 'AC3F7K'). */
export function normalizeReleaseCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Whether a (normalized) code has the form of a release code. */
export function isReleaseCode(code: string): boolean {
  if (code.length !== RELEASE_CODE_LENGTH) return false;
  for (const char of code) if (!RELEASE_CODE_ALPHABET.includes(char)) return false;
  return true;
}

/** POST /v1/spso/release-station: the station's key (shown once: only its hash is kept). */
export interface ReleaseStationCreated {
  token: string;
  stationId: string;
}

/** A release station of a printer, as the officers' list shows it (never its key). */
export interface ReleaseStation {
  stationId: string;
  printerId: string;
  createdAt: string;
  /** null while the station is in use. */
  revokedAt: string | null;
  /** When the station last took a new code (within 60 s of its last request); null: never. */
  lastSeenAt: string | null;
}

/** GET /v1/spso/release-station?printerId=: the printer's stations, in use first, newest first. */
export interface ReleaseStationListResponse {
  stations: ReleaseStation[];
}

/** GET /v1/release-station/code (header X-Station-Token). */
export interface StationCodeResponse {
  /** What the station shows (and puts in its QR): changes every 60 s. */
  code: string;
  printerId: string;
  /** When the station shows the next code (ISO); this one is still taken for 60 s after. */
  expiresAt: string;
}

/** POST /v1/release-station/release: the job released, as a station's screen may show it. */
export interface StationReleasedJob {
  _id: string;
  status: PrintStatus;
  printerId: string;
  /** The owner's name shortened ('N. V. An'): never the file name, never the student code. */
  owner: string;
  paperSize: PaperSize;
  numVersion: number;
  total_pages: number;
  createdAt: string;
}

/** POST /v1/student/release body. */
export interface StudentReleaseRequest {
  printerId: string;
  /** The station's code, read from its QR or its screen. */
  stationCode: string;
  /** One held job; absent: every held job of the caller at that printer. */
  printingLogId?: string;
}

/** POST /v1/student/release */
export interface StudentReleaseResponse {
  printingLogs: StudentPrintingLog[];
}

/** PUT /v1/student/move body. */
export interface MoveJobRequest {
  printingLogId: string;
  printerId: string;
}

/** PUT /v1/student/extend body. */
export interface ExtendJobRequest {
  printingLogId: string;
}

/** PUT /v1/student/move and /v1/student/extend: the job as it is now. */
export interface HeldJobResponse {
  printingLog: StudentPrintingLog;
}
