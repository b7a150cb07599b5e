/**
 * The officer's system configuration (spec sections 2, 3, 5): the rules of the form, checked the same
 * way by the /Config page and by the server (which also checks the officer's own password).
 */

/** Pages per student per semester (spec 5 and 9). */
export const CONFIG_BALANCE_MIN = 1;
export const CONFIG_BALANCE_MAX = 2000;
/** VND per A4 page (spec 5 and 9). */
export const CONFIG_PRICE_MIN = 100;
export const CONFIG_PRICE_MAX = 1000;
/** At most this many allowed file types, each 1 to 10 letters or digits (lower case, no dot). */
export const CONFIG_FILE_TYPES_MAX = 30;
export const FILE_TYPE_PATTERN = /^[a-z0-9]{1,10}$/;
/**
 * Hours a document's file is kept once all its print jobs ended (then the file is deleted; the history
 * keeps its name, pages and size).
 */
export const CONFIG_RETENTION_MIN = 1;
export const CONFIG_RETENTION_MAX = 720;
export const CONFIG_RETENTION_DEFAULT = 24;
/** Minutes a job sent to a held printer waits for its owner to release it (then it expires, refunded). */
export const CONFIG_HELD_MINUTES_MIN = 1;
export const CONFIG_HELD_MINUTES_MAX = 1440;
export const CONFIG_HELD_MINUTES_DEFAULT = 60;
/** The password typed in the confirmation dialog (the officer's own), at most this long. */
export const CONFIG_PASSWORD_MAX = 200;
/** Keys blocked in the two number inputs (spec 5). */
export const CONFIG_BLOCKED_NUMBER_KEYS: readonly string[] = ['e', 'E', '+', '-'];

/** GET /v1/spso/systemConfig (and PUT's answer). Dates are 'YYYY-MM-DD'; file types lower case, no dot. */
export interface SystemConfigView {
  currentBalance: number;
  defaultBalance: number;
  startDate1: string;
  startDate2: string;
  currentA4Price: number;
  defaultA4Price: number;
  currentFileType: string[];
  defaultFileType: string[];
  isDefault: boolean;
  /** Hours an uploaded file (and its converted PDF) is kept after its jobs ended, 1..720. */
  retentionHours: number;
  /** What 'Mặc định' puts back (CONFIG_RETENTION_DEFAULT). */
  defaultRetentionHours: number;
  /** Minutes a job at a held printer waits for its owner, 1..1440. */
  heldJobMinutes: number;
  /** What 'Mặc định' puts back (CONFIG_HELD_MINUTES_DEFAULT). */
  defaultHeldJobMinutes: number;
  /**
   * Allowed types this server cannot process now, with why: 'needs-libreoffice' (Office files and
   * LibreOffice is not installed here), 'unsupported' (no page counter knows the type). Students never
   * see these in their list, and an upload of one is refused.
   */
  inactiveFileTypes: InactiveFileType[];
  /** The last change: when and by whom (null before the first). */
  updatedAt: string | null;
  updatedBy: { firstName: string; lastName: string } | null;
}

export type InactiveFileTypeReason = 'needs-libreoffice' | 'unsupported';

export interface InactiveFileType {
  type: string;
  reason: InactiveFileTypeReason;
}

/** PUT /v1/spso/systemConfig body: the form, plus the signed-in officer's own password. */
export interface SystemConfigUpdate {
  currentBalance: number;
  startDate1: string;
  startDate2: string;
  currentA4Price: number;
  currentFileType: string[];
  isDefault: boolean;
  /** Hours files are kept after their jobs ended, 1..720; left out, the value in force stays. */
  retentionHours?: number;
  /** Minutes a held job waits, 1..1440; left out, the value in force stays. */
  heldJobMinutes?: number;
  password: string;
}

/** A file type as typed: trimmed, without a leading dot, lower case ('.PDF ' → 'pdf'). */
export function normalizeFileType(input: string): string {
  return input.trim().replace(/^\.+/, '').toLowerCase();
}

export type SystemConfigField =
  | 'currentBalance'
  | 'startDate1'
  | 'startDate2'
  | 'currentA4Price'
  | 'currentFileType'
  | 'retentionHours'
  | 'heldJobMinutes';

/** What is wrong with one field: the machine code the locales and the server's messages are keyed by. */
export type SystemConfigProblem =
  | {
      field: 'currentBalance' | 'currentA4Price' | 'retentionHours' | 'heldJobMinutes';
      code: 'required' | 'not-integer' | 'range';
    }
  | { field: 'startDate1' | 'startDate2'; code: 'required' | 'invalid-date' }
  | { field: 'currentFileType'; code: 'empty' | 'too-many' | 'invalid-type' | 'duplicate' };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written 'YYYY-MM-DD' between 2000 and 2100. */
export function isConfigDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function numberProblem(value: unknown, min: number, max: number): 'required' | 'not-integer' | 'range' | null {
  if (value === undefined || value === null || value === '') return 'required';
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'required';
  if (!Number.isInteger(value)) return 'not-integer';
  if (value < min || value > max) return 'range';
  return null;
}

/**
 * Every rule of the configuration form (spec 5), in field order: the page shows them under the fields,
 * the server answers the first as a 400. An empty list means the values may be saved. retentionHours
 * and heldJobMinutes left out (undefined) are not checked: the value in force stays; null or '' is a missing value.
 */
export function systemConfigProblems(input: {
  currentBalance?: unknown;
  startDate1?: unknown;
  startDate2?: unknown;
  currentA4Price?: unknown;
  currentFileType?: unknown;
  retentionHours?: unknown;
  heldJobMinutes?: unknown;
}): SystemConfigProblem[] {
  const problems: SystemConfigProblem[] = [];
  const balance = numberProblem(input.currentBalance, CONFIG_BALANCE_MIN, CONFIG_BALANCE_MAX);
  if (balance) problems.push({ field: 'currentBalance', code: balance });
  for (const field of ['startDate1', 'startDate2'] as const) {
    const value = input[field];
    if (value === undefined || value === null || value === '') problems.push({ field, code: 'required' });
    else if (!isConfigDay(value)) problems.push({ field, code: 'invalid-date' });
  }
  const price = numberProblem(input.currentA4Price, CONFIG_PRICE_MIN, CONFIG_PRICE_MAX);
  if (price) problems.push({ field: 'currentA4Price', code: price });
  const types = input.currentFileType;
  if (!Array.isArray(types) || types.length === 0) problems.push({ field: 'currentFileType', code: 'empty' });
  else if (types.length > CONFIG_FILE_TYPES_MAX) problems.push({ field: 'currentFileType', code: 'too-many' });
  else if (types.some((type) => typeof type !== 'string' || !FILE_TYPE_PATTERN.test(type)))
    problems.push({ field: 'currentFileType', code: 'invalid-type' });
  else if (new Set(types).size !== types.length) problems.push({ field: 'currentFileType', code: 'duplicate' });
  if (input.retentionHours !== undefined) {
    const retention = numberProblem(input.retentionHours, CONFIG_RETENTION_MIN, CONFIG_RETENTION_MAX);
    if (retention) problems.push({ field: 'retentionHours', code: retention });
  }
  if (input.heldJobMinutes !== undefined) {
    const held = numberProblem(input.heldJobMinutes, CONFIG_HELD_MINUTES_MIN, CONFIG_HELD_MINUTES_MAX);
    if (held) problems.push({ field: 'heldJobMinutes', code: held });
  }
  return problems;
}
