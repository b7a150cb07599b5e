import zlib from 'node:zlib';

/**
 * Hostile PDFs written byte by byte (pdf-lib would refuse to build most of them): page-tree bombs whose
 * levels list the next level many times, cycles, shared pages, lying /Count, very long flat trees.
 * Each is a complete, well-formed file (header, objects, cross-reference table, trailer).
 */

/** A PDF from its objects' bodies: objects[0] is object 1 (the catalog, the trailer's /Root). */
export function buildPdf(objects: string[]): Buffer {
  let out = '%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CATALOG = '<< /Type /Catalog /Pages 2 0 R >>';
const leaf = (parent: number) => `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 595 842] >>`;
const refs = (n: number, to: number) => Array.from({ length: n }, () => `${to} 0 R`).join(' ');

/**
 * The issue's bomb: `levels` page-tree nodes, each listing the next one `fanout` times, the last listing
 * one page `fanout` times: fanout^levels leaves from a file of about a kilobyte.
 */
export function pageTreeBomb(levels: number, fanout = 10): Buffer {
  const objects = [CATALOG];
  for (let level = 0; level < levels; level += 1) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${refs(fanout, self + 1)}] /Count ${fanout ** (levels - level)} >>`);
  }
  objects.push(leaf(levels + 1));
  return buildPdf(objects);
}

/** A page tree whose second node lists the root again (a cycle), besides one real page. */
export function cyclicTree(): Buffer {
  return buildPdf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 2 >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 4 0 R] /Count 2 >>',
    leaf(3),
  ]);
}

/** One page listed twice by the root. */
export function sharedPage(): Buffer {
  return buildPdf([CATALOG, '<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>', leaf(2)]);
}

/** A flat tree of `pages` distinct pages whose /Count says `count`. */
export function flatTree(pages: number, count = pages): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  return buildPdf([
    CATALOG,
    `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
    ...Array.from({ length: pages }, () => leaf(2)),
  ]);
}

/** One zip entry: its name and its bytes deflated, with the sizes and CRC of the inflated content. */
interface ZipEntry {
  name: string;
  deflated: Buffer;
  size: number;
  crc: number;
  /** Stored as it is (method 0): `deflated` holds the plain bytes (ODF's `mimetype` must be so). */
  stored?: boolean;
}

/** A zip (deflate) of the given entries, with true sizes and CRCs in both headers. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals.map((b) => new Uint8Array(b)));
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end].map((b) => new Uint8Array(b)));
}

/** One page under `levels` page-tree nodes, each the only kid of the one above. */
export function deepTree(levels: number): Buffer {
  const objects = [CATALOG];
  for (let level = 0; level < levels; level += 1) {
    const self = level + 2;
    const parent = level === 0 ? '' : `/Parent ${self - 1} 0 R `;
    objects.push(`<< /Type /Pages ${parent}/Kids [${self + 1} 0 R] /Count 1 >>`);
  }
  objects.push(leaf(levels + 1));
  return buildPdf(objects);
}

// Node 20.15+ has zlib.crc32, its typings here do not yet
const crc32 = (zlib as unknown as { crc32(data: Uint8Array, value?: number): number }).crc32;

/** A zip entry of this text, deflated (or stored), with its true size and CRC. */
export function zipEntry(name: string, text: string | Buffer, stored = false): ZipEntry {
  const data = new Uint8Array(typeof text === 'string' ? Buffer.from(text, 'latin1') : text);
  return {
    name,
    deflated: stored ? Buffer.from(data) : zlib.deflateRawSync(data),
    size: data.length,
    crc: crc32(data),
    stored,
  };
}

/** Each OOXML type's main part and its content type. */
export const OOXML_MAIN: Readonly<Record<'docx' | 'xlsx' | 'pptx', { part: string; type: string }>> = {
  docx: {
    part: 'word/document.xml',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  xlsx: { part: 'xl/workbook.xml', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml' },
  pptx: {
    part: 'ppt/presentation.xml',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
  },
};

/**
 * A small OOXML package of this kind: `[Content_Types].xml` declaring the main part (or `contentType`),
 * and the parts (the main part by default), each a little XML.
 */
export function officeZip(
  kind: keyof typeof OOXML_MAIN,
  contentType = OOXML_MAIN[kind].type,
  parts = [OOXML_MAIN[kind].part],
): Buffer {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/${OOXML_MAIN[kind].part}" ContentType="${contentType}"/></Types>`;
  return buildZip([
    zipEntry('[Content_Types].xml', types),
    ...parts.map((part) => zipEntry(part, '<?xml version="1.0"?><x/>')),
  ]);
}

/** A small OpenDocument package: the stored `mimetype` first, then content.xml (unless left out). */
export function openDocumentZip(mimetype: string, parts: string[] = ['content.xml', 'META-INF/manifest.xml']): Buffer {
  return buildZip([
    zipEntry('mimetype', mimetype, true),
    ...parts.map((part) => zipEntry(part, '<?xml version="1.0"?><x/>')),
  ]);
}

/**
 * A compound file (Microsoft's CFB, the container of .doc, .xls, .ppt) whose directory lists the streams
 * named (with no data: the checks read the directory only). Sector 0 is the FAT, then the directory's
 * sectors chained in order; `cycle` chains the last one back to the first.
 */
export function oleFile(streams: string[], options: { sectorShift?: 9 | 12; cycle?: boolean } = {}): Buffer {
  const shift = options.sectorShift ?? 9;
  const sectorSize = 1 << shift;
  const entries = ['Root Entry', ...streams];
  const directorySectors = Math.ceil((entries.length * 128) / sectorSize);
  const file = Buffer.alloc(sectorSize * (2 + directorySectors));
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  file.writeUInt16LE(0x3e, 0x18);
  file.writeUInt16LE(shift === 9 ? 3 : 4, 0x1a);
  file.writeUInt16LE(0xfffe, 0x1c);
  file.writeUInt16LE(shift, 0x1e);
  file.writeUInt16LE(6, 0x20);
  file.writeUInt32LE(1, 0x2c);
  file.writeUInt32LE(1, 0x30);
  file.writeUInt32LE(4096, 0x38);
  file.writeUInt32LE(0xfffffffe, 0x3c);
  file.writeUInt32LE(0xfffffffe, 0x44);
  for (let i = 0; i < 109; i += 1) file.writeUInt32LE(i === 0 ? 0 : 0xffffffff, 0x4c + i * 4);
  const sector = (n: number) => (n + 1) * sectorSize;
  // the FAT: itself, then the directory chain, the rest free
  for (let i = 0; i < sectorSize / 4; i += 1) file.writeUInt32LE(0xffffffff, sector(0) + i * 4);
  file.writeUInt32LE(0xfffffffd, sector(0));
  for (let d = 1; d <= directorySectors; d += 1) {
    const last = d === directorySectors;
    file.writeUInt32LE(last ? (options.cycle ? 1 : 0xfffffffe) : d + 1, sector(0) + d * 4);
  }
  entries.forEach((name, i) => {
    const at = sector(1) + i * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    file.set(encoded, at);
    file.writeUInt16LE(encoded.length, at + 0x40);
    file[at + 0x42] = i === 0 ? 5 : 2;
  });
  return file;
}

/** `mb` MiB of zeros deflated (zlib format, as PDF's FlateDecode): level 9 makes 1 GiB about 1 MB. */
export async function deflatedZeros(mb: number, level = 9): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(1_048_576);
  for (let i = 0; i < mb; i += 1) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  await new Promise((resolve) => deflate.end(resolve));
  return Buffer.concat(chunks.map((chunk) => new Uint8Array(chunk)));
}

/** A stream object's body: its dictionary entries, then the data (kept byte for byte through latin1). */
export const streamObject = (entries: string, data: Buffer) =>
  `<< ${entries} /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`;

/**
 * `pages` pages all drawing one content stream: `data` under `filters` (FlateDecode by default). A
 * stream drawn on several pages is interpreted on each.
 */
export function contentPdf(data: Buffer, pages = 1, filters = '/FlateDecode'): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 4} 0 R`).join(' ');
  return buildPdf([
    CATALOG,
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    streamObject(`/Filter ${filters}`, data),
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R >>'),
  ]);
}

/** One page, and an object stream (which pdf-lib inflates while loading) of `data` deflated. */
export function objectStreamPdf(data: Buffer): Buffer {
  return buildPdf([
    CATALOG,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    leaf(2),
    streamObject('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data),
  ]);
}

/**
 * A PDF whose only cross-reference section is a stream (PDF 1.5) with true entries for its objects,
 * whose dictionary claims `claim` (/Size, or /Index when given) entries.
 */
export function xrefStreamPdf(claim: { size: number; index?: [number, number] }): Buffer {
  let out = '%PDF-1.7\n';
  const objects = [CATALOG, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', leaf(2)];
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  const rows = [[0, 0, 65535], ...offsets.map((offset) => [1, offset, 0]), [1, xref, 0]];
  const data = Buffer.alloc(rows.length * 7);
  rows.forEach(([type, offset, generation], i) => {
    data.writeUInt8(type ?? 0, i * 7);
    data.writeUInt32BE(offset ?? 0, i * 7 + 1);
    data.writeUInt16BE(generation ?? 0, i * 7 + 5);
  });
  const index = claim.index ? ` /Index [${claim.index.join(' ')}]` : '';
  out += `4 0 obj\n${streamObject(`/Type /XRef /Size ${claim.size}${index} /W [1 4 2] /Root 1 0 R`, data)}\nendobj\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
