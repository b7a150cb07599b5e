import type { PrintOptions } from '../src/print-queue/drivers/driver';
import {
  attentionReasons,
  blockingReasons,
  capabilitiesOf,
  deviceStateOf,
  deviceTakesJobs,
  ippJobAttributes,
  jobStatusOf,
  pageRangesOf,
  sheetsPrinted,
  unsupportedOption,
  documentFormatOf,
  unsupportedOptionText,
  type DeviceCapabilities,
} from '../src/print-queue/drivers/ipp/ipp-attributes';

/** Our options → IPP job attributes, every combination; IPP states → ours; what a device can do. */

const base: PrintOptions = {
  paperSize: 'A4',
  copies: 1,
  numSides: 1,
  pagesPerSheet: 1,
  color: false,
  landscape: false,
  pageRanges: null,
};

describe('our print options as IPP job attributes', () => {
  const combinations: PrintOptions[] = [];
  for (const paperSize of ['A4', 'A3'] as const)
    for (const numSides of [1, 2] as const)
      for (const landscape of [false, true])
        for (const pagesPerSheet of [1, 2, 4] as const)
          for (const color of [false, true])
            for (const copies of [1, 3, 999])
              for (const pageRanges of [null, '2', '1-3,5'])
                combinations.push({ paperSize, numSides, landscape, pagesPerSheet, color, copies, pageRanges });

  it.each(combinations.map((options) => [JSON.stringify(options), options] as const))('%s', (_name, options) => {
    const attributes = ippJobAttributes(options);
    expect(attributes.copies).toBe(options.copies);
    expect(attributes['number-up']).toBe(options.pagesPerSheet);
    expect(attributes.media).toBe(options.paperSize === 'A3' ? 'iso_a3_297x420mm' : 'iso_a4_210x297mm');
    expect(attributes['print-color-mode']).toBe(options.color ? 'color' : 'monochrome');
    expect(attributes['orientation-requested']).toBe(options.landscape ? 'landscape' : 'portrait');
    // two-sided binds on the edge a reader turns: long for portrait pages, short for landscape ones
    expect(attributes.sides).toBe(
      options.numSides === 1 ? 'one-sided' : options.landscape ? 'two-sided-short-edge' : 'two-sided-long-edge',
    );
    expect(attributes['page-ranges']).toEqual(
      options.pageRanges === null
        ? undefined
        : options.pageRanges === '2'
          ? [[2, 2]]
          : [
              [1, 3],
              [5, 5],
            ],
    );
  });

  it('page ranges: every page is no attribute; spaces and single pages are read; nonsense is left out', () => {
    expect(pageRangesOf(null)).toBeUndefined();
    expect(pageRangesOf('all')).toBeUndefined();
    expect(pageRangesOf(' 1 - 2 , 7 ')).toEqual([
      [1, 2],
      [7, 7],
    ]);
    expect(pageRangesOf('3-1,x')).toBeUndefined();
  });
});

describe('IPP states as ours', () => {
  it.each([
    ['pending', { state: 'waiting' }],
    ['pending-held', { state: 'waiting' }],
    ['processing', { state: 'printing' }],
    ['processing-stopped', { state: 'printing' }],
    ['completed', { state: 'completed', impressions: 4 }],
    ['aborted', { state: 'failed', reason: 'Paper jam' }],
    ['canceled', { state: 'canceled', reason: 'Paper jam' }],
  ])('job-state %s', (state, expected) => {
    expect(
      jobStatusOf({
        'job-state': state,
        'job-state-message': 'Paper jam',
        'job-impressions-completed': 4,
      }),
    ).toEqual(expected);
  });

  it("a failure without a message is named by the device's reasons", () => {
    expect(jobStatusOf({ 'job-state': 'aborted', 'job-state-reasons': ['none', 'document-format-error'] })).toEqual({
      state: 'failed',
      reason: 'document-format-error',
    });
  });

  it('printer-state: idle, processing, stopped (keywords or enums)', () => {
    expect(deviceStateOf({ 'printer-state': 'idle' })).toBe('idle');
    expect(deviceStateOf({ 'printer-state': 'processing' })).toBe('processing');
    expect(deviceStateOf({ 'printer-state': 'stopped' })).toBe('stopped');
    expect(deviceStateOf({ 'printer-state': 5 })).toBe('stopped');
  });

  it('reasons: stopping conditions block whatever their suffix, warnings do not; both are worth a notice', () => {
    const reasons = ['media-empty-report', 'toner-low-warning', 'media-jam-error', 'cover-open', 'other-report'];
    expect(blockingReasons(reasons)).toEqual(['media-empty-report', 'media-jam-error', 'cover-open']);
    expect(attentionReasons(reasons)).toEqual([
      'media-empty-report',
      'toner-low-warning',
      'media-jam-error',
      'cover-open',
    ]);
    expect(deviceTakesJobs('idle', ['toner-low-warning'])).toBe(true);
    expect(deviceTakesJobs('processing', ['media-empty-warning'])).toBe(false);
    expect(deviceTakesJobs('stopped', [])).toBe(false);
    expect(deviceTakesJobs('offline', [])).toBe(false);
    expect(deviceTakesJobs(null, [])).toBe(true);
  });
});

describe('sheets printed after a jam', () => {
  it('counts impressions per side; a device that reports none counts the job whole', () => {
    expect(sheetsPrinted(2, base, 5)).toBe(2);
    expect(sheetsPrinted(3, { ...base, numSides: 2 }, 3)).toBe(2);
    expect(sheetsPrinted(10, base, 5)).toBe(5);
    expect(sheetsPrinted(0, base, 5)).toBe(5);
    expect(sheetsPrinted(null, base, 5)).toBe(5);
  });
});

describe('what a device can do', () => {
  const caps: DeviceCapabilities = capabilitiesOf({
    'printer-make-and-model': 'HP LaserJet M507',
    'media-supported': ['iso_a4_210x297mm'],
    'sides-supported': 'one-sided',
    'print-color-mode-supported': ['monochrome'],
    'document-format-supported': ['application/pdf'],
    'number-up-supported': [1, 4],
    'copies-supported': [1, 99],
    'page-ranges-supported': false,
  });

  it('reads the printer attributes (one value as a string, several as a list, a range as a pair)', () => {
    expect(caps).toMatchObject({
      makeAndModel: 'HP LaserJet M507',
      sides: ['one-sided'],
      numberUp: [1, 2, 3, 4],
      maxCopies: 99,
      pageRanges: false,
    });
  });

  it.each([
    [{ paperSize: 'A3' as const }, 'paperSize', /khổ giấy A3/],
    [{ numSides: 2 as const }, 'sides', /hai mặt/],
    [{ color: true }, 'color', /in màu/],
    [{ copies: 100 }, 'copies', /100 bản/],
    [{ pageRanges: '1-2' }, 'pageRanges', /chọn trang/],
  ])('refuses %j, naming it', (change, option, text) => {
    const problem = unsupportedOption({ ...base, ...change }, caps);
    expect(problem?.option).toBe(option);
    expect(unsupportedOptionText('B1-101', problem as never)).toMatch(text);
  });

  it('orientation: a device that lists only portrait refuses landscape; one that turns pages itself takes both', () => {
    const portraitOnly = { ...caps, orientations: ['portrait'] };
    expect(unsupportedOption({ ...base, landscape: true }, portraitOnly)).toEqual({ option: 'orientation' });
    expect(unsupportedOptionText('B1-101', { option: 'orientation' })).toMatch(/hướng giấy/);
    expect(unsupportedOption(base, portraitOnly)).toBeNull();
    expect(unsupportedOption({ ...base, landscape: true }, { ...caps, orientations: ['portrait', 'none'] })).toBeNull();
  });

  it('the format sent: an Office or RTF file goes as its converted PDF, the others as themselves', () => {
    for (const type of ['docx', 'DOC', 'xlsx', 'pptx', 'odt', 'rtf', 'pdf'])
      expect(documentFormatOf(type)).toBe('application/pdf');
    expect(documentFormatOf('txt')).toBe('text/plain');
    expect(documentFormatOf('JPG')).toBe('image/jpeg');
    expect(documentFormatOf('png')).toBe('image/png');
    const pdfOnly = { ...caps, formats: ['application/pdf'] };
    expect(unsupportedOption(base, pdfOnly, documentFormatOf('docx'))).toBeNull();
    expect(unsupportedOption(base, pdfOnly, documentFormatOf('png'))).toEqual({ option: 'format', value: 'image/png' });
  });

  it('takes what the device can do, and what it did not list', () => {
    expect(unsupportedOption({ ...base, pagesPerSheet: 4, copies: 99 }, caps)).toBeNull();
    expect(unsupportedOption({ ...base, paperSize: 'A3', numSides: 2, color: true }, capabilitiesOf({}))).toBeNull();
    expect(unsupportedOption(base, { ...caps, formats: ['image/urf'] })).toEqual({
      option: 'format',
      value: 'application/pdf',
    });
  });
});
