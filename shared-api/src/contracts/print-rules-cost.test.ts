import { printCost, type CostOptions } from './print-rules';
import { parsePageRanges } from './print-rules';

const base: CostOptions = {
  paperSize: 'A4',
  numVersion: 1,
  pagesPerSheet: 1,
  numSides: 1,
};

describe('printCost: ceil(selectedPages / (pagesPerSheet × numSides)) × copies × (A3 ? 2 : 1)', () => {
  it.each<[string, number, Partial<CostOptions>, number]>([
    ['one page', 1, {}, 1],
    ['ten pages', 10, {}, 10],
    ['no pages', 0, {}, 0],
    ['2 per sheet, even', 10, { pagesPerSheet: 2 }, 5],
    ['2 per sheet, odd rounds up', 9, { pagesPerSheet: 2 }, 5],
    ['4 per sheet, odd', 9, { pagesPerSheet: 4 }, 3],
    ['two sides, odd', 7, { numSides: 2 }, 4],
    ['4 per sheet and two sides', 9, { pagesPerSheet: 4, numSides: 2 }, 2],
    ['4 per sheet, two sides, 8 pages exactly', 8, { pagesPerSheet: 4, numSides: 2 }, 1],
    ['copies multiply after the ceiling', 3, { pagesPerSheet: 2, numVersion: 3 }, 6],
    ['A3 counts twice', 5, { paperSize: 'A3' }, 10],
    ['A3, 2 per sheet, two sides, 2 copies', 5, { paperSize: 'A3', pagesPerSheet: 2, numSides: 2, numVersion: 2 }, 8],
    ['999 copies of one page', 1, { numVersion: 999 }, 999],
  ])('%s: %i pages → %i', (_name, pages, options, expected) => {
    expect(printCost(pages, { ...base, ...options })).toBe(expected);
  });

  it.each<[string, number, Partial<CostOptions>, number]>([
    ['1-3,5', 10, {}, 4],
    ['2-4', 5, { numSides: 2 }, 2],
    ['1-3,2-5', 6, { pagesPerSheet: 2 }, 3],
    ['all', 7, { pagesPerSheet: 4, paperSize: 'A3' }, 4],
    ['1,3,5,7,9', 9, { pagesPerSheet: 2, numSides: 2, numVersion: 2 }, 4],
  ])('pages %j of a %i-page document → %#', (text, pageCount, options, expected) => {
    const parsed = parsePageRanges(text, pageCount);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(printCost(parsed.selected!, { ...base, ...options })).toBe(expected);
  });
});
