import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../lib/errors';
import { PDF_COUNT_TIMEOUT_MS, PdfPagesPool, type PdfCountProblem } from './pdf-pages-pool';
import { pdfStructureProblem, type PdfStructureProblem } from './pdf-structure';

/**
 * Pages are counted by the server, never taken from the client. Each accepted type is recognised by
 * its extension AND its content (magic bytes), so a `.pdf` that is really a PNG is refused:
 * - PDF: counted in a worker thread (pdf-pages-pool) that walks the page tree once per node (a wrong
 *   /Count does not matter); encrypted, corrupt, 0-page, shared or cyclic trees, more than
 *   MAX_DOCUMENT_PAGES pages, or past the worker's time or memory budget: refused (422);
 * - images (png, jpg/jpeg, gif): one page;
 * - plain text: ceil(lines / 60), at least one page;
 * - Office and OpenDocument: converted to PDF by LibreOffice headless (time-limited, own profile)
 *   when `soffice` is installed, after a look at the zip's directory (a zip bomb is refused before
 *   LibreOffice unzips it), and the converted PDF is what is counted and printed; refused with a
 *   message saying so when it is not.
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

/** OOXML: the folder inside the zip that the extension promises. */
const OOXML_FOLDER: Record<string, string> = { docx: 'word/', pptx: 'ppt/', xlsx: 'xl/' };

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
/** Time limit of one LibreOffice conversion. */
export const DEFAULT_CONVERSION_TIMEOUT_MS = 60_000;

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
  /** Path of soffice; undefined = look it up on PATH; null = not installed. */
  soffice?: string | null;
  conversionTimeoutMs?: number;
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
/** Largest PDF a conversion may produce (kept in memory until it is stored). */
export const MAX_CONVERTED_BYTES = 100 * 1_048_576;
/** Office/OpenDocument zips: most entries, and most bytes once unzipped, before LibreOffice sees them. */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_UNZIPPED_BYTES = 512 * 1_048_576;
/** Bytes read from the start of a file to recognise its content. */
export const SNIFF_BYTES = 65_536;

let sharedPool: PdfPagesPool | undefined;
/** The pool shared by every count of this process, started at the first PDF. */
export function defaultPdfPagesPool(): PdfPagesPool {
  sharedPool ??= new PdfPagesPool();
  return sharedPool;
}

let sofficeOnPath: string | null | undefined;

/** soffice (or libreoffice) on PATH, looked up once. */
export function findSoffice(): string | null {
  if (sofficeOnPath !== undefined) return sofficeOnPath;
  sofficeOnPath = null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of ['soffice', 'libreoffice']) {
      const candidate = path.join(dir, name);
      try {
        fs.accessSync(candidate, fs.constants.X_OK);
        sofficeOnPath = candidate;
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return sofficeOnPath;
}

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
const unprocessable = (message: string) => new AppError(422, 'BUSINESS_RULE', message);

/**
 * A document refused only after it used up the counter's time or memory budget: the upload route counts
 * these per student (one who keeps sending them waits before the next upload).
 */
export class CostlyDocumentError extends AppError {
  constructor(message: string) {
    super(422, 'BUSINESS_RULE', message);
  }
}

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
  if (actual === expected) return null;
  return unsupported(
    `Nội dung tệp "${label}" không phải ${CONTENT_NAMES[expected]} như đuôi .${ext}` +
      (actual && actual !== expected ? ` (thực chất là ${CONTENT_NAMES[actual]})` : ''),
  );
}

/**
 * Reads a zip's central directory (never its content): the entry names (null without a directory), and
 * a refusal for a zip bomb (too many entries, or more unzipped bytes than MAX_UNZIPPED_BYTES) before
 * LibreOffice unzips it.
 */
async function inspectZip(file: string, size: number, label: string): Promise<string[] | null> {
  const corrupt = () => unprocessable(`Không chuyển đổi được tệp "${label}" sang PDF (tệp có thể bị hỏng)`);
  const bomb = () =>
    unprocessable(`Tệp "${label}" khi giải nén quá lớn hoặc có quá nhiều thành phần, không thể chuyển đổi để in`);
  const handle = await fs.promises.open(file, 'r');
  try {
    // the end record is in the last 22 bytes plus at most a 64 KB comment
    const tailLength = Math.min(size, 22 + 65_535);
    const tail = Buffer.alloc(tailLength);
    await handle.read(asBytes(tail), 0, tailLength, size - tailLength);
    const end = tail.lastIndexOf('PK\u0005\u0006', undefined, 'latin1');
    // no directory: not a zip LibreOffice can open either; the caller's content checks decide
    if (end < 0 || end + 22 > tail.length) return null;
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    // Zip64 (0xFFFF entries, 0xFFFFFFFF sizes) is for archives over 4 GB: no document needs it
    if (entries === 0xffff || directoryOffset === 0xffffffff || entries > MAX_ZIP_ENTRIES) throw bomb();
    if (directoryOffset + directorySize > size || directorySize > 46 * MAX_ZIP_ENTRIES + 65_536 * 3) throw corrupt();
    const directory = Buffer.alloc(directorySize);
    await handle.read(asBytes(directory), 0, directorySize, directoryOffset);
    const names: string[] = [];
    let unzipped = 0;
    let at = 0;
    for (let i = 0; i < entries; i += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw corrupt();
      const uncompressed = directory.readUInt32LE(at + 24);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      if (uncompressed === 0xffffffff) throw bomb();
      unzipped += uncompressed;
      if (unzipped > MAX_UNZIPPED_BYTES) throw bomb();
      names.push(directory.toString('latin1', at + 46, at + 46 + nameLength));
      at += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  } finally {
    await handle.close();
  }
}

function run(file: string, args: string[], timeoutMs: number, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', cwd, maxBuffer: 1024 * 1024, env: { ...process.env, HOME: cwd } },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}

/** LibreOffice conversions running at once (each is a process of a few hundred MB). */
export const MAX_CONCURRENT_CONVERSIONS = 2;
let conversionsRunning = 0;
const conversionWaiters: (() => void)[] = [];

async function withConversionSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (conversionsRunning >= MAX_CONCURRENT_CONVERSIONS) {
    await new Promise<void>((resolve) => conversionWaiters.push(resolve));
  } else {
    conversionsRunning += 1;
  }
  try {
    return await fn();
  } finally {
    // hand the slot to the next waiter, or free it
    const next = conversionWaiters.shift();
    if (next) next();
    else conversionsRunning -= 1;
  }
}

/**
 * Converts an Office/OpenDocument file to PDF with LibreOffice headless: its own temporary profile,
 * a time limit, at most MAX_CONVERSIONS at once, an output of at most MAX_CONVERTED_BYTES, and the
 * temporary folder removed once `withPdf` has read the PDF.
 */
export function convertToPdf<T>(
  file: string,
  extension: string,
  label: string,
  soffice: string,
  timeoutMs: number,
  withPdf: (pdfFile: string) => Promise<T>,
): Promise<T> {
  return withConversionSlot(() => convertNow(file, extension, label, soffice, timeoutMs, withPdf));
}

async function convertNow<T>(
  file: string,
  extension: string,
  label: string,
  soffice: string,
  timeoutMs: number,
  withPdf: (pdfFile: string) => Promise<T>,
): Promise<T> {
  const failed = () => unprocessable(`Không chuyển đổi được tệp "${label}" sang PDF (tệp có thể bị hỏng)`);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sp-convert-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    const outDir = path.join(dir, 'out');
    await fs.promises.mkdir(outDir);
    // LibreOffice names its output after its input and picks the filter by the extension: a copy named so
    await fs.promises.copyFile(file, input);
    try {
      await run(
        soffice,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--invisible',
          '--norestore',
          '--nolockcheck',
          '--nodefault',
          '--nologo',
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          input,
        ],
        timeoutMs,
        dir,
      );
    } catch (error) {
      const timedOut = (error as { killed?: boolean }).killed === true;
      throw timedOut ? unprocessable(`Chuyển đổi tệp "${label}" sang PDF quá thời gian cho phép`) : failed();
    }
    const output = path.join(outDir, 'document.pdf');
    const stat = await fs.promises.stat(output).catch(() => null);
    if (!stat) throw failed();
    if (stat.size > MAX_CONVERTED_BYTES) {
      throw unprocessable(`Tệp "${label}" sau khi chuyển sang PDF quá lớn để in`);
    }
    return await withPdf(output);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
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
      if (expected === 'ooxml' || expected === 'odf') {
        const names = await inspectZip(file, size, label);
        const folder = OOXML_FOLDER[ext];
        const hasFolder = (f: string) =>
          names ? names.some((name) => name.startsWith(f)) : head.includes(f, 0, 'latin1');
        if (folder !== undefined && !hasFolder(folder)) {
          throw unsupported(`Nội dung tệp "${label}" không phải ${CONTENT_NAMES[expected]} như đuôi .${ext}`);
        }
      }
      const soffice = options.soffice === undefined ? findSoffice() : options.soffice;
      if (!soffice) {
        throw unsupported(
          `Máy chủ chưa cài đặt công cụ chuyển đổi tài liệu (LibreOffice) nên chưa in được tệp .${ext}. Hãy chuyển "${label}" sang PDF rồi gửi lại`,
        );
      }
      const timeoutMs = options.conversionTimeoutMs ?? DEFAULT_CONVERSION_TIMEOUT_MS;
      return convertToPdf(file, ext, label, soffice, timeoutMs, async (pdfFile) => {
        const pages = await countPdfPages(pdfFile, label, options);
        const convertedPdf = await fs.promises.readFile(pdfFile);
        return { pages, printableKind: 'pdf' as const, printableExtension: 'pdf', convertedPdf, converted: true };
      });
    }
  }
}
