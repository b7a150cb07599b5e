import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../src/lib/errors';
import {
  countPages as countFile,
  countTextPages as countTextFile,
  detectContent,
  type PageCountOptions,
} from '../src/documents/page-count';
import { detectNetworkSandbox, findSoffice, OfficeConverter } from '../src/documents/conversion';
import { VIETNAMESE } from './helpers';
import { cyclicTree, deepTree, flatTree, officeZip, pageTreeBomb, sharedPage } from './pdf-bombs';
import { makePdf, PNG_1x1 } from './printing-fixtures';
import { toolMissing } from './system-tools';

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

// Counting reads files from disk (as the upload route leaves them): each buffer is written to one first.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-page-count-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let fileNumber = 0;
function onDisk(buffer: Buffer): string {
  fileNumber += 1;
  const file = path.join(dir, `${fileNumber}.part`);
  fs.writeFileSync(file, new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength));
  return file;
}
const countPages = (buffer: Buffer, ext: string, label: string, options?: PageCountOptions) =>
  countFile(onDisk(buffer), ext, label, options);
const countTextPages = (buffer: Buffer) => countTextFile(onDisk(buffer));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(VIETNAMESE);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('detectContent', () => {
  it.each([
    [Buffer.from('%PDF-1.7\n'), 'pdf'],
    [Buffer.from('junk before the header\n%PDF-1.4\n'), 'pdf'],
    [PNG_1x1, 'png'],
    [JPEG_HEAD, 'jpeg'],
    [Buffer.from('GIF89a....'), 'gif'],
    [Buffer.from('Xin chào\nthế giới\n'), 'text'],
    [Buffer.from('PK\u0003\u0004....word/document.xml', 'latin1'), 'ooxml'],
    [Buffer.from('PK\u0003\u0004....mimetypeapplication/vnd.oasis.opendocument.text', 'latin1'), 'odf'],
    [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'ole'],
    [Buffer.from('{\\rtf1\\ansi hello}'), 'rtf'],
    [Buffer.from([1, 2, 0, 4]), null],
    [Buffer.alloc(0), null],
  ])('%#: → %s', (buffer, kind) => {
    expect(detectContent(buffer)).toBe(kind);
  });
});

describe('countTextPages', () => {
  const lines = (n: number, trailing = true) =>
    Buffer.from(Array.from({ length: n }, (_, i) => `dòng ${i + 1}`).join('\n') + (trailing ? '\n' : ''));
  it.each([
    [1, true, 1],
    [1, false, 1],
    [60, true, 1],
    [60, false, 1],
    [61, true, 2],
    [120, true, 2],
    [121, false, 3],
  ])('%d lines (final newline %s) → %d pages', async (n, trailing, pages) => {
    expect(await countTextPages(lines(n, trailing))).toBe(pages);
  });
  it('counts a file of blank lines too', async () => {
    expect(await countTextPages(Buffer.from('\n'.repeat(130)))).toBe(3);
  });
  it('wraps long lines: a line of 80 characters is one printed line, 81 are two', async () => {
    expect(await countTextPages(Buffer.from(`${'a'.repeat(80)}\n`.repeat(60)))).toBe(1);
    expect(await countTextPages(Buffer.from(`${'a'.repeat(81)}\n`.repeat(60)))).toBe(2);
    // Vietnamese letters are one character each, not their 2-3 UTF-8 bytes; CRLF is one line end
    expect(await countTextPages(Buffer.from(`${'ữ'.repeat(80)}\r\n`.repeat(60)))).toBe(1);
  });
  it('a 30 MB file with no newline is charged for every page it fills, not one', async () => {
    const size = 30 * 1_048_576;
    const pages = Math.ceil(Math.ceil(size / 80) / 60);
    expect(await countTextPages(Buffer.alloc(size, 0x61))).toBe(pages);
    expect(pages).toBeGreaterThan(6_000);
  });
});

describe('countPages', () => {
  it('counts a PDF by its page tree', async () => {
    for (const n of [1, 3, 17]) {
      const counted = await countPages(await makePdf(n), 'pdf', 'a.pdf');
      expect(counted).toMatchObject({ pages: n, printableKind: 'pdf', converted: false });
    }
  });

  it('counts right a PDF that lies about its page count', async () => {
    const honest = (await makePdf(3, { objectStreams: false })).toString('latin1');
    expect(honest).toContain('/Count 3');
    const lying = Buffer.from(honest.replace('/Count 3', '/Count 99'), 'latin1');
    expect((await countPages(lying, 'pdf', 'lie.pdf')).pages).toBe(3);
  });

  it('refuses a PDF without pages (422)', async () => {
    const error = await refusal(countPages(await makePdf(0), 'pdf', 'empty.pdf'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain('không có trang');
  });

  it('refuses a corrupt PDF (422)', async () => {
    const whole = await makePdf(3);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      for (const broken of [Buffer.from('%PDF-1.7\nnot a pdf at all\n%%EOF'), whole.subarray(0, whole.length / 2)]) {
        const error = await refusal(countPages(broken, 'pdf', 'broken.pdf'));
        expect(error.statusCode).toBe(422);
        expect(error.message).toContain('bị hỏng');
      }
    } finally {
      warn.mockRestore();
      log.mockRestore();
    }
  });

  it('refuses an encrypted PDF (422)', async () => {
    const plain = (await makePdf(2, { objectStreams: false })).toString('latin1');
    const encrypted = Buffer.from(plain.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
    const error = await refusal(countPages(encrypted, 'pdf', 'secret.pdf'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toContain('mật khẩu');
  });

  it('refuses an empty file (400)', async () => {
    for (const ext of ['pdf', 'txt', 'png']) {
      const error = await refusal(countPages(Buffer.alloc(0), ext, `empty.${ext}`));
      expect(error.statusCode).toBe(400);
      expect(error.message).toContain('rỗng');
    }
  });

  it('refuses a .pdf that is really a PNG (415)', async () => {
    const error = await refusal(countPages(PNG_1x1, 'pdf', 'fake.pdf'));
    expect(error.statusCode).toBe(415);
    expect(error.message).toContain('PNG');
  });

  it('refuses contents that do not match the extension (415)', async () => {
    const pdf = await makePdf(1);
    for (const [buffer, ext] of [
      [pdf, 'png'],
      [pdf, 'jpg'],
      [PNG_1x1, 'txt'],
      [pdf, 'docx'],
      [Buffer.from('PK\u0003\u0004....ppt/slides/slide1.xml', 'latin1'), 'docx'],
      [Buffer.from('plain words'), 'doc'],
    ] as const) {
      expect((await refusal(countPages(buffer, ext, `x.${ext}`))).statusCode).toBe(415);
    }
  });

  it('refuses a type it cannot count (415)', async () => {
    expect((await refusal(countPages(Buffer.from('abc'), 'exe', 'x.exe'))).statusCode).toBe(415);
  });

  it('counts images as one page and text by lines', async () => {
    expect(await countPages(PNG_1x1, 'png', 'a.png')).toMatchObject({ pages: 1, printableKind: 'png' });
    expect(await countPages(JPEG_HEAD, 'jpeg', 'a.jpeg')).toMatchObject({ pages: 1, printableKind: 'jpeg' });
    expect(await countPages(JPEG_HEAD, 'JPG', 'a.JPG')).toMatchObject({ pages: 1 });
    const text = Buffer.from('a\n'.repeat(61));
    expect(await countPages(text, 'txt', 'a.txt')).toMatchObject({ pages: 2, printableKind: 'text' });
  });

  it('refuses Office files when LibreOffice is not installed, saying so (415)', async () => {
    const error = await refusal(countPages(officeZip('docx'), 'docx', 'bai-tap.docx', { converter: null }));
    expect(error.statusCode).toBe(415);
    expect(error.message).toContain('LibreOffice');
    expect(error.message).toContain('chưa cài đặt');
  });

  // the real conversion: only where LibreOffice is installed (CI installs it; a fresh machine skips these two)
  const soffice = findSoffice();
  // a generous time limit: a shared CI machine can take many seconds to start LibreOffice
  const converter = soffice
    ? new OfficeConverter({ soffice, sandbox: detectNetworkSandbox(), limits: { baseTimeoutMs: 100_000 } })
    : null;
  const withSoffice = toolMissing('the real conversion in page-count', converter ? null : 'soffice is not installed')
    ? it.skip
    : it;
  withSoffice(
    'converts an Office document with LibreOffice and counts the PDF',
    async () => {
      const rtf = Buffer.from('{\\rtf1\\ansi Trang mot\\page Trang hai\\par}');
      const counted = await countPages(rtf, 'rtf', 'hai-trang.rtf', { converter });
      expect(counted).toMatchObject({ pages: 2, printableKind: 'pdf', printableExtension: 'pdf', converted: true });
      expect(counted.convertedPdf && detectContent(counted.convertedPdf)).toBe('pdf');
    },
    120_000,
  );

  withSoffice(
    'refuses a broken Office document with a 4xx',
    async () => {
      const broken = Buffer.from('PK\u0003\u0004 not really a zip word/ at all', 'latin1');
      const error = await refusal(countPages(broken, 'docx', 'hong.docx', { converter }));
      expect([415, 422]).toContain(error.statusCode);
    },
    120_000,
  );
});

describe('hostile PDFs (counted in the worker pool)', () => {
  it.each([
    ['a page-tree bomb of 10^9 leaves', () => pageTreeBomb(9), /dùng lại nhiều lần/],
    [
      'a page-tree bomb of 2^40 leaves (40 levels of two)',
      () => pageTreeBomb(40, 2),
      /dùng lại nhiều lần|lồng nhau quá sâu/,
    ],
    ['a cycle', cyclicTree, /tự tham chiếu vòng/],
    ['a page listed twice', sharedPage, /dùng lại nhiều lần/],
    ['a tree 40 levels deep', () => deepTree(40), /lồng nhau quá sâu/],
    ['10,001 pages', () => flatTree(10_001), /hơn 10\.000 trang/],
  ])('refuses %s in well under a second (422)', async (_name, make, message) => {
    const started = performance.now();
    const error = await refusal(countPages(make(), 'pdf', 'x.pdf'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(message);
  });

  it('counts the leaves, not /Count, and accepts a tree 30 levels deep', async () => {
    expect((await countPages(flatTree(2, 999_999_999), 'pdf', 'a.pdf')).pages).toBe(2);
    expect((await countPages(deepTree(30), 'pdf', 'b.pdf')).pages).toBe(1);
  });

  it('refuses a text file of more than 10,000 pages (422)', async () => {
    const error = await refusal(countPages(Buffer.from('\n'.repeat(60 * 10_000 + 1)), 'txt', 'dai.txt'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/hơn 10\.000 trang/);
  });
});
