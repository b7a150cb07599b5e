/** An inclusive range of 1-based page numbers. */
export interface PageRange {
  from: number;
  to: number;
}

/** Why a pages text is refused (a locale key under printConfig.range). */
export type PageRangeError = 'syntax' | 'zero' | 'backwards' | 'pastEnd';

export type PageRangeResult =
  { ok: true; ranges: PageRange[] | null; selected: number | null } | { ok: false; error: PageRangeError };

const PART = /^(\d{1,7})(?:-(\d{1,7}))?$/;

/** 'all', 'tất cả' and an empty text select every page. */
export function isAllPages(text: string): boolean {
  const trimmed = text.trim().toLowerCase();
  return trimmed === '' || trimmed === 'all' || trimmed === 'tất cả';
}

/**
 * Parses pages to print as the server does: 'all' (or empty) → every page; '1-3,5' → ranges, sorted
 * and merged so an overlap counts once. `selected` is the pages of one copy: for 'all' the page count
 * (null when unknown, the server counts); with the page count a range past the end is refused.
 */
export function parsePageRanges(text: string, pageCount: number | null = null): PageRangeResult {
  if (isAllPages(text)) return { ok: true, ranges: null, selected: pageCount };
  const ranges: PageRange[] = [];
  for (const raw of text.split(',')) {
    const match = PART.exec(raw.replace(/\s+/g, ''));
    if (!match) return { ok: false, error: 'syntax' };
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (from < 1) return { ok: false, error: 'zero' };
    if (to < from) return { ok: false, error: 'backwards' };
    ranges.push({ from, to });
  }
  ranges.sort((a, b) => a.from - b.from);
  const merged: PageRange[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  if (pageCount !== null && merged[merged.length - 1]!.to > pageCount) return { ok: false, error: 'pastEnd' };
  // Without the page count the ranges still say how many pages they select; the server checks the end.
  return { ok: true, ranges: merged, selected: merged.reduce((sum, r) => sum + r.to - r.from + 1, 0) };
}

/** The normalised text the server receives ('all' for every page). */
export function formatPageRanges(ranges: PageRange[] | null): string {
  if (!ranges) return 'all';
  return ranges.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`)).join(',');
}
