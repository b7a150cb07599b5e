import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EncryptedPDFError, ParseSpeeds, PDFDocument } from 'pdf-lib';
import { AppError } from '../lib/errors';

/**
 * Pages are counted by the server, never taken from the client. Each accepted type is recognised by
 * its extension AND its content (magic bytes), so a `.pdf` that is really a PNG is refused:
 * - PDF: pdf-lib walks the page tree (a wrong /Count does not matter); encrypted, corrupt or 0-page
 *   PDFs are refused;
 * - images (png, jpg/jpeg, gif): one page;
 * - plain text: ceil(lines / 60), at least one page;
 * - Office and OpenDocument: converted to PDF by LibreOffice headless (time-limited, own profile)
 *   when `soffice` is installed, and the converted PDF is what is counted and printed; refused with a
 *   message saying so when it is not.
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

/** The page count and the bytes that will be printed (the converted PDF for Office files). */
export interface CountedDocument {
  pages: number;
  /** What is stored and printed: 'pdf' for converted Office files, else the original kind. */
  printableKind: ContentKind;
  /** The stored file's extension (pdf after a conversion). */
  printableExtension: string;
  printable: Buffer;
  converted: boolean;
}

export interface PageCountOptions {
  /** Path of soffice; undefined = look it up on PATH; null = not installed. */
  soffice?: string | null;
  conversionTimeoutMs?: number;
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

/** Pages of a PDF by its page tree. Throws a 422 for an encrypted, corrupt or empty PDF. */
export async function countPdfPages(buffer: Buffer, label: string): Promise<number> {
  let pages: number;
  try {
    const pdf = await PDFDocument.load(asBytes(buffer), {
      ignoreEncryption: false,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
    pages = pdf.getPageCount();
  } catch (error) {
    // pdf-lib is compiled to ES5: instanceof does not work on its errors, the name and message do
    const encrypted =
      error instanceof EncryptedPDFError ||
      (error as Error)?.constructor?.name === 'EncryptedPDFError' ||
      /is encrypted/.test(String((error as Error)?.message));
    if (encrypted) {
      throw unprocessable(`Tệp "${label}" được mã hóa hoặc đặt mật khẩu, không thể in. Hãy gỡ mật khẩu rồi gửi lại`);
    }
    throw unprocessable(`Tệp "${label}" bị hỏng hoặc không phải PDF hợp lệ, không đọc được số trang`);
  }
  if (!Number.isInteger(pages) || pages < 1) throw unprocessable(`Tệp "${label}" không có trang nào để in`);
  return pages;
}

/** Pages of a plain text file: 60 lines a page, at least one page. */
export function countTextPages(buffer: Buffer): number {
  if (buffer.length === 0) return 1;
  let lines = 1;
  for (let i = buffer.indexOf(0x0a); i !== -1; i = buffer.indexOf(0x0a, i + 1)) lines += 1;
  // a final newline ends the last line; it does not start a new one
  if (buffer[buffer.length - 1] === 0x0a) lines -= 1;
  return Math.max(1, Math.ceil(lines / TEXT_LINES_PER_PAGE));
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
 * a time limit, at most MAX_CONCURRENT_CONVERSIONS at once, and the temporary folder removed afterwards.
 */
export function convertToPdf(
  buffer: Buffer,
  extension: string,
  label: string,
  soffice: string,
  timeoutMs = DEFAULT_CONVERSION_TIMEOUT_MS,
): Promise<Buffer> {
  return withConversionSlot(() => convertNow(buffer, extension, label, soffice, timeoutMs));
}

async function convertNow(
  buffer: Buffer,
  extension: string,
  label: string,
  soffice: string,
  timeoutMs: number,
): Promise<Buffer> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sp-convert-'));
  try {
    const input = path.join(dir, `document.${extension}`);
    const outDir = path.join(dir, 'out');
    await fs.promises.mkdir(outDir);
    await fs.promises.writeFile(input, asBytes(buffer));
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
      throw unprocessable(
        timedOut
          ? `Chuyển đổi tệp "${label}" sang PDF quá thời gian cho phép`
          : `Không chuyển đổi được tệp "${label}" sang PDF (tệp có thể bị hỏng)`,
      );
    }
    const output = path.join(outDir, 'document.pdf');
    try {
      return await fs.promises.readFile(output);
    } catch {
      throw unprocessable(`Không chuyển đổi được tệp "${label}" sang PDF (tệp có thể bị hỏng)`);
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Checks that the content matches the extension and counts the pages.
 * 400 for an empty file, 415 for a content that is not what the extension says or a type this server
 * cannot count (or convert), 422 for an unreadable, encrypted or empty document.
 */
export async function countPages(
  buffer: Buffer,
  extension: string,
  label: string,
  options: PageCountOptions = {},
): Promise<CountedDocument> {
  const ext = extension.toLowerCase();
  if (buffer.length === 0) throw new AppError(400, 'BAD_REQUEST', `Tệp "${label}" rỗng (0 byte)`);
  const expected = EXPECTED_CONTENT[ext];
  if (!expected) throw unsupported(`Máy chủ chưa hỗ trợ đếm trang cho loại tệp .${ext}`);
  const actual = detectContent(buffer);
  const matches =
    actual === expected && (expected !== 'ooxml' || buffer.includes(OOXML_FOLDER[ext] ?? '\u0000', 0, 'latin1'));
  if (!matches) {
    throw unsupported(
      `Nội dung tệp "${label}" không phải ${CONTENT_NAMES[expected]} như đuôi .${ext}` +
        (actual && actual !== expected ? ` (thực chất là ${CONTENT_NAMES[actual]})` : ''),
    );
  }

  switch (expected) {
    case 'pdf':
      return {
        pages: await countPdfPages(buffer, label),
        printableKind: 'pdf',
        printableExtension: 'pdf',
        printable: buffer,
        converted: false,
      };
    case 'png':
    case 'jpeg':
    case 'gif':
      return { pages: 1, printableKind: expected, printableExtension: ext, printable: buffer, converted: false };
    case 'text':
      return {
        pages: countTextPages(buffer),
        printableKind: 'text',
        printableExtension: 'txt',
        printable: buffer,
        converted: false,
      };
    default: {
      const soffice = options.soffice === undefined ? findSoffice() : options.soffice;
      if (!soffice) {
        throw unsupported(
          `Máy chủ chưa cài đặt công cụ chuyển đổi tài liệu (LibreOffice) nên chưa in được tệp .${ext}. Hãy chuyển "${label}" sang PDF rồi gửi lại`,
        );
      }
      const pdf = await convertToPdf(buffer, ext, label, soffice, options.conversionTimeoutMs);
      return {
        pages: await countPdfPages(pdf, label),
        printableKind: 'pdf',
        printableExtension: 'pdf',
        printable: pdf,
        converted: true,
      };
    }
  }
}
