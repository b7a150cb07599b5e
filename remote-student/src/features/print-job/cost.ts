import type { PaperSize } from 'shared-api';

/** The options the cost depends on (one document). */
export interface CostOptions {
  paperSize: PaperSize;
  /** Copies, 1..999. */
  numVersion: number;
  pagesPerSheet: 1 | 2 | 4;
  numSides: 1 | 2;
}

/**
 * A4 pages one document costs, the server's rule: ceil(selectedPages / (pagesPerSheet × numSides)) ×
 * copies sheets of its paper size, twice that for A3 (the balance is counted in A4 pages).
 */
export function printCost(selectedPages: number, options: CostOptions): number {
  if (selectedPages <= 0) return 0;
  const sheets = Math.ceil(selectedPages / (options.pagesPerSheet * options.numSides)) * options.numVersion;
  return options.paperSize === 'A3' ? sheets * 2 : sheets;
}
