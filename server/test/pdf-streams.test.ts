/**
 * What a PDF decompresses to is bounded before anything is charged (documents/pdf-streams, run in the
 * counting worker): page content, object streams and cross-reference streams are inflated into a counter,
 * never into memory, and a cross-reference stream claiming more entries than it holds is refused. Every
 * hostile file is built here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { countPages } from '../src/documents/page-count';
import {
  flateInflatedLength,
  MAX_PAGE_CONTENT_BYTES,
  rawDecodedLength,
  structuralStreamsProblem,
} from '../src/documents/pdf-streams';
import { AppError } from '../src/lib/errors';
import { VIETNAMESE } from './helpers';
import { buildPdf, contentPdf, deflatedZeros, objectStreamPdf, xrefStreamPdf } from './pdf-bombs';
import { makePdf } from './printing-fixtures';

const MB = 1_048_576;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-pdf-streams-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** 1 GiB of zeros in about 1 MB: the bomb (built once, it takes a second or two). */
let gigabyte: Buffer;
beforeAll(async () => {
  gigabyte = await deflatedZeros(1024);
}, 60_000);

const bytes = (content: Buffer) => new Uint8Array(content.buffer, content.byteOffset, content.byteLength);

async function count(content: Buffer) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, bytes(content));
  return countPages(file, 'pdf', 'bom.pdf');
}

async function refusal(content: Buffer): Promise<AppError> {
  try {
    await count(content);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(VIETNAMESE);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

/** Runs `work` while sampling this process's resident memory; the growth over the start, at its highest. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growthMb: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growthMb: (peak - start) / MB };
  } finally {
    clearInterval(timer);
  }
}

describe('inflating into a counter', () => {
  it('counts what a stream inflates to exactly when it is under the limit', async () => {
    const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Trang mot) Tj ET\n'.repeat(1000));
    expect(await flateInflatedLength(bytes(zlib.deflateSync(bytes(text))), 1, MB)).toBe(text.length);
  });

  it('stops 1 GiB of zeros just past the limit, quickly, with flat memory', async () => {
    expect(gigabyte.length).toBeLessThan(1.1 * MB);
    const started = performance.now();
    const { result, growthMb } = await peakGrowth(() => flateInflatedLength(bytes(gigabyte), 1, 64 * MB));
    expect(result).toBe(64 * MB + 1);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(growthMb).toBeLessThan(64);
  });

  it('counts every layer of a bomb in a bomb, and what came out of broken data', async () => {
    const inner = await deflatedZeros(40);
    const twice = zlib.deflateSync(bytes(inner));
    // 40 MB out of the second layer: past 16 MB of work
    expect(await flateInflatedLength(bytes(twice), 2, 16 * MB)).toBe(16 * MB + 1);
    const whole = zlib.deflateSync(bytes(Buffer.alloc(MB, 0x41)));
    const broken = Buffer.concat([bytes(whole.subarray(0, whole.length - 8)), bytes(Buffer.from('garbage!'))]);
    expect(await flateInflatedLength(bytes(broken), 1, 16 * MB)).toBeLessThanOrEqual(MB);
  });

  it('bounds the chains it does not decode by their worst case, before any parser', async () => {
    const data = bytes(Buffer.alloc(1_000));
    expect(await rawDecodedLength(data, [], MB)).toBe(1_000);
    expect(await rawDecodedLength(data, ['ASCIIHexDecode'], MB)).toBe(500);
    expect(await rawDecodedLength(data, ['LZWDecode', 'FlateDecode'], MB)).toBe(MB + 1);
    expect(await rawDecodedLength(data, ['SomethingUnknown'], MB)).toBe(MB + 1);
  });
});

describe('the streams pdf-lib decompresses while loading, measured before it does', () => {
  it("takes pdf-lib's own object and cross-reference streams", async () => {
    const saved = await makePdf(5, { objectStreams: true });
    expect(saved.toString('latin1')).toMatch(/\/Type \/ObjStm/);
    expect(saved.toString('latin1')).toMatch(/\/Type \/XRef/);
    expect(await structuralStreamsProblem(saved)).toBeNull();
    expect(await structuralStreamsProblem(xrefStreamPdf({ size: 5 }))).toBeNull();
  });

  it('refuses a cross-reference stream claiming 999,999,999 entries it does not hold, by /Size or /Index', async () => {
    expect(await structuralStreamsProblem(xrefStreamPdf({ size: 999_999_999 }))).toBe('xref-too-large');
    expect(await structuralStreamsProblem(xrefStreamPdf({ size: 5, index: [0, 999_999_999] }))).toBe('xref-too-large');
  });

  it('refuses an object stream that inflates past the bound', async () => {
    expect(await structuralStreamsProblem(objectStreamPdf(gigabyte))).toBe('content-too-large');
  });
});

describe('counting a hostile PDF (the worker, as an upload is counted)', () => {
  it("refuses the issue's 1 MB PDF whose page content inflates to 1 GiB, fast, the server's memory flat", async () => {
    const bomb = contentPdf(gigabyte);
    expect(bomb.length).toBeLessThan(1.1 * MB);
    const started = performance.now();
    const { result: error, growthMb } = await peakGrowth(() => refusal(bomb));
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(error.statusCode).toBe(422);
    expect(error.message).toMatch(/"bom\.pdf" có nội dung khi giải nén lớn bất thường \(quá 64 MB cho một trang/);
    // the worker inflated 64 MB into a counter: nothing near the gigabyte was ever held
    expect(growthMb).toBeLessThan(200);
  }, 30_000);

  it('counts a stream drawn on several pages on each: 4 × 60 MB is taken, 5 × 60 MB is refused', async () => {
    const sixty = await deflatedZeros(60);
    expect(60 * MB).toBeLessThan(MAX_PAGE_CONTENT_BYTES);
    expect((await count(contentPdf(sixty, 4))).pages).toBe(4);
    const error = await refusal(contentPdf(sixty, 5));
    expect(error.message).toMatch(/256 MB cho cả tệp/);
  }, 30_000);

  it('decodes content through legacy filter chains too (ASCIIHex then Flate), within their bound', async () => {
    const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Trang mot) Tj ET\n'.repeat(200));
    const hex = (data: Buffer) => Buffer.from(`${data.toString('hex')}>`, 'latin1');
    const chain = '[/ASCIIHexDecode /FlateDecode]';
    expect((await count(contentPdf(hex(zlib.deflateSync(bytes(text))), 2, chain))).pages).toBe(2);
    const bomb = await deflatedZeros(64);
    const error = await refusal(contentPdf(hex(bomb), 1, chain));
    expect(error.message).toMatch(/giải nén lớn bất thường/);
  }, 30_000);

  it('refuses an object stream bomb and a cross-reference stream claim before pdf-lib parses them', async () => {
    const started = performance.now();
    expect((await refusal(objectStreamPdf(gigabyte))).message).toMatch(/giải nén lớn bất thường/);
    expect((await refusal(xrefStreamPdf({ size: 999_999_999 }))).message).toMatch(
      /bảng tham chiếu chéo lớn bất thường/,
    );
    expect(performance.now() - started).toBeLessThan(5_000);
  }, 30_000);

  it('refuses a classic cross-reference table claiming 999,999,999 entries (before any worker reads it)', async () => {
    const honest = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']);
    const claim = Buffer.from(honest.toString('latin1').replace(/xref\n0 3\n/, 'xref\n0 999999999\n'), 'latin1');
    expect((await refusal(claim)).message).toMatch(/bảng tham chiếu chéo lớn bất thường/);
  });

  it('still counts ordinary PDFs, with and without object streams', async () => {
    expect((await count(await makePdf(7, { objectStreams: true }))).pages).toBe(7);
    expect((await count(await makePdf(3, { objectStreams: false }))).pages).toBe(3);
    const text = Buffer.from('BT /F1 12 Tf 72 712 Td (Trang) Tj ET\n'.repeat(20_000));
    expect((await count(contentPdf(zlib.deflateSync(bytes(text)), 3))).pages).toBe(3);
  });
});
