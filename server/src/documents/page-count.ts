import fs from 'node:fs';
import { AppError } from '../lib/errors';
import type { OfficeConverter } from './conversion';
import { checkOfficeContent, openDocumentMismatch } from './office-content';
import { CostlyDocumentError, libreOfficeMissing, unprocessable, unsupported } from './refusals';
import { PDF_COUNT_TIMEOUT_MS, PdfPagesPool, type PdfCountProblem } from './pdf-pages-pool';
import { pdfStructureProblem, type PdfStructureProblem } from './pdf-structure';
import { MAX_CONTENT_BYTES, MAX_PAGE_CONTENT_BYTES } from './pdf-streams';

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * Pages are counted by the server, never taken from the client. Each accepted type is recognised by
 * its extension AND its content (magic bytes), so a `.pdf` that is really a PNG is refused:
 * - PDF: counted in a worker thread (pdf-pages-pool) that walks the page tree once per node (a wrong
 *   /Count does not matter); encrypted, corrupt, 0-page, shared or cyclic trees, more than
 *   MAX_DOCUMENT_PAGES pages, page content or object streams that decompress past their bounds, a
 *   cross-reference claiming more entries than it holds (pdf-streams), or past the worker's time or
 *   memory budget: refused (422), before anything is charged;
 * - images (png, jpg/jpeg, gif): one page;
 * - plain text: ceil(lines / 60), at least one page;
 * - Office and OpenDocument: converted to PDF by LibreOffice (conversion.ts: no network, own profile,
 *   time and memory limits, a bounded queue) when it is installed, after a check of what the file holds
 *   (office-content.ts: the right main part, no zip bomb), and the converted PDF is what is counted,
 *   under the same checks as an uploaded one, and printed; refused with a message saying so when
 *   LibreOffice is not installed.
 * Everything reads the received file from disk: an upload is never held whole in memory.
 */

/** What the bytes really are. */
export type ContentKind = 'pdf' | 'png' | 'jpeg' | 'gif' | 'text' | 'ooxml' | 'odf' | 'ole' | 'rtf';

/** The content each extension must have. */
const EXPECTED_CONTENT: Record<string, ContentKind> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  txt: 'text',
  docx: 'ooxml',
  pptx: 'ooxml',
  xlsx: 'ooxml',
  odt: 'odf',
  ods: 'odf',
  odp: 'odf',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  rtf: 'rtf',
};

const CONTENT_NAMES: Record<ContentKind, string> = {
  pdf: 'PDF',
  png: 'ảnh PNG',
  jpeg: 'ảnh JPEG',
  gif: 'ảnh GIF',
  text: 'văn bản thuần',
  ooxml: 'tài liệu Office (docx, pptx, xlsx)',
  odf: 'tài liệu OpenDocument',
  ole: 'tài liệu Office cũ (doc, xls, ppt)',
  rtf: 'tài liệu RTF',
};

/** Lines per page of a plain text file. */
export const TEXT_LINES_PER_PAGE = 60;
/** Characters of one printed line of a text file (monospace on A4 with the usual margins); longer lines wrap. */
export const TEXT_CHARS_PER_LINE = 80;

/** Extensions this module knows how to count (the configured allowed list may be narrower). */
export function isCountableExtension(extension: string): boolean {
  return Object.hasOwn(EXPECTED_CONTENT, extension.toLowerCase());
}

/** Extensions that need LibreOffice. */
export function needsConversion(extension: string): boolean {
  const kind = EXPECTED_CONTENT[extension.toLowerCase()];
  return kind === 'ooxml' || kind === 'odf' || kind === 'ole' || kind === 'rtf';
}

/** The same memory as a plain Uint8Array (the Buffer type and some libraries' typings disagree). */
const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

const startsWith = (buffer: Buffer, bytes: readonly number[], offset = 0) =>
  buffer.length >= offset + bytes.length && bytes.every((byte, i) => buffer[offset + i] === byte);

/** Recognises the content by its magic bytes; null when it is none of the known kinds. */
export function detectContent(buffer: Buffer): ContentKind | null {
  if (buffer.length === 0) return null;
  // a PDF header may follow some junk, within the first kilobyte
  if (buffer.subarray(0, 1024).includes('%PDF-', 0, 'latin1')) return 'pdf';
  if (startsWith(buffer, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(buffer, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (buffer.subarray(0, 6).toString('latin1') === 'GIF87a' || buffer.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(buffer, [0x50, 0x4b, 0x03, 0x04])) {
    const head = buffer.subarray(0, 4096).toString('latin1');
    if (head.includes('mimetypeapplication/vnd.oasis.opendocument')) return 'odf';
    return 'ooxml';
  }
  if (buffer.subarray(0, 5).toString('latin1') === '{\\rtf') return 'rtf';
  // text: no NUL byte (binary formats all have some early on)
  if (!buffer.subarray(0, 65_536).includes(0)) return 'text';
  return null;
}

/** The page count and what will be printed. */
export interface CountedDocument {
  pages: number;
  /** What is stored and printed: 'pdf' for converted Office files, else the original kind. */
  printableKind: ContentKind;
  /** The stored file's extension (pdf after a conversion). */
  printableExtension: string;
  /** The converted PDF (bounded by MAX_CONVERTED_BYTES); absent when the received file prints as it is. */
  convertedPdf?: Buffer;
  converted: boolean;
}

export interface PageCountOptions {
  /** The LibreOffice converter of this server; absent or null: Office types are refused, saying why. */
  converter?: OfficeConverter | null;
  /** Most pages one document may have (default MAX_DOCUMENT_PAGES). */
  maxPages?: number;
  /** The worker pool that counts PDFs (default: one shared pool). */
  pool?: PdfPagesPool;
}

/**
 * Most pages one document may have: a longer one is refused (422) before anything is charged. A
 * constant (not system_config): it bounds the work a single upload can cause, which is a property of
 * the server, not a printing rule.
 */
export const MAX_DOCUMENT_PAGES = 10_000;
/** Deepest PDF page tree walked (10,000 pages need 14 levels with two kids per node). */
export const MAX_PAGE_TREE_DEPTH = 32;
/** Bytes read from the start of a file to recognise its content. */
export const SNIFF_BYTES = 65_536;

let sharedPool: PdfPagesPool | undefined;
/** The pool shared by every count of this process, started at the first PDF. */
export function defaultPdfPagesPool(): PdfPagesPool {
  sharedPool ??= new PdfPagesPool();
  return sharedPool;
}

export { CostlyDocumentError } from './refusals';

/**
 * Time budget of counting one PDF, by its size: 2 s, and 0.1 s more per MB, never above the pool's
 * budget. A small file cannot hold a counting worker (and the upload slots waiting on it) for long.
 */
export function pdfCountBudgetMs(sizeBytes: number, poolBudgetMs = PDF_COUNT_TIMEOUT_MS): number {
  return Math.min(poolBudgetMs, 2_000 + Math.ceil((sizeBytes / 1_048_576) * 100));
}

const STRUCTURE_MESSAGES: Readonly<Record<PdfStructureProblem, (label: string) => string>> = {
  'no-trailer': (label) =>
    `Tệp "${label}" bị hỏng hoặc chưa tải lên hết (thiếu phần kết startxref / %%EOF của một tệp PDF). Hãy lưu lại tệp PDF rồi gửi lại`,
  'bad-startxref': (label) =>
    `Tệp "${label}" bị hỏng: vị trí bảng tham chiếu chéo (startxref) không đúng. Hãy lưu lại tệp PDF rồi gửi lại`,
  'xref-too-large': (label) =>
    `Tệp "${label}" có bảng tham chiếu chéo lớn bất thường so với kích thước tệp, không thể in`,
};
const tooManyPages = (label: string, max: number) =>
  unprocessable(`Tệp "${label}" có hơn ${max.toLocaleString('vi-VN')} trang, vượt quá giới hạn cho một tài liệu`);

/** The Vietnamese refusal of a PDF the worker could not count. */
function pdfRefusal(problem: PdfCountProblem, label: string, maxPages: number): AppError {
  switch (problem) {
    case 'encrypted':
      return unprocessable(`Tệp "${label}" được mã hóa hoặc đặt mật khẩu, không thể in. Hãy gỡ mật khẩu rồi gửi lại`);
    case 'empty':
      return unprocessable(`Tệp "${label}" không có trang nào để in`);
    case 'shared-node':
      return unprocessable(
        `Tệp "${label}" có cây trang không hợp lệ (một trang hoặc nhóm trang được dùng lại nhiều lần), không thể in`,
      );
    case 'cycle':
      return unprocessable(`Tệp "${label}" có cây trang không hợp lệ (tự tham chiếu vòng), không thể in`);
    case 'too-deep':
      return unprocessable(`Tệp "${label}" có cây trang lồng nhau quá sâu, không thể in`);
    case 'too-many-pages':
      return tooManyPages(label, maxPages);
    case 'xref-too-large':
      return unprocessable(STRUCTURE_MESSAGES['xref-too-large'](label));
    case 'content-too-large':
      return unprocessable(
        `Tệp "${label}" có nội dung khi giải nén lớn bất thường (quá ${mb(MAX_PAGE_CONTENT_BYTES)} MB cho một trang hoặc ${mb(MAX_CONTENT_BYTES)} MB cho cả tệp), không thể in. Hãy xuất lại tệp PDF từ ứng dụng đã tạo ra nó`,
      );
    case 'timeout':
      return new CostlyDocumentError(
        `Đếm số trang của tệp "${label}" quá thời gian cho phép (tệp quá phức tạp), không thể in`,
      );
    case 'out-of-memory':
      return new CostlyDocumentError(`Tệp "${label}" quá phức tạp để đếm số trang, không thể in`);
    default:
      return unprocessable(`Tệp "${label}" bị hỏng hoặc không phải PDF hợp lệ, không đọc được số trang`);
  }
}

/**
 * Pages of the PDF at `file`, counted in a worker thread (pdf-pages-pool) by walking the page tree once
 * per node: 422 for an encrypted, corrupt or empty PDF, a shared or cyclic page tree, more than maxPages
 * pages, or a document that needs more than the worker's time or memory budget.
 */
export async function countPdfPages(file: string, label: string, options: PageCountOptions = {}): Promise<number> {
  const maxPages = options.maxPages ?? MAX_DOCUMENT_PAGES;
  // before any worker reads it: a PDF must end as a PDF ends (no parser walks 40 MB of noise)
  const { size } = await fs.promises.stat(file);
  const problem = await pdfStructureProblem(file, size);
  if (problem) throw unprocessable(STRUCTURE_MESSAGES[problem](label));
  const reply = await (options.pool ?? defaultPdfPagesPool()).count(
    file,
    { maxPages, maxDepth: MAX_PAGE_TREE_DEPTH },
    pdfCountBudgetMs(size),
  );
  if (!reply.ok) throw pdfRefusal(reply.problem, label, maxPages);
  return reply.pages;
}

/**
 * Printed pages of a plain text file: TEXT_LINES_PER_PAGE lines a page, where a line longer than
 * TEXT_CHARS_PER_LINE characters wraps onto as many printed lines as it fills (a 30 MB file without a
 * newline is thousands of pages, not one). Characters are UTF-8 code points (continuation bytes are not
 * counted) and a CR before LF is not one. Streams the file: memory stays flat whatever its size.
 */
export async function countTextPages(file: string): Promise<number> {
  let printedLines = 0;
  let lineChars = 0;
  let size = 0;
  let last = -1;
  const endLine = () => {
    printedLines += Math.max(1, Math.ceil(lineChars / TEXT_CHARS_PER_LINE));
    lineChars = 0;
  };
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1_048_576 }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i += 1) {
      const byte = chunk[i] as number;
      if (byte === 0x0a) endLine();
      else if (byte !== 0x0d && (byte & 0xc0) !== 0x80) lineChars += 1;
    }
    size += chunk.length;
    last = chunk[chunk.length - 1] ?? last;
  }
  if (size === 0) return 1;
  // a final newline ends the last line; it does not start a new one
  if (last !== 0x0a) endLine();
  return Math.max(1, Math.ceil(printedLines / TEXT_LINES_PER_PAGE));
}

/** The first `bytes` bytes of a file (fewer when it is shorter). */
export async function readHead(file: string, bytes = SNIFF_BYTES): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(asBytes(buffer), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The check that can be made from the first bytes alone (SNIFF_BYTES, or the whole file when shorter):
 * the content the extension promises. Null when it matches; else the 415 to answer. The upload route
 * calls it as soon as the first bytes arrive, so a wrong file is refused before its body is read.
 */
export function contentMismatch(head: Buffer, extension: string, label: string): AppError | null {
  const ext = extension.toLowerCase();
  const expected = EXPECTED_CONTENT[ext];
  if (!expected) return unsupported(`Máy chủ chưa hỗ trợ đếm trang cho loại tệp .${ext}`);
  const actual = detectContent(head);
  // an OpenDocument file names its own type in its first bytes: an .odt that is a spreadsheet is refused here
  if (actual === expected) return expected === 'odf' ? openDocumentMismatch(head, ext, label) : null;
  return unsupported(
    `Nội dung tệp "${label}" không phải ${CONTENT_NAMES[expected]} như đuôi .${ext}` +
      (actual && actual !== expected ? ` (thực chất là ${CONTENT_NAMES[actual]})` : ''),
  );
}

/**
 * Checks that the content of the received file matches its extension and counts the pages; the file is
 * read from disk (never whole into this thread's memory, but for a converted PDF of bounded size).
 * 400 for an empty file, 415 for a content that is not what the extension says or a type this server
 * cannot count (or convert), 422 for an unreadable, encrypted, empty, hostile or too long document.
 */
export async function countPages(
  file: string,
  extension: string,
  label: string,
  options: PageCountOptions = {},
): Promise<CountedDocument> {
  const ext = extension.toLowerCase();
  const size = (await fs.promises.stat(file)).size;
  if (size === 0) throw new AppError(400, 'BAD_REQUEST', `Tệp "${label}" rỗng (0 byte)`);
  const head = await readHead(file);
  const mismatch = contentMismatch(head, ext, label);
  if (mismatch) throw mismatch;
  const expected = EXPECTED_CONTENT[ext] as ContentKind;
  const maxPages = options.maxPages ?? MAX_DOCUMENT_PAGES;

  switch (expected) {
    case 'pdf':
      return {
        pages: await countPdfPages(file, label, options),
        printableKind: 'pdf',
        printableExtension: 'pdf',
        converted: false,
      };
    case 'png':
    case 'jpeg':
    case 'gif':
      return { pages: 1, printableKind: expected, printableExtension: ext, converted: false };
    case 'text': {
      const pages = await countTextPages(file);
      if (pages > maxPages) throw tooManyPages(label, maxPages);
      return { pages, printableKind: 'text', printableExtension: 'txt', converted: false };
    }
    default: {
      // what the zip or compound file holds, before LibreOffice is given it (office-content.ts)
      await checkOfficeContent(file, size, ext, label);
      if (!options.converter) throw libreOfficeMissing(ext, label);
      return options.converter.convert(file, ext, label, async (pdfFile) => {
        const pages = await countPdfPages(pdfFile, label, options);
        const convertedPdf = await fs.promises.readFile(pdfFile);
        return { pages, printableKind: 'pdf' as const, printableExtension: 'pdf', convertedPdf, converted: true };
      });
    }
  }
}
