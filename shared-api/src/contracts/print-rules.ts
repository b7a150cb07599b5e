import type { PrintDocumentOption } from './dto';

/**
 * The printing rules, once for the server, the portal and the seed: page ranges and the cost in A4
 * pages. Balance is in A4 sheets; one document costs
 * ceil(selectedPages / (pagesPerSheet × numSides)) × copies sheets of its paper size, twice that for A3.
 * Pure functions, no browser or server code: refusals come back as values, each side words them.
 */

export const PAPER_SIZES = ['A4', 'A3'] as const;
export const PAGES_PER_SHEET = [1, 2, 4] as const;
export const NUM_SIDES = [1, 2] as const;
export const MAX_COPIES = 999;

/** An inclusive range of 1-based page numbers. */
export interface PageRange {
  from: number;
  to: number;
}

/** Why a pages text is refused. */
export type PageRangeError = 'syntax' | 'zero' | 'backwards' | 'pastEnd';

export type PageRangeResult =
  | { ok: true; ranges: PageRange[] | null; selected: number | null }
  | { ok: false; error: PageRangeError; part: string };

const PART = /^(\d{1,7})(?:-(\d{1,7}))?$/;

/** 'all', 'tất cả' and an empty text select every page. */
export function isAllPages(text: string | null | undefined): boolean {
  const trimmed = (text ?? '').trim().toLowerCase();
  return trimmed === '' || trimmed === 'all' || trimmed === 'tất cả';
}

/**
 * Parses the pages to print: 'all' (or empty) → every page; '1-3,5' → ranges, sorted and merged so an
 * overlap counts once. `selected` is the pages of one copy: for 'all' the page count (null when
 * unknown); with the page count a range past the end is refused ('pastEnd', `part` its last page).
 */
export function parsePageRanges(text: string | null | undefined, pageCount: number | null = null): PageRangeResult {
  if (isAllPages(text)) return { ok: true, ranges: null, selected: pageCount };
  const ranges: PageRange[] = [];
  for (const raw of String(text).split(',')) {
    const part = raw.replace(/\s+/g, '');
    const match = PART.exec(part);
    if (!match) return { ok: false, error: 'syntax', part };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1) return { ok: false, error: 'zero', part };
    if (to < from) return { ok: false, error: 'backwards', part };
    ranges.push({ from, to });
  }
  ranges.sort((a, b) => a.from - b.from);
  const merged: PageRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  const end = merged[merged.length - 1]!.to;
  if (pageCount !== null && end > pageCount) return { ok: false, error: 'pastEnd', part: String(end) };
  // Without the page count the ranges still say how many pages they select; the server checks the end.
  return {
    ok: true,
    ranges: merged,
    selected: merged.reduce((sum, r) => sum + r.to - r.from + 1, 0),
  };
}

/** The normalised text of ranges ('all' for every page), as the server stores and receives it. */
export function formatPageRanges(ranges: PageRange[] | null): string {
  if (!ranges) return 'all';
  return ranges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(',');
}

/** The options the cost depends on (one document). */
export type CostOptions = Pick<PrintDocumentOption, 'paperSize' | 'numVersion' | 'pagesPerSheet' | 'numSides'>;

/** Sheets of the document's paper size: ceil(selected / (pagesPerSheet × numSides)) × copies. */
export function sheetCount(selectedPages: number, options: Omit<CostOptions, 'paperSize'>): number {
  if (selectedPages <= 0) return 0;
  return Math.ceil(selectedPages / (options.pagesPerSheet * options.numSides)) * options.numVersion;
}

/** A4 pages one document costs: its sheets, twice for A3. */
export function printCost(selectedPages: number, options: CostOptions): number {
  const sheets = sheetCount(selectedPages, options);
  return options.paperSize === 'A3' ? sheets * 2 : sheets;
}
