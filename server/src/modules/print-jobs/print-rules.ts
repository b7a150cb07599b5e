import { AppError } from '../../lib/errors';

import {
  formatPageRanges,
  MAX_COPIES,
  NUM_SIDES,
  PAGES_PER_SHEET,
  PAPER_SIZES,
  parsePageRanges as parseRanges,
  printCost as a4Cost,
  sheetCount as sheets,
  type PageRange,
  type PageRangeResult,
} from 'shared-api/contracts';

/**
 * The server's side of the printing rules: the rules themselves live in the contracts
 * (shared-api/contracts/print-rules, also used by the portal and the seed); here they are checked
 * against what a request sends, and a refusal becomes a 400 with a Vietnamese message.
 */

export { formatPageRanges, MAX_COPIES, NUM_SIDES, PAGES_PER_SHEET, PAPER_SIZES, type PageRange };
export type PaperSize = (typeof PAPER_SIZES)[number];
/** A ranges text longer than this is refused (it could only be abuse). */
export const MAX_RANGES_LENGTH = 500;

/** Print options of one document, validated and with the spec's defaults filled in. */
export interface PrintOptions {
  paperSize: PaperSize;
  /** Copies, 1..999. */
  numVersion: number;
  colorOption: boolean;
  landScapeOption: boolean;
  pagesPerSheet: 1 | 2 | 4;
  numSides: 1 | 2;
  /** 'all', or ranges such as '1-3,5' (1-based, inclusive), normalised (no spaces). */
  pages: string;
}

/** Invalid options or ranges: a 400 with a Vietnamese message naming the field. */
export function optionError(message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message);
}

function rangeError(result: Extract<PageRangeResult, { ok: false }>, source: string, pageCount?: number): AppError {
  switch (result.error) {
    case 'zero':
      return optionError('Số trang bắt đầu từ 1');
    case 'backwards':
      return optionError(`Phạm vi trang "${result.part}" không hợp lệ: trang cuối nhỏ hơn trang đầu`);
    case 'pastEnd':
      return optionError(`Trang ${result.part} vượt quá số trang của tài liệu (${pageCount} trang)`);
    default:
      return optionError(`Phạm vi trang "${source.trim()}" không hợp lệ (ví dụ hợp lệ: 1-3,5)`);
  }
}

/**
 * Parses the ranges syntax only (no page count yet): 'all' (or empty) → null, '1-3,5' → the ranges
 * sorted and merged (overlaps count once). Throws a 400 for a malformed text, a page 0 or a
 * backwards range such as '5-3'.
 */
export function parsePageRanges(text: string | null | undefined): PageRange[] | null {
  if (text !== undefined && text !== null && String(text).length > MAX_RANGES_LENGTH) {
    throw optionError('Phạm vi trang quá dài');
  }
  const result = parseRanges(text);
  if (!result.ok) throw rangeError(result, String(text));
  return result.ranges;
}

/**
 * Pages of one copy that the ranges select in a document of `pageCount` pages.
 * Throws a 400 when a range goes past the end of the document.
 */
export function selectedPageCount(ranges: PageRange[] | null, pageCount: number): number {
  if (!Number.isInteger(pageCount) || pageCount < 0) throw new TypeError('pageCount must be a non-negative integer');
  if (!ranges) return pageCount;
  const result = parseRanges(formatPageRanges(ranges), pageCount);
  if (!result.ok) throw rangeError(result, formatPageRanges(ranges), pageCount);
  return result.selected ?? pageCount;
}

/** Sheets of the document's paper size: ceil(selected / (pagesPerSheet × numSides)) × copies. */
export function sheetCount(
  selectedPages: number,
  options: Pick<PrintOptions, 'pagesPerSheet' | 'numSides' | 'numVersion'>,
): number {
  return sheets(selectedPages, options);
}

/** What a document costs in A4 sheets: its sheets, twice for A3. */
export function printCost(
  selectedPages: number,
  options: Pick<PrintOptions, 'pagesPerSheet' | 'numSides' | 'numVersion' | 'paperSize'>,
): { sheets: number; cost: number } {
  return { sheets: sheets(selectedPages, options), cost: a4Cost(selectedPages, options) };
}

// The documents field is JSON: a number is a number. Text such as "2" or "true" is refused rather than
// coerced, so the client's bug shows at once instead of being printed with a guessed option.
function integerOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function booleanOf(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/**
 * Validates the options of one document (an object from the `documents` JSON array) and fills the
 * spec's defaults: A4, 1 copy, black and white, portrait, 1 page per sheet, 1 side, every page.
 * `label` names the document in messages. Unknown keys are ignored. Throws a 400.
 */
export function validatePrintOptions(raw: unknown, label = 'Tài liệu'): PrintOptions {
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw optionError(`${label}: tùy chọn in phải là một đối tượng JSON`);
  const input = raw as Record<string, unknown>;
  const field = (name: string, rule: string) => optionError(`${label}: "${name}" ${rule}`);

  const paperSize = input.paperSize ?? 'A4';
  if (typeof paperSize !== 'string' || !(PAPER_SIZES as readonly string[]).includes(paperSize.toUpperCase())) {
    throw field('paperSize', 'phải là A4 hoặc A3');
  }

  const numVersion = input.numVersion === undefined ? 1 : integerOf(input.numVersion);
  if (numVersion === null || numVersion < 1 || numVersion > MAX_COPIES) {
    throw field('numVersion', `(số bản in) phải là số nguyên từ 1 đến ${MAX_COPIES}`);
  }

  const pagesPerSheet = input.pagesPerSheet === undefined ? 1 : integerOf(input.pagesPerSheet);
  if (pagesPerSheet === null || !(PAGES_PER_SHEET as readonly number[]).includes(pagesPerSheet)) {
    throw field('pagesPerSheet', '(số trang mỗi tờ) phải là 1, 2 hoặc 4');
  }

  const numSides = input.numSides === undefined ? 1 : integerOf(input.numSides);
  if (numSides === null || !(NUM_SIDES as readonly number[]).includes(numSides)) {
    throw field('numSides', '(số mặt in) phải là 1 hoặc 2');
  }

  const colorOption = input.colorOption === undefined ? false : booleanOf(input.colorOption);
  if (colorOption === null) throw field('colorOption', 'phải là true hoặc false');
  const landScapeOption = input.landScapeOption === undefined ? false : booleanOf(input.landScapeOption);
  if (landScapeOption === null) throw field('landScapeOption', 'phải là true hoặc false');

  if (input.pages !== undefined && input.pages !== null && typeof input.pages !== 'string') {
    throw field('pages', "phải là 'all' hoặc phạm vi trang như 1-3,5");
  }
  let ranges: PageRange[] | null;
  try {
    ranges = parsePageRanges(input.pages as string | undefined);
  } catch (error) {
    if (error instanceof AppError) throw optionError(`${label}: ${error.message}`);
    throw error;
  }

  return {
    paperSize: paperSize.toUpperCase() as PaperSize,
    numVersion,
    colorOption,
    landScapeOption,
    pagesPerSheet: pagesPerSheet as 1 | 2 | 4,
    numSides: numSides as 1 | 2,
    pages: formatPageRanges(ranges),
  };
}
