import { AppError } from '../src/lib/errors';
import {
  formatPageRanges,
  parsePageRanges,
  printCost,
  selectedPageCount,
  sheetCount,
  validatePrintOptions,
  type PrintOptions,
} from '../src/modules/print-jobs/print-rules';
import { VIETNAMESE } from './helpers';

const base: PrintOptions = {
  paperSize: 'A4',
  numVersion: 1,
  colorOption: false,
  landScapeOption: false,
  pagesPerSheet: 1,
  numSides: 1,
  pages: 'all',
};

function expect400(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toMatch(VIETNAMESE);
    return error as AppError;
  }
  throw new Error('expected a 400');
}

describe('cost: pages × n-up × sides × copies × size × ranges', () => {
  // [document pages, ranges, pagesPerSheet, numSides, copies, paper size, expected sheets, expected cost]
  it.each([
    [1, 'all', 1, 1, 1, 'A4', 1, 1],
    [10, 'all', 1, 1, 1, 'A4', 10, 10],
    [10, 'all', 1, 1, 3, 'A4', 30, 30],
    [10, 'all', 1, 1, 1, 'A3', 10, 20],
    [7, 'all', 1, 2, 1, 'A4', 4, 4], // odd pages: the last sheet has one printed side
    [7, 'all', 2, 1, 1, 'A4', 4, 4],
    [7, 'all', 2, 2, 1, 'A4', 2, 2], // 7 / 4 → 2
    [7, 'all', 4, 2, 1, 'A4', 1, 1], // 7 / 8 → 1
    [9, 'all', 4, 2, 1, 'A4', 2, 2], // 9 / 8 → 2
    [9, 'all', 4, 2, 3, 'A3', 6, 12],
    [8, 'all', 4, 2, 1, 'A4', 1, 1], // exact fit: no extra sheet
    [1, 'all', 4, 2, 999, 'A4', 999, 999],
    [1, 'all', 4, 2, 999, 'A3', 999, 1998],
    [10, '1-3,5', 1, 1, 1, 'A4', 4, 4],
    [10, '1-3,5', 2, 1, 2, 'A4', 4, 4], // 4 pages 2-up = 2 sheets, × 2 copies
    [10, '1-3,5', 1, 2, 1, 'A3', 2, 4],
    [10, '2', 1, 1, 5, 'A4', 5, 5],
    [10, '1-10', 4, 1, 1, 'A4', 3, 3],
    [10, '1-5,3-7', 1, 1, 1, 'A4', 7, 7], // overlapping ranges count each page once
    [10, '10', 2, 2, 1, 'A3', 1, 2],
    [200, 'all', 2, 2, 10, 'A4', 500, 500],
  ] as const)(
    '%d pages, ranges %s, %d per sheet, %d sides, %d copies, %s → %d sheets, cost %d',
    (pages, ranges, pagesPerSheet, numSides, numVersion, paperSize, sheets, cost) => {
      const selected = selectedPageCount(parsePageRanges(ranges), pages);
      const options = { ...base, pagesPerSheet, numSides, numVersion, paperSize };
      expect(sheetCount(selected, options)).toBe(sheets);
      expect(printCost(selected, options)).toEqual({ sheets, cost });
    },
  );

  it('costs nothing for nothing selected', () => {
    expect(printCost(0, base)).toEqual({ sheets: 0, cost: 0 });
  });
});

describe('page ranges', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['all', null],
    ['ALL', null],
    ['5', [{ from: 5, to: 5 }]],
    [
      '1-3,5',
      [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ],
    ],
    [
      ' 1 - 3 , 5 ',
      [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ],
    ],
    [
      '5,1-3',
      [
        { from: 1, to: 3 },
        { from: 5, to: 5 },
      ],
    ],
    ['1-3,4-6', [{ from: 1, to: 6 }]],
    ['2-8,3-4', [{ from: 2, to: 8 }]],
  ])('%p → %j', (text, expected) => {
    expect(parsePageRanges(text)).toEqual(expected);
  });

  it.each(['abc', '1-', '-3', '1--3', '1-3-5', '1,,2', '0', '0-2', '5-3', '1.5', '1;2', 'x-y', '1,'])(
    'refuses %p with a 400',
    (text) => {
      expect400(() => parsePageRanges(text));
    },
  );

  it('refuses a very long text', () => {
    expect400(() => parsePageRanges('1,'.repeat(400) + '1'));
  });

  it('formats ranges back', () => {
    expect(formatPageRanges(parsePageRanges(' 5, 1-3 ,7-7'))).toBe('1-3,5,7');
    expect(formatPageRanges(null)).toBe('all');
  });

  it('counts the selected pages and refuses a range past the end', () => {
    expect(selectedPageCount(null, 12)).toBe(12);
    expect(selectedPageCount(parsePageRanges('1-3,12'), 12)).toBe(4);
    const error = expect400(() => selectedPageCount(parsePageRanges('1-13'), 12));
    expect(error.message).toContain('13');
    expect(error.message).toContain('12 trang');
    expect400(() => selectedPageCount(parsePageRanges('2'), 1));
  });
});

describe('validatePrintOptions', () => {
  it('fills the spec defaults', () => {
    expect(validatePrintOptions({})).toEqual(base);
    expect(validatePrintOptions(undefined)).toEqual(base);
  });

  it('keeps valid values and normalises ranges and paper size', () => {
    expect(
      validatePrintOptions({
        paperSize: 'a3',
        numVersion: 999,
        colorOption: true,
        landScapeOption: true,
        pagesPerSheet: 4,
        numSides: 2,
        pages: '5, 1-3',
        fileName: 'ignored.pdf',
      }),
    ).toEqual({
      paperSize: 'A3',
      numVersion: 999,
      colorOption: true,
      landScapeOption: true,
      pagesPerSheet: 4,
      numSides: 2,
      pages: '1-3,5',
    });
  });

  it.each([
    [{ numVersion: '2' }, 'numVersion'],
    [{ pagesPerSheet: '2' }, 'pagesPerSheet'],
    [{ numSides: '2' }, 'numSides'],
    [{ colorOption: 'true' }, 'colorOption'],
    [{ landScapeOption: 1 }, 'landScapeOption'],
    [{ numVersion: 1e21 }, 'numVersion'],
  ])('refuses %j: numbers and booleans sent as text are not coerced', (raw, name) => {
    expect(expect400(() => validatePrintOptions(raw)).message).toContain(name);
  });

  it.each([
    [{ paperSize: 'A5' }, 'paperSize'],
    [{ paperSize: 4 }, 'paperSize'],
    [{ numVersion: 0 }, 'numVersion'],
    [{ numVersion: 1000 }, 'numVersion'],
    [{ numVersion: -1 }, 'numVersion'],
    [{ numVersion: 1.5 }, 'numVersion'],
    [{ numVersion: 'two' }, 'numVersion'],
    [{ pagesPerSheet: 3 }, 'pagesPerSheet'],
    [{ pagesPerSheet: 8 }, 'pagesPerSheet'],
    [{ numSides: 0 }, 'numSides'],
    [{ numSides: 3 }, 'numSides'],
    [{ colorOption: 'yes' }, 'colorOption'],
    [{ landScapeOption: 2 }, 'landScapeOption'],
    [{ pages: 12 }, 'pages'],
    [{ pages: '3-1' }, '3-1'],
  ])('refuses %j naming %s', (raw, name) => {
    const error = expect400(() => validatePrintOptions(raw, 'Tài liệu 1 (a.pdf)'));
    expect(error.message).toContain(name);
    expect(error.message).toContain('a.pdf');
  });

  it('refuses options that are not an object', () => {
    expect400(() => validatePrintOptions([1, 2]));
    expect400(() => validatePrintOptions('A4'));
  });
});
