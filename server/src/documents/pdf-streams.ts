import zlib from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  type PDFDict,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib';

/**
 * What a PDF decompresses to, bounded before anyone decompresses it whole. Counting pages reads only
 * the page tree, so a 1 MB file whose page content inflates to 1 GiB was counted, charged and queued,
 * and the printer (or whatever reads it next) got the bomb. Two checks, both in the counting worker:
 * - before pdf-lib parses the file (structuralStreamsProblem): the streams pdf-lib itself decompresses
 *   while loading (object streams and cross-reference streams) are measured first, inflating into a
 *   counter, never into memory, and a cross-reference stream that claims more entries than its data
 *   holds (pdf-lib would create every one of them: 999,999,999 entries) is refused;
 * - after (pageContentProblem): each page's content streams are measured the same way: at most
 *   MAX_PAGE_CONTENT_BYTES a page and MAX_CONTENT_BYTES for the document, a stream drawn on several
 *   pages counting on each (the printer interprets it each time).
 * Images and fonts are not measured: their decoders are bounded by the image's own dimensions.
 */

/** Decompressed content of one page, at most. */
export const MAX_PAGE_CONTENT_BYTES = 64 * 1_048_576;
/** Decompressed page content of the whole document, at most. */
export const MAX_CONTENT_BYTES = 256 * 1_048_576;
/** Decompressed object and cross-reference streams of the whole document, at most (pdf-lib holds them). */
export const MAX_STRUCTURE_BYTES = 128 * 1_048_576;
/**
 * Content streams through filters other than Flate are decoded by pdf-lib, whose decoder keeps what it
 * decoded: they are measured up to this (a legacy filter chain is rare and never this large).
 */
export const MAX_LEGACY_FILTERED_BYTES = 32 * 1_048_576;

export interface StreamLimits {
  maxPageContentBytes: number;
  maxContentBytes: number;
  maxStructureBytes: number;
}

export const DEFAULT_STREAM_LIMITS: Readonly<StreamLimits> = {
  maxPageContentBytes: MAX_PAGE_CONTENT_BYTES,
  maxContentBytes: MAX_CONTENT_BYTES,
  maxStructureBytes: MAX_STRUCTURE_BYTES,
};

/** Why a PDF is refused here. */
export type StreamProblem = 'content-too-large' | 'xref-too-large';

/** Bytes in a chunk of the counting inflater (the chunks are dropped as they are counted). */
const INFLATE_CHUNK = 256 * 1024;

const FLATE = new Set(['FlateDecode', 'Fl']);

/**
 * Bytes `data` decompresses to through `layers` Flate layers, stopping as soon as more than `limit`
 * came out of any layer (it answers limit + 1 then). Memory stays at a few chunks whatever the ratio.
 * Broken data ends the count where it breaks: what came out before is what a reader gets.
 */
export function flateInflatedLength(data: Uint8Array, layers: number, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const stages = Array.from({ length: Math.max(1, layers) }, () =>
      zlib.createInflate({ chunkSize: INFLATE_CHUNK, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    );
    let work = 0;
    let out = 0;
    let done = false;
    const finish = (length: number) => {
      if (done) return;
      done = true;
      for (const stage of stages) stage.destroy();
      resolve(length);
    };
    stages.forEach((stage, i) => {
      const last = i === stages.length - 1;
      stage.on('data', (chunk: Buffer) => {
        // every layer's output is work: a bomb inside a bomb stops at the limit too
        work += chunk.length;
        if (last) out += chunk.length;
        if (work > limit) finish(limit + 1);
      });
      stage.on('error', () => finish(out));
      const next = stages[i + 1];
      if (next) stage.pipe(next);
      else stage.on('end', () => finish(out));
    });
    stages[0]?.end(data);
  });
}

/** Worst-case growth of each filter: output bytes per input byte. */
const WORST_GROWTH: Readonly<Record<string, number>> = {
  ASCIIHexDecode: 0.5,
  AHx: 0.5,
  ASCII85Decode: 4,
  A85: 4,
  RunLengthDecode: 64,
  RL: 64,
  LZWDecode: 4_096,
  LZW: 4_096,
  FlateDecode: 1_032,
  Fl: 1_032,
};

/**
 * Bytes a stream decodes to, from its raw data and filter names, bounded by `limit` (limit + 1 when
 * over): exact for no filter and for Flate layers; for other chains, seen before any parser, the worst
 * case of the chain (a legacy filter on an object stream is rare: one that could exceed is refused).
 */
export async function rawDecodedLength(data: Uint8Array, filters: readonly string[], limit: number): Promise<number> {
  if (filters.length === 0) return Math.min(data.length, limit + 1);
  if (filters.every((filter) => FLATE.has(filter))) return flateInflatedLength(data, filters.length, limit);
  const worst = filters.reduce((bound, filter) => bound * (WORST_GROWTH[filter] ?? Infinity), data.length);
  return Math.min(Math.ceil(worst), limit + 1);
}

/** The filter names of a stream dictionary's text ('/Filter /FlateDecode', '/Filter [/A85 /Fl]'). */
export function filtersInDictText(dict: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dict);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([^\s/[\]<>()]+)/g)].map((name) => name[1] ?? '');
}

const asLatin1 = (bytes: Buffer, start: number, end: number) => bytes.toString('latin1', start, end);

/** A view of bytes start..end (no copy): what zlib and pdf-lib's typings both take. */
const view = (bytes: Buffer, start: number, end: number) =>
  new Uint8Array(bytes.buffer, bytes.byteOffset + start, end - start);

/** Longest stream dictionary read (a cross-reference stream's /Index can be long; 64 KB is plenty). */
const MAX_DICT_BYTES = 65_536;

const isWhite = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/**
 * Whether the `stream` at `at` is a stream keyword, told in constant time: not `endstream`, right after a
 * dictionary's `>>` (and white space), followed by an end of line. The word in a text or in binary data
 * is skipped without reading anything around it.
 */
function isStreamKeyword(bytes: Buffer, at: number): boolean {
  const after = bytes[at + 6];
  if (after !== 0x0a && after !== 0x0d) return false;
  let before = at - 1;
  for (let i = 0; i < 8 && isWhite(bytes[before]); i += 1) before -= 1;
  return bytes[before] === 0x3e && bytes[before - 1] === 0x3e;
}

/**
 * The `obj` keywords met so far, scanning forward once: the one before any position is known without
 * searching backwards (a file of many `stream` words and no `obj` costs one pass, not one per word).
 */
class ObjCursor {
  private last = -1;
  private next: number;

  constructor(private readonly bytes: Buffer) {
    this.next = bytes.indexOf('obj', 0, 'latin1');
  }

  /** The last `obj` before `at` (-1 when none). */
  before(at: number): number {
    while (this.next >= 0 && this.next < at) {
      this.last = this.next;
      this.next = this.bytes.indexOf('obj', this.next + 3, 'latin1');
    }
    return this.last;
  }
}

/** The next `endstream` at or after a position, searching forward once (positions only grow). */
class EndstreamCursor {
  private found = -2;

  constructor(private readonly bytes: Buffer) {}

  /** The first `endstream` at or after `from` (-1 when none). */
  from(from: number): number {
    if (this.found === -1 || this.found >= from) return this.found;
    this.found = this.bytes.indexOf('endstream', from, 'latin1');
    return this.found;
  }
}

/** The raw data of a stream whose keyword is at `at`: after its end of line, up to `endstream`. */
function streamData(bytes: Buffer, at: number, dict: string, ends: EndstreamCursor): Uint8Array | null {
  let start = at + 'stream'.length;
  if (bytes[start] === 0x0d) start += 1;
  if (bytes[start] === 0x0a) start += 1;
  const direct = /\/Length\s+(\d{1,10})(?!\s+\d+\s+R)/.exec(dict);
  const length = direct?.[1] === undefined ? NaN : Number(direct[1]);
  if (Number.isSafeInteger(length) && start + length <= bytes.length) {
    // trust /Length when `endstream` follows it (after an end of line), as readers do
    const after = asLatin1(bytes, start + length, Math.min(bytes.length, start + length + 12));
    if (/^\s*endstream/.test(after)) return view(bytes, start, start + length);
  }
  const end = ends.from(start);
  return end < 0 ? null : view(bytes, start, end);
}

/** The entries a cross-reference stream claims (/Index pairs, else /Size) and the bytes of one entry (/W). */
function xrefClaims(dict: string): { entries: number; width: number } {
  const numbers = (text: string | undefined) => (text ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
  const index = /\/Index\s*\[([^\]]*)\]/.exec(dict)?.[1];
  const size = Number(/\/Size\s+(\d{1,12})/.exec(dict)?.[1] ?? 0);
  const pairs = numbers(index);
  let entries = 0;
  if (index !== undefined) for (let i = 1; i < pairs.length; i += 2) entries += pairs[i] ?? 0;
  else entries = size;
  const width = numbers(/\/W\s*\[([^\]]*)\]/.exec(dict)?.[1]).reduce((sum, w) => sum + w, 0);
  return { entries, width };
}

/** An object or cross-reference stream: what pdf-lib decompresses while loading (also a /Type it must look up). */
const STRUCTURAL = /\/Type\s*(\/ObjStm\b|\/XRef\b|\d+\s+\d+\s+R)/;

/**
 * The problem of the raw file seen through the streams pdf-lib decompresses while loading it, or null:
 * 'content-too-large' when they inflate past maxStructureBytes together, 'xref-too-large' when a
 * cross-reference stream claims more entries than its data holds. Runs before pdf-lib sees the file.
 */
export async function structuralStreamsProblem(
  bytes: Buffer,
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<StreamProblem | null> {
  let budget = limits.maxStructureBytes;
  const objects = new ObjCursor(bytes);
  const ends = new EndstreamCursor(bytes);
  let measuredObj = -1;
  for (let at = bytes.indexOf('stream', 0, 'latin1'); at >= 0; at = bytes.indexOf('stream', at + 6, 'latin1')) {
    if (!isStreamKeyword(bytes, at)) continue;
    const obj = objects.before(at);
    // an object has one stream: the same `obj` met again is a word inside that stream's data
    if (obj < 0 || obj === measuredObj || at - obj > MAX_DICT_BYTES) continue;
    const dict = asLatin1(bytes, obj + 3, at);
    if (!STRUCTURAL.test(dict)) continue;
    measuredObj = obj;
    const data = streamData(bytes, at, dict, ends);
    if (!data) continue;
    const decoded = await rawDecodedLength(data, filtersInDictText(dict), budget);
    if (decoded > budget) return 'content-too-large';
    budget -= decoded;
    if (/\/Type\s*\/XRef\b/.test(dict)) {
      const { entries, width } = xrefClaims(dict);
      // each entry is `width` bytes of the decoded data: a claim beyond it is what makes pdf-lib allocate
      if (entries > 0 && (width === 0 || entries > Math.floor(decoded / width) + 1)) return 'xref-too-large';
    }
  }
  return null;
}

/** The streams of a page's /Contents (a stream, or an array of them), with the references that name them. */
function contentStreams(context: PDFContext, page: PDFDict): { key: PDFObject; stream: PDFRawStream }[] {
  const contents = page.get(PDFName.of('Contents'));
  const items: PDFObject[] = [];
  const resolved = contents instanceof PDFRef ? context.lookup(contents) : contents;
  if (resolved instanceof PDFArray) {
    for (let i = 0; i < resolved.size(); i += 1) items.push(resolved.get(i));
  } else if (contents !== undefined) {
    items.push(contents);
  }
  const streams: { key: PDFObject; stream: PDFRawStream }[] = [];
  for (const item of items) {
    const stream = item instanceof PDFRef ? context.lookup(item) : item;
    if (stream instanceof PDFRawStream) streams.push({ key: item instanceof PDFRef ? item : stream, stream });
  }
  return streams;
}

/** The filter names of a parsed stream's dictionary. */
function filtersOf(stream: PDFRawStream): string[] {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    return filter.asArray().map((item) => {
      const name = item instanceof PDFRef ? stream.dict.context.lookup(item) : item;
      return name instanceof PDFName ? name.decodeText() : '?';
    });
  }
  return [];
}

/** Bytes a parsed content stream decodes to, at most `limit` + 1. */
async function decodedLength(stream: PDFRawStream, limit: number): Promise<number> {
  const filters = filtersOf(stream);
  if (filters.length === 0) return Math.min(stream.contents.length, limit + 1);
  if (filters.every((filter) => FLATE.has(filter))) {
    return flateInflatedLength(stream.contents, filters.length, limit);
  }
  // pdf-lib's decoders (LZW, ASCII85, RunLength...) keep what they decode: read in steps, up to a smaller bound
  const bound = Math.min(limit, MAX_LEGACY_FILTERED_BYTES);
  try {
    const decoder = decodePDFRawStream(stream);
    let total = 0;
    for (;;) {
      const chunk = decoder.getBytes(1_048_576);
      total += chunk.length;
      if (total > bound) return limit + 1;
      if (chunk.length < 1_048_576) return total;
    }
  } catch {
    // an unknown or broken filter: nothing a reader could decode
    return 0;
  }
}

/**
 * 'content-too-large' when a page's content streams decode to more than maxPageContentBytes, or all
 * pages' to more than maxContentBytes (a stream drawn on several pages counts on each), else null.
 * Each distinct stream is decoded once, into a counter.
 */
export async function pageContentProblem(
  context: PDFContext,
  pages: readonly PDFDict[],
  limits: StreamLimits = DEFAULT_STREAM_LIMITS,
): Promise<StreamProblem | null> {
  const measured = new Map<PDFObject, number>();
  let total = 0;
  for (const page of pages) {
    let pageBytes = 0;
    for (const { key, stream } of contentStreams(context, page)) {
      const limit = Math.min(limits.maxPageContentBytes - pageBytes, limits.maxContentBytes - total);
      let length = measured.get(key);
      if (length === undefined) {
        length = await decodedLength(stream, limit);
        // a length past a smaller limit is only "more than that limit": measure it again if met under a larger one
        if (length <= limit) measured.set(key, length);
      }
      if (length > limit) return 'content-too-large';
      pageBytes += length;
      total += length;
    }
  }
  return null;
}
