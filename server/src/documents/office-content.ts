import fs from 'node:fs';
import zlib from 'node:zlib';
import type { AppError } from '../lib/errors';
import { unprocessable, unsupported } from './refusals';

/**
 * What an Office or OpenDocument file must hold before LibreOffice is given it: the magic bytes say
 * only "a zip" or "an OLE compound file", which a renamed archive, a spreadsheet named .doc or a zip
 * bomb all are. So, reading only directories and one small part (never unzipping the document):
 * - OOXML (docx, xlsx, pptx): a zip directory within bounds (zip bomb), `[Content_Types].xml`, and in
 *   it the main part of the type the extension promises (a .docx that is a presentation is refused);
 * - OpenDocument (odt, ods, odp): the `mimetype` entry that opens the zip names the type the extension
 *   promises (checked from the first bytes, at upload), and the zip holds `content.xml`;
 * - legacy Office (doc, xls, ppt): the compound file's directory holds the stream of that application
 *   (WordDocument, Workbook or Book, PowerPoint Document); an encrypted package is refused as such;
 * - RTF: `{\rtf` at the start (page-count's sniffing).
 */

/** Office/OpenDocument zips: most entries, and most bytes once unzipped, before LibreOffice sees them. */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_UNZIPPED_BYTES = 512 * 1_048_576;
/** Largest `[Content_Types].xml` read (real ones are a few KB). */
const MAX_CONTENT_TYPES_BYTES = 1_048_576;
/** Most directory sectors of a compound file followed (each holds 4 to 32 entries). */
const MAX_OLE_DIRECTORY_SECTORS = 10_000;

/** What each Office extension is called in a refusal. */
export const OFFICE_NAMES: Readonly<Record<string, string>> = {
  docx: 'tài liệu Word (.docx)',
  xlsx: 'bảng tính Excel (.xlsx)',
  pptx: 'bản trình chiếu PowerPoint (.pptx)',
  doc: 'tài liệu Word (.doc)',
  xls: 'bảng tính Excel (.xls)',
  ppt: 'bản trình chiếu PowerPoint (.ppt)',
  odt: 'văn bản OpenDocument (.odt)',
  ods: 'bảng tính OpenDocument (.ods)',
  odp: 'bản trình chiếu OpenDocument (.odp)',
};

/** The main part's content type in `[Content_Types].xml`, per OOXML extension (macro and template kinds too). */
const OOXML_MAIN_TYPE: Readonly<Record<string, RegExp>> = {
  docx: /wordprocessingml\.(document|template)\.main\+xml|ms-word\.(document|template)\.macroEnabled\.main\+xml/,
  xlsx: /spreadsheetml\.(sheet|template)\.main\+xml|ms-excel\.(sheet|template)\.macroEnabled\.main\+xml/,
  pptx: /presentationml\.(presentation|slideshow|template)\.main\+xml|ms-powerpoint\.(presentation|slideshow|template)\.macroEnabled\.main\+xml/,
};

/** The OpenDocument mimetype each extension promises. */
const ODF_MIMETYPE: Readonly<Record<string, string>> = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

/** The compound-file stream each legacy Office extension must hold. */
const OLE_MAIN_STREAM: Readonly<Record<string, readonly string[]>> = {
  doc: ['WordDocument'],
  xls: ['Workbook', 'Book'],
  ppt: ['PowerPoint Document'],
};

const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** The extension `found` is, named in the refusal of a file whose extension promised `ext`. */
function notThisType(ext: string, label: string, found: string | null): AppError {
  const actual = found && found !== ext ? OFFICE_NAMES[found] : undefined;
  return unsupported(
    `Nội dung tệp "${label}" không phải ${OFFICE_NAMES[ext] ?? `tệp .${ext}`} như đuôi .${ext}` +
      (actual ? ` (thực chất là ${actual})` : ''),
  );
}

const corrupt = (label: string) => unprocessable(`Tệp "${label}" bị hỏng, không đọc được để chuyển sang PDF`);
const encrypted = (label: string) =>
  unprocessable(`Tệp "${label}" được mã hóa hoặc đặt mật khẩu, không thể in. Hãy gỡ mật khẩu rồi gửi lại`);

/**
 * The OpenDocument mimetype of a zip, from its first local entry (ODF stores `mimetype` first and
 * uncompressed so that it can be read so); null when the first entry is something else.
 */
export function odfMimetype(head: Buffer): string | null {
  if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) return null;
  const method = head.readUInt16LE(8);
  const size = head.readUInt32LE(18);
  const nameLength = head.readUInt16LE(26);
  const extraLength = head.readUInt16LE(28);
  if (method !== 0 || size > 200 || head.toString('latin1', 30, 30 + nameLength) !== 'mimetype') return null;
  const start = 30 + nameLength + extraLength;
  if (start + size > head.length) return null;
  return head.toString('latin1', start, start + size).trim();
}

/**
 * The early check of an OpenDocument file from its first bytes (the upload route runs it as the bytes
 * arrive): its mimetype must be the one of its extension. Null when it is, or for other extensions.
 */
export function openDocumentMismatch(head: Buffer, ext: string, label: string): AppError | null {
  const expected = ODF_MIMETYPE[ext];
  if (!expected) return null;
  const mimetype = odfMimetype(head);
  if (mimetype === expected) return null;
  const found = Object.keys(ODF_MIMETYPE).find((other) => ODF_MIMETYPE[other] === mimetype) ?? null;
  return notThisType(ext, label, found);
}

/** One entry of a zip's central directory: what is needed to find and read it. */
interface ZipDirectoryEntry {
  name: string;
  method: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/**
 * Reads a zip's central directory (never its content): its entries (null without a directory), and a
 * refusal for a zip bomb (too many entries, or more unzipped bytes than MAX_UNZIPPED_BYTES declared)
 * before LibreOffice unzips it. Sizes that lie are LibreOffice's memory and time limits' business.
 */
async function readZipDirectory(
  handle: fs.promises.FileHandle,
  size: number,
  label: string,
): Promise<ZipDirectoryEntry[] | null> {
  const bomb = () =>
    unprocessable(`Tệp "${label}" khi giải nén quá lớn hoặc có quá nhiều thành phần, không thể chuyển đổi để in`);
  // the end record is in the last 22 bytes plus at most a 64 KB comment
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailLength);
  await handle.read(asBytes(tail), 0, tailLength, size - tailLength);
  const end = tail.lastIndexOf('PK\u0005\u0006', undefined, 'latin1');
  if (end < 0 || end + 22 > tail.length) return null;
  const count = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  // Zip64 (0xFFFF entries, 0xFFFFFFFF sizes) is for archives over 4 GB: no document needs it
  if (count === 0xffff || directoryOffset === 0xffffffff || count > MAX_ZIP_ENTRIES) throw bomb();
  if (directoryOffset + directorySize > size || directorySize > 46 * MAX_ZIP_ENTRIES + 65_536 * 3) {
    throw corrupt(label);
  }
  const directory = Buffer.alloc(directorySize);
  await handle.read(asBytes(directory), 0, directorySize, directoryOffset);
  const entries: ZipDirectoryEntry[] = [];
  let unzipped = 0;
  let at = 0;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== 0x02014b50) throw corrupt(label);
    const uncompressed = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    if (uncompressed === 0xffffffff) throw bomb();
    unzipped += uncompressed;
    if (unzipped > MAX_UNZIPPED_BYTES) throw bomb();
    entries.push({
      name: directory.toString('latin1', at + 46, at + 46 + nameLength),
      method: directory.readUInt16LE(at + 10),
      compressedSize: directory.readUInt32LE(at + 20),
      localHeaderOffset: directory.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** One small entry's text (stored or deflated), at most `maxBytes` once inflated; null when unreadable. */
async function readZipEntryText(
  handle: fs.promises.FileHandle,
  size: number,
  entry: ZipDirectoryEntry,
  maxBytes: number,
): Promise<string | null> {
  if (entry.compressedSize > maxBytes || entry.localHeaderOffset + 30 > size) return null;
  const local = Buffer.alloc(30);
  await handle.read(asBytes(local), 0, 30, entry.localHeaderOffset);
  if (local.readUInt32LE(0) !== 0x04034b50) return null;
  const start = entry.localHeaderOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
  if (start + entry.compressedSize > size) return null;
  const data = Buffer.alloc(entry.compressedSize);
  await handle.read(asBytes(data), 0, entry.compressedSize, start);
  try {
    if (entry.method === 0) return data.toString('utf8');
    if (entry.method !== 8) return null;
    return zlib.inflateRawSync(asBytes(data), { maxOutputLength: maxBytes }).toString('utf8');
  } catch {
    return null;
  }
}

/** The OOXML extension whose main part `[Content_Types].xml` declares, or null. */
function ooxmlKind(contentTypes: string): string | null {
  return Object.keys(OOXML_MAIN_TYPE).find((ext) => OOXML_MAIN_TYPE[ext]?.test(contentTypes)) ?? null;
}

/** OOXML and OpenDocument: the zip's directory and the parts the extension needs. */
async function checkZipPackage(
  handle: fs.promises.FileHandle,
  size: number,
  ext: string,
  label: string,
): Promise<void> {
  const entries = await readZipDirectory(handle, size, label);
  // no directory: not a zip LibreOffice can open either (a truncated upload, or a file named so)
  if (!entries) throw notThisType(ext, label, null);
  const named = (name: string) => entries.find((entry) => entry.name === name);
  if (ODF_MIMETYPE[ext]) {
    if (!named('content.xml')) throw notThisType(ext, label, null);
    return;
  }
  const types = named('[Content_Types].xml');
  const text = types ? await readZipEntryText(handle, size, types, MAX_CONTENT_TYPES_BYTES) : null;
  if (text === null) throw notThisType(ext, label, null);
  const kind = ooxmlKind(text);
  if (kind !== ext) throw notThisType(ext, label, kind);
}

/**
 * The names in a compound file's directory (Microsoft's CFB, the container of .doc, .xls, .ppt and of
 * encrypted OOXML), following the FAT chain of the directory sectors only; null when the structure is
 * broken (a sector out of the file, a cycle, more than MAX_OLE_DIRECTORY_SECTORS).
 */
export async function oleDirectoryNames(handle: fs.promises.FileHandle, size: number): Promise<string[] | null> {
  const header = Buffer.alloc(512);
  const { bytesRead } = await handle.read(asBytes(header), 0, 512, 0);
  if (bytesRead < 512) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const sectors = Math.floor(size / sectorSize);
  const perSector = sectorSize / 4;
  const readSector = async (n: number): Promise<Buffer | null> => {
    if (n >= sectors) return null;
    const sector = Buffer.alloc(sectorSize);
    const read = await handle.read(asBytes(sector), 0, sectorSize, (n + 1) * sectorSize);
    return read.bytesRead === sectorSize ? sector : null;
  };

  // the FAT's own sectors: 109 listed in the header, the rest in the DIFAT chain
  const fat: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const n = header.readUInt32LE(0x4c + i * 4);
    if (n < 0xfffffffa) fat.push(n);
  }
  let difat = header.readUInt32LE(0x44);
  const seenDifat = new Set<number>();
  while (difat < 0xfffffffa && fat.length <= sectors) {
    if (seenDifat.has(difat)) return null;
    seenDifat.add(difat);
    const sector = await readSector(difat);
    if (!sector) return null;
    for (let i = 0; i < perSector - 1; i += 1) {
      const n = sector.readUInt32LE(i * 4);
      if (n < 0xfffffffa) fat.push(n);
    }
    difat = sector.readUInt32LE((perSector - 1) * 4);
  }
  const next = async (n: number): Promise<number | null> => {
    const fatSector = fat[Math.floor(n / perSector)];
    if (fatSector === undefined) return null;
    const entry = Buffer.alloc(4);
    await handle.read(asBytes(entry), 0, 4, (fatSector + 1) * sectorSize + (n % perSector) * 4);
    return entry.readUInt32LE(0);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let current: number | null = header.readUInt32LE(0x30);
  while (current !== null && current < 0xfffffffa) {
    if (seen.has(current) || seen.size >= MAX_OLE_DIRECTORY_SECTORS) return null;
    seen.add(current);
    const sector = await readSector(current);
    if (!sector) return null;
    for (let at = 0; at + 128 <= sectorSize; at += 128) {
      const nameBytes = sector.readUInt16LE(at + 0x40);
      const type = sector[at + 0x42];
      // 1 storage, 2 stream, 5 root; 0 is an unused entry
      if (type === 0 || nameBytes < 2 || nameBytes > 64) continue;
      names.push(sector.toString('utf16le', at, at + nameBytes - 2));
    }
    current = await next(current);
  }
  return current === null ? null : names;
}

/** Legacy Office: the compound file holds the stream of the application the extension names. */
async function checkCompoundFile(
  handle: fs.promises.FileHandle,
  size: number,
  ext: string,
  label: string,
): Promise<void> {
  const names = await oleDirectoryNames(handle, size);
  if (!names) throw corrupt(label);
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo')) throw encrypted(label);
  const holds = (kind: string) => (OLE_MAIN_STREAM[kind] ?? []).some((stream) => names.includes(stream));
  if (holds(ext)) return;
  throw notThisType(ext, label, Object.keys(OLE_MAIN_STREAM).find(holds) ?? null);
}

/**
 * Checks, before any conversion, that an Office or OpenDocument file holds what its extension promises
 * (see the top of this file): 415 when it does not, 422 when it is a zip bomb, broken or encrypted.
 * `file` has already passed the magic-byte check of its kind.
 */
export async function checkOfficeContent(file: string, size: number, ext: string, label: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r');
  try {
    if (OLE_MAIN_STREAM[ext]) await checkCompoundFile(handle, size, ext, label);
    else if (OOXML_MAIN_TYPE[ext] || ODF_MIMETYPE[ext]) await checkZipPackage(handle, size, ext, label);
  } finally {
    await handle.close();
  }
}
