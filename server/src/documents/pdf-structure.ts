import fs from 'node:fs';

/**
 * What can be told of a PDF from its end alone, before any parser reads it: every complete PDF ends with
 * `startxref`, the offset of its cross-reference section, and `%%EOF`. A file without them is truncated
 * or not a PDF, and a parser would walk all of it looking for objects (seconds of a counting worker for
 * 40 MB of noise behind a `%PDF-1.7` header). A classic cross-reference table larger than the file could
 * hold objects for is refused too: its entries alone cost the parser hundreds of megabytes.
 */
export type PdfStructureProblem = 'no-trailer' | 'bad-startxref' | 'xref-too-large';

/** Bytes at the end of the file where `startxref` and `%%EOF` must stand (readers look at the last 1 KB). */
export const PDF_TAIL_BYTES = 2_048;
/**
 * Fewest bytes one in-use object costs a file: its 20-byte table entry plus the smallest object
 * (`1 0 obj null endobj`, 19 bytes). A table announcing more entries than size / this is fiction.
 */
export const MIN_BYTES_PER_XREF_ENTRY = 32;
/** Subsections of a classic table read at most (each costs one small read). */
const MAX_XREF_SUBSECTIONS = 10_000;

async function readAt(handle: fs.promises.FileHandle, position: number, length: number): Promise<string> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(new Uint8Array(buffer.buffer), 0, length, position);
  return buffer.subarray(0, bytesRead).toString('latin1');
}

/** The problem of the PDF at `file` (of `size` bytes) seen from its end, or null when it looks whole. */
export async function pdfStructureProblem(file: string, size: number): Promise<PdfStructureProblem | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const tailStart = Math.max(0, size - PDF_TAIL_BYTES);
    const tail = await readAt(handle, tailStart, size - tailStart);
    const eof = tail.lastIndexOf('%%EOF');
    const startxref = tail.lastIndexOf('startxref', eof === -1 ? undefined : eof);
    if (eof === -1 || startxref === -1) return 'no-trailer';
    const offsetText = /^startxref\s+(\d{1,12})\s/.exec(tail.slice(startxref))?.[1];
    const offset = offsetText === undefined ? NaN : Number(offsetText);
    if (!Number.isSafeInteger(offset) || offset >= size) return 'bad-startxref';

    const head = await readAt(handle, offset, 64);
    // a cross-reference stream (PDF 1.5+): an indirect object; its size is bounded by the file itself
    if (/^\s*\d+\s+\d+\s+obj\b/.test(head)) return null;
    if (!/^\s*xref\b/.test(head)) return 'bad-startxref';

    // a classic table: subsections 'first count', then count entries of 20 bytes each
    let position = offset + (head.indexOf('xref') + 4);
    let entries = 0;
    for (let i = 0; i < MAX_XREF_SUBSECTIONS; i += 1) {
      const text = await readAt(handle, position, 64);
      const header = /^\s*(\d{1,10})\s+(\d{1,10})[ \t]*\r?\n/.exec(text);
      if (!header) break;
      const count = Number(header[2]);
      entries += count;
      if (entries > size / MIN_BYTES_PER_XREF_ENTRY + 16) return 'xref-too-large';
      position += header[0].length + count * 20;
      if (position >= size) break;
    }
    return null;
  } finally {
    await handle.close();
  }
}
