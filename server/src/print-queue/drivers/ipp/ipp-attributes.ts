/**
 * What our print options and states are in IPP's words (RFC 8011, PWG 5100.x), and back: pure
 * functions, so every combination is tested without a device.
 */
import type { DeviceState } from 'shared-api/contracts';
import type { PrintOptions } from '../driver';

/** The job-template attributes of one job, as the device reads them. */
export interface IppJobAttributes {
  copies: number;
  sides: 'one-sided' | 'two-sided-long-edge' | 'two-sided-short-edge';
  'number-up': number;
  media: 'iso_a4_210x297mm' | 'iso_a3_297x420mm';
  'print-color-mode': 'color' | 'monochrome';
  /** 3 portrait, 4 landscape (RFC 8011 orientation-requested enum). */
  'orientation-requested': 'portrait' | 'landscape';
  /** Absent: every page. */
  'page-ranges'?: [number, number][];
}

export const IPP_MEDIA = { A4: 'iso_a4_210x297mm', A3: 'iso_a3_297x420mm' } as const;

/**
 * Page ranges as our jobs store them ('1-3,5', null = every page) as IPP rangeOfInteger values. The
 * ranges were validated at submit (shared print rules); anything unreadable here is left out.
 */
export function pageRangesOf(ranges: string | null): [number, number][] | undefined {
  if (ranges === null || ranges.trim() === '' || ranges.trim().toLowerCase() === 'all') return undefined;
  const list: [number, number][] = [];
  for (const part of ranges.split(',')) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(part);
    if (!match) continue;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from >= 1 && to >= from) list.push([from, to]);
  }
  return list.length > 0 ? list : undefined;
}

/**
 * Our options as IPP job attributes. Two-sided binds on the long edge of the sheet as it is read:
 * portrait pages turn like a book (long edge), landscape pages like a calendar (short edge).
 */
export function ippJobAttributes(options: PrintOptions): IppJobAttributes {
  const sides: IppJobAttributes['sides'] =
    options.numSides === 2 ? (options.landscape ? 'two-sided-short-edge' : 'two-sided-long-edge') : 'one-sided';
  const attributes: IppJobAttributes = {
    copies: options.copies,
    sides,
    'number-up': options.pagesPerSheet,
    media: options.paperSize === 'A3' ? IPP_MEDIA.A3 : IPP_MEDIA.A4,
    'print-color-mode': options.color ? 'color' : 'monochrome',
    'orientation-requested': options.landscape ? 'landscape' : 'portrait',
  };
  const ranges = pageRangesOf(options.pageRanges);
  if (ranges) attributes['page-ranges'] = ranges;
  return attributes;
}

/** What a device can do, read from its printer attributes (kept on the printer row by the monitor). */
export interface DeviceCapabilities {
  makeAndModel: string;
  media: string[];
  sides: string[];
  colorModes: string[];
  formats: string[];
  /** number-up-supported as a list of values (a range is expanded up to 16), [] when not said. */
  numberUp: number[];
  /** copies-supported upper bound, null when not said. */
  maxCopies: number | null;
  /** page-ranges-supported; null when not said. */
  pageRanges: boolean | null;
  /** orientation-requested-supported keywords, [] when not said. */
  orientations: string[];
  operations: string[];
}

type Attrs = Record<string, unknown>;

/** One value or a set of them, as a list: the parser answers a string for one value, an array for several. */
export function listOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

/**
 * A rangeOfInteger (or a set of integers, or of ranges) as its values. The parser answers one range as a
 * pair [low, high]: a pair of increasing numbers is read as a range (were it a set of two, only the
 * values between would be taken in too).
 */
function rangeValues(value: unknown, cap = 16): number[] {
  const values = new Set<number>();
  const isPair = Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number');
  for (const item of isPair ? [value] : Array.isArray(value) ? value : [value]) {
    if (typeof item === 'number') values.add(item);
    else if (Array.isArray(item) && item.length === 2) {
      const [low, high] = item.map(Number);
      for (let n = Math.max(1, low ?? 1); n <= Math.min(high ?? 0, cap); n += 1) values.add(n);
    } else if (item && typeof item === 'object' && 'lower' in item && 'upper' in item) {
      const { lower, upper } = item as { lower: number; upper: number };
      for (let n = Math.max(1, lower); n <= Math.min(upper, cap); n += 1) values.add(n);
    }
  }
  return [...values].sort((a, b) => a - b);
}

function upperOf(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (Array.isArray(value) && value.length === 2) return Number(value[1]);
  if (value && typeof value === 'object' && 'upper' in value) return Number((value as { upper: number }).upper);
  return null;
}

export function capabilitiesOf(printer: Attrs): DeviceCapabilities {
  const pageRanges = printer['page-ranges-supported'];
  return {
    makeAndModel: String(printer['printer-make-and-model'] ?? printer['printer-info'] ?? ''),
    media: listOf(printer['media-supported']),
    sides: listOf(printer['sides-supported']),
    colorModes: listOf(printer['print-color-mode-supported']),
    formats: listOf(printer['document-format-supported']),
    numberUp: rangeValues(printer['number-up-supported']),
    maxCopies: upperOf(printer['copies-supported']),
    pageRanges: typeof pageRanges === 'boolean' ? pageRanges : null,
    orientations: listOf(printer['orientation-requested-supported']),
    operations: listOf(printer['operations-supported']),
  };
}

/** A printer's state as our tables show it; `offline` is ours (the device did not answer). */
export function deviceStateOf(printer: Attrs): Exclude<DeviceState, 'offline'> {
  const state = String(printer['printer-state'] ?? '');
  if (state === 'processing' || state === '4') return 'processing';
  if (state === 'stopped' || state === '5') return 'stopped';
  return 'idle';
}

/** printer-state-reasons without 'none'. */
export function stateReasonsOf(printer: Attrs): string[] {
  return listOf(printer['printer-state-reasons']).filter((reason) => reason !== 'none');
}

/** A state reason without its severity suffix ('media-empty-error' → 'media-empty'). */
export function reasonKeyword(reason: string): string {
  return reason.replace(/-(error|warning|report)$/, '');
}

/**
 * Conditions that stop a printer whatever severity the device gives them: devices suffix one condition
 * by their own state (ippeveprinter says media-empty-warning while printing, -report when idle, -error
 * only once stopped), so the keyword decides, not the suffix alone.
 */
const STOPPING = new Set([
  'media-empty',
  'media-needed',
  'media-jam',
  'door-open',
  'cover-open',
  'interlock-open',
  'toner-empty',
  'marker-supply-empty',
  'input-tray-missing',
  'output-area-full',
  'shutdown',
]);

/**
 * Reasons that stop new jobs: a stopping condition (out of paper, a jam, a door open…), or any reason
 * the device calls an error (RFC 8011: a reason without a suffix is an error too).
 */
export function blockingReasons(reasons: readonly string[]): string[] {
  return reasons.filter(
    (reason) =>
      STOPPING.has(reasonKeyword(reason)) ||
      reason.endsWith('-error') ||
      (!/-(warning|report)$/.test(reason) && reason !== 'none' && reason !== 'paused' && reason !== 'offline'),
  );
}

/** Reasons a person should see to: the stopping ones and every warning (toner-low-warning…). */
export function attentionReasons(reasons: readonly string[]): string[] {
  return reasons.filter((reason) => blockingReasons([reason]).length > 0 || reason.endsWith('-warning'));
}

/** Whether a device in this state takes new jobs. */
export function deviceTakesJobs(state: DeviceState | null, reasons: readonly string[]): boolean {
  if (state === 'offline' || state === 'stopped') return false;
  return blockingReasons(reasons).length === 0;
}

/** A job on its device as the dispatcher follows it. */
export type DeviceJobStatus =
  | { state: 'waiting' }
  | { state: 'printing' }
  | { state: 'completed'; impressions: number | null }
  | { state: 'failed'; reason: string }
  | { state: 'canceled'; reason: string }
  /** The device does not know the job (it restarted and lost it). */
  | { state: 'lost' };

/** job-state (RFC 8011 §5.3.7) as the dispatcher follows it; the device's words become the reason. */
export function jobStatusOf(job: Attrs): DeviceJobStatus {
  const state = String(job['job-state'] ?? '');
  const reasons = listOf(job['job-state-reasons']).filter((r) => r !== 'none');
  const message = typeof job['job-state-message'] === 'string' ? job['job-state-message'].trim() : '';
  const reason = message || reasons.join(', ') || state;
  switch (state) {
    case 'pending':
    case 'pending-held':
    case '3':
    case '4':
      return { state: 'waiting' };
    case 'processing':
    case 'processing-stopped':
    case '5':
    case '6':
      return { state: 'printing' };
    case 'completed':
    case '9': {
      const impressions = job['job-impressions-completed'];
      return { state: 'completed', impressions: typeof impressions === 'number' ? impressions : null };
    }
    case 'aborted':
    case '8':
      return { state: 'failed', reason };
    case 'canceled':
    case '7':
      return { state: 'canceled', reason };
    default:
      return { state: 'printing' };
  }
}

/**
 * Sheets the device printed, from the impressions it reports (a printed side is one impression). A
 * device that reports 0 for a completed job counts nothing (ippeveprinter does): the job counts whole.
 */
export function sheetsPrinted(impressions: number | null, options: PrintOptions, sheets: number): number {
  if (impressions === null || impressions <= 0) return sheets;
  return Math.min(sheets, Math.ceil(impressions / options.numSides));
}

const MIME: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain',
};

/**
 * The document format a stored file is sent as. Every other accepted type (Word, Excel, PowerPoint,
 * OpenDocument, RTF) was converted to PDF when it was received, and the PDF is what is stored and sent.
 */
export function documentFormatOf(fileType: string): string {
  return MIME[fileType.toLowerCase()] ?? 'application/pdf';
}

/** The first option the device cannot do, named for the student; null when it can do them all. */
export type UnsupportedOption =
  | { option: 'paperSize'; value: 'A4' | 'A3' }
  | { option: 'sides' }
  | { option: 'color' }
  | { option: 'pagesPerSheet'; value: number }
  | { option: 'copies'; value: number }
  | { option: 'pageRanges' }
  | { option: 'orientation' }
  | { option: 'format'; value: string };

/**
 * Checks a job's options against what the device said it supports. An attribute the device did not
 * list is taken as supported (IPP devices may leave out what they take by default); one it listed
 * without our value is refused, never silently dropped.
 */
export function unsupportedOption(
  options: PrintOptions,
  caps: DeviceCapabilities,
  format = 'application/pdf',
): UnsupportedOption | null {
  const job = ippJobAttributes(options);
  if (caps.formats.length > 0 && !caps.formats.includes(format) && !caps.formats.includes('application/octet-stream'))
    return { option: 'format', value: format };
  if (caps.media.length > 0 && !caps.media.some((m) => m === job.media || m.startsWith(job.media.slice(0, 7))))
    return { option: 'paperSize', value: options.paperSize };
  if (caps.sides.length > 0 && !caps.sides.includes(job.sides)) return { option: 'sides' };
  if (options.color && caps.colorModes.length > 0 && !caps.colorModes.includes('color')) return { option: 'color' };
  if (job['number-up'] > 1 && caps.numberUp.length > 0 && !caps.numberUp.includes(job['number-up']))
    return { option: 'pagesPerSheet', value: job['number-up'] };
  if (caps.maxCopies !== null && job.copies > caps.maxCopies) return { option: 'copies', value: job.copies };
  if (job['page-ranges'] && caps.pageRanges === false) return { option: 'pageRanges' };
  // 'none' is a device that turns each page itself: it takes either
  const orientations = caps.orientations;
  if (orientations.length > 0 && !orientations.includes('none') && !orientations.includes(job['orientation-requested']))
    return { option: 'orientation' };
  return null;
}

/** The option a device cannot do, in the student's words. */
export function unsupportedOptionText(printerId: string, problem: UnsupportedOption): string {
  const what = (() => {
    switch (problem.option) {
      case 'paperSize':
        return `khổ giấy ${problem.value}`;
      case 'sides':
        return 'in hai mặt';
      case 'color':
        return 'in màu';
      case 'pagesPerSheet':
        return `in ${problem.value} trang trên một mặt giấy`;
      case 'copies':
        return `in ${problem.value} bản`;
      case 'pageRanges':
        return 'in một phần tài liệu (chọn trang)';
      case 'orientation':
        return 'hướng giấy đã chọn (dọc hoặc ngang)';
      case 'format':
        return `loại tệp ${problem.value}`;
    }
  })();
  return `Máy in ${printerId} không hỗ trợ ${what}: hãy đổi tùy chọn hoặc chọn máy in khác (chưa trừ trang nào)`;
}
