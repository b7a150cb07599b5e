import { formatPageRanges, parsePageRanges } from './print-rules';

describe('parsePageRanges', () => {
  it.each([
    ['all', 12, 12, 'all'],
    ['', 12, 12, 'all'],
    ['  Tất cả ', 3, 3, 'all'],
    ['1-3,5', 10, 4, '1-3,5'],
    [' 1 - 3 , 5 ', 10, 4, '1-3,5'],
    ['5,1-3', 10, 4, '1-3,5'],
    ['1-3,2-5', 10, 5, '1-5'],
    ['1-2,3-4', 10, 4, '1-4'],
    ['7', 7, 1, '7'],
    ['3-3', 7, 1, '3'],
  ])('%j of %i pages selects %i (%s)', (text, pageCount, selected, normalised) => {
    const result = parsePageRanges(text, pageCount);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.selected).toBe(selected);
    expect(formatPageRanges(result.ranges)).toBe(normalised);
  });

  it.each([
    ['1-', 'syntax'],
    ['-3', 'syntax'],
    ['a', 'syntax'],
    ['1,,2', 'syntax'],
    ['1-2-3', 'syntax'],
    ['1.5', 'syntax'],
    ['0', 'zero'],
    ['0-2', 'zero'],
    ['5-3', 'backwards'],
  ])('refuses %j (%s)', (text, error) => {
    expect(parsePageRanges(text, 10)).toMatchObject({ ok: false, error });
  });

  it('refuses a range past the end of a counted document', () => {
    expect(parsePageRanges('1-3,12', 10)).toEqual({
      ok: false,
      error: 'pastEnd',
      part: '12',
    });
    expect(parsePageRanges('10', 10).ok).toBe(true);
  });

  it('without a page count: all is unknown, ranges count their pages (the server checks the end)', () => {
    expect(parsePageRanges('all', null)).toEqual({
      ok: true,
      ranges: null,
      selected: null,
    });
    expect(parsePageRanges('1-3,12', null)).toMatchObject({
      ok: true,
      selected: 4,
    });
  });
});
