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
 * The bomb: `levels` page-tree nodes, each listing the next one `fanout` times, the last listing
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
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
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
