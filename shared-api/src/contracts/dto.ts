import type { Role } from './roles';

/** POST /v1/user/login */
export interface LoginRequest {
  email: string;
  password: string;
}
export interface LoginResponse {
  accessToken: string;
  refreshToken: string;
  role: Role;
}

/** POST /v1/user/refresh-access-token */
export interface RefreshRequest {
  refreshToken: string;
}
export interface RefreshResponse {
  accessToken: string;
  refreshToken: string;
}

/** GET /v1/user/information */
export interface UserInfo {
  _id: string;
  mssv: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** Pages of A4, may be fractional in theory; shown rounded down. */
  balance: number;
  major: string | null;
  classes: string | null;
  currentA4Price: number;
  role: Role;
  /** A temporary password was issued: the portal asks for a new one before anything else. */
  mustChangePassword?: boolean;
}

export type Facility = 'CS1' | 'CS2';

export interface Location {
  facility: Facility | string;
  department: string;
  room: string;
}

/** Printer status: 1 active, 0 paused. */
export type PrinterStatus = 0 | 1;

/**
 * What a real printer's device says of itself, as the health monitor last read it (IPP
 * printer-state): `offline` when it did not answer. `stopped` and `offline` take no new jobs.
 */
export type DeviceState = 'idle' | 'processing' | 'stopped' | 'offline';

export interface PrinterDevice {
  state: DeviceState;
  /** IPP printer-state-reasons such as 'media-empty-error', 'toner-low-warning' ([] when none). */
  reasons: string[];
  /** When the monitor last asked (null: not yet). */
  checkedAt: string | null;
}

export interface Printer {
  printerId: string;
  brand: string;
  model: string;
  description: string;
  location: Location;
  status: PrinterStatus;
  activatedTime: string | null;
  createdAt: string;
  updatedAt: string;
  /** null for a simulated printer; the device's last known state for a real one (IPP). */
  device: PrinterDevice | null;
  /**
   * `direct`: a job prints when it is sent; `held`: it waits for its owner at the printer (release).
   * Every list of this server sends it (optional for older callers' fixtures).
   */
  releaseMode?: ReleaseMode;
}

/** How a printer takes its jobs (POST and PUT /v1/spso/printer). */
export const RELEASE_MODES = ['direct', 'held'] as const;
export type ReleaseMode = (typeof RELEASE_MODES)[number];

export interface StudentPrinter extends Printer {
  waiting_amount: number;
  printed_count?: number;
}

export interface PrinterListResponse {
  printers: Printer[];
  totalPrinter: number;
  activatedPrinter: number;
  currentFileType?: string[];
}

/**
 * Print job status (spec section 4), plus release at the printer: `Held` (charged, waiting at a held
 * printer for its owner to release it) and `Expired` (not released in time: refunded once).
 */
export const PRINT_STATUSES = ['Held', 'Queued', 'InProgress', 'Completed', 'Failed', 'Expired'] as const;
export type PrintStatus = (typeof PRINT_STATUSES)[number];

export type PaperSize = 'A4' | 'A3';

/** One per uploaded file. */
export interface PrintDocumentOption {
  paperSize: PaperSize;
  numVersion: number;
  colorOption: boolean;
  landScapeOption: boolean;
  pagesPerSheet: 1 | 2 | 4;
  numSides: 1 | 2;
  /** 'all' or ranges such as '1-3,5'. */
  pages?: string;
}

export interface PrintingLog {
  _id: string;
  status: PrintStatus;
  finishDate: string | null;
  paperSize: PaperSize;
  numVersion: number;
  colorOption: boolean;
  landScapeOption: boolean;
  pagesPerSheet: number;
  numSides: number;
  document: { title: string; pages: number; fileType: string };
  user_id: string;
  printerId: string;
  createdAt: string;
  updatedAt: string;
  printers?: { location: Location }[];
  total_pages: number;
  position?: number | null;
}

export interface SystemConfig {
  currentBalance: number;
  defaultBalance: number;
  startDate1: string;
  startDate2: string;
  currentA4Price: number;
  defaultA4Price: number;
  currentFileType: string[];
  defaultFileType: string[];
  isDefault: boolean;
}

export interface Payment {
  _id: string;
  stt: number;
  shortContent: string;
  money: number;
  paidMoney: number;
  leftMoney: number;
  updatedAt: string;
  payment_id: string;
}

export interface NoticeParty {
  /** '' for the system (a failed job, a printer going offline). */
  user_id: string;
  role: Role | 'system';
  firstName: string;
  lastName: string;
}

/** What a notice reports (notices.action). */
export const NOTICE_ACTIONS = [
  'printer-created',
  'printer-updated',
  'printer-enabled',
  'printer-disabled',
  'printer-retired',
  'job-failed',
  'config-changed',
  'printer-offline',
  'printer-online',
  'printer-attention',
  /** To a student: a held job of theirs expires in 10 minutes (release or extend it). */
  'job-expiring',
] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

export interface Notice {
  _id: string;
  sender: NoticeParty;
  /** A person, or null for a notice to a role (receiverRole). */
  receiver: NoticeParty | null;
  receiverRole: Role | null;
  location: Location | null;
  action: NoticeAction | string;
  /** HTML built by the server from escaped values; render it through a sanitizer. */
  description: string;
  printerId: string | null;
  /** Seen by the reader asking. */
  seen: boolean;
  actionTime: string;
  createdAt: string;
  updatedAt: string;
}

/** GET /v1/{staff,spso}/notices?page=&per_page= (newest first) */
export interface NoticeListResponse {
  allNotices: Notice[];
  /** The reader's unseen notices. */
  news: number;
  /** The reader's notices, over every page. */
  total: number;
  page: number;
  per_page: number;
}

/** PUT /v1/{staff,spso}/notices and /notices/seen */
export interface NoticesSeenResponse {
  news: 0;
}

export interface MessageContact {
  firstName: string;
  lastName: string;
  receiver_id: string;
  role: Role;
  location: Location | null;
}

export interface ChatMessage {
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: string;
}

/** GET /healthz */
export interface HealthStatus {
  /** 'stopping': the instance is shutting down (answered with 503, like a database that does not answer). */
  status: 'ok' | 'degraded' | 'stopping';
  database: { ok: boolean; driver: 'pglite' | 'postgres'; latencyMs: number };
  dispatcher: { ok: boolean; state: string };
  /** The health monitor of real printers: the devices this instance watches and how many are offline. */
  printerMonitor: { ok: boolean; printers: number; offline: number };
  uptimeSeconds: number;
}

/** GET /remotes.json: where the shell finds each role's remote at run time. */
export type RemoteLocations = Record<Role, string>;

/** A printer's queue is long (`longQueue`) when a job sent now would wait more than this many minutes. */
export const LONG_QUEUE_MINUTES = 15;

/** A printer as GET /v1/student/printers and GET /v1/student/printer answer it. */
export interface StudentPrinterItem extends Printer {
  /** Queued + InProgress jobs. */
  waiting_amount: number;
  /** Completed jobs. */
  printed_count: number;
  /** Minutes until a job sent now would start, from the printer's fitted speed (null: nothing known). */
  estimatedWaitMinutes?: number | null;
  /** The queue is long (the wait is above the server's threshold): the list marks the printer. */
  longQueue?: boolean;
  /**
   * When `longQueue`: the nearest healthy printer of the same building (enabled, device not in error,
   * a shorter wait), else null.
   */
  suggestedPrinter?: { printerId: string; location: Location; estimatedWaitMinutes: number | null } | null;
}

/** GET /v1/student/printers */
export interface StudentPrinterListResponse {
  printers: StudentPrinterItem[];
  /** Printers matching the filter, before paging. */
  total: number;
  totalPrinter: number;
  activatedPrinter: number;
  currentFileType: string[];
}

/** GET /v1/student/printer?printerId= */
export interface StudentPrinterDetail extends StudentPrinterItem {
  currentFileType: string[];
}

/** A printing log as the student routes answer it (the spec's Printing log plus the cost details). */
export interface StudentPrintingLog extends PrintingLog {
  /** 'all' or ranges such as '1-3,5'. */
  pages: string;
  /** Pages of one copy that the ranges select. */
  selectedPages: number;
  /** A4 pages charged (A3 counts twice); total_pages is the sheets of the job's paper size. */
  cost: number;
  printers: { printerId: string; location: Location }[];
  /** 1 = next after the job in progress; null unless Queued. */
  position: number | null;
  /** API.md's name for `position` (the same number): 1 = next; null unless Queued. */
  queuePosition?: number | null;
  /**
   * Queued jobs: when the job is expected to start printing (ISO), from the printer's own print log
   * (see the server's queue-estimate module); null for any other state (a job printing has started) and
   * while the printer cannot print (paused, its device offline or in error).
   */
  estimatedStart?: string | null;
  failureReason: string | null;
  /** Held jobs: until when the job waits to be released (ISO); null otherwise. */
  heldUntil?: string | null;
  /** Held jobs: the 6 characters that release it at the printer (the owner's answers only). */
  releaseCode?: string | null;
  /** Held jobs: the owner already added the 30 minutes once. */
  extended?: boolean;
}

/** POST /v1/student/printing (multipart: file parts, documents JSON array, printerId) */
export interface StudentPrintingResponse {
  printingLogs: StudentPrintingLog[];
  /** A4 pages charged for the whole request. */
  totalCost: number;
  /** The balance after the charge. */
  balance: number;
}

/** The 422 answer's data when the balance does not cover a print request. */
export interface NotEnoughPagesData {
  required: number;
  balance: number;
  missing: number;
}

/** GET /v1/student/filterLogs */
export interface StudentFilterLogsResponse {
  printingLogs: StudentPrintingLog[];
  /** Sheets of A3 printed (Completed jobs). */
  printedA3: number;
  /** Sheets of A4 printed (Completed jobs). */
  printedA4: number;
}

/** DELETE /v1/student/cancelLog */
export interface CancelLogResponse {
  printingLog: StudentPrintingLog;
  /** The balance after the refund. */
  balance: number;
}
