/**
 * A PDF is judged by its end before any parser reads it (noise behind a %PDF header, a truncated file,
 * a cross-reference table larger than the file could hold objects for), and a student whose documents
 * keep using up the counter's budget waits before the next upload.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { countPdfPages, CostlyDocumentError, pdfCountBudgetMs } from '../src/documents/page-count';
import { PdfPagesPool } from '../src/documents/pdf-pages-pool';
import { pdfStructureProblem } from '../src/documents/pdf-structure';
import { UploadGate } from '../src/modules/print-jobs/print-jobs.routes';
import { flatTree } from './pdf-bombs';

const MB = 1_048_576;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-structure-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function onDisk(content: Buffer): { file: string; size: number } {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, new Uint8Array(content));
  return { file, size: content.length };
}
/** Bytes joined as one file (latin1 keeps every byte as it is). */
const bytes = (...parts: (Buffer | string)[]) =>
  Buffer.from(parts.map((part) => (typeof part === 'string' ? part : part.toString('latin1'))).join(''), 'latin1');
const problemOf = (content: Buffer) => {
  const { file, size } = onDisk(content);
  return pdfStructureProblem(file, size);
};

describe('pdfStructureProblem', () => {
  it('takes whole PDFs: a classic table, a cross-reference stream, bytes after %%EOF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    expect(await problemOf(Buffer.from(await doc.save({ useObjectStreams: false })))).toBeNull();
    expect(await problemOf(Buffer.from(await doc.save({ useObjectStreams: true })))).toBeNull();
    expect(await problemOf(flatTree(50))).toBeNull();
    // trailing bytes after %%EOF (some writers add a newline or padding) are fine
    expect(await problemOf(bytes(flatTree(3), '\r\n\0\0\0'))).toBeNull();
  });

  it('refuses noise behind a %PDF header and a truncated file (no startxref / %%EOF at the end)', async () => {
    const noise = bytes('%PDF-1.7\n', crypto.randomBytes(2 * MB));
    expect(await problemOf(noise)).toBe('no-trailer');
    const whole = flatTree(20);
    expect(await problemOf(whole.subarray(0, whole.length - 40))).toBe('no-trailer');
  });

  it('refuses a startxref that points nowhere or at no cross-reference section', async () => {
    const noise = bytes('%PDF-1.7\n', crypto.randomBytes(MB));
    expect(await problemOf(bytes(noise, '\nstartxref\n99999999\n%%EOF\n'))).toBe('bad-startxref');
    expect(await problemOf(bytes(noise, '\nstartxref\n100\n%%EOF\n'))).toBe('bad-startxref');
  });

  it('refuses a cross-reference table announcing more entries than the file could hold objects for', async () => {
    const head = Buffer.from('%PDF-1.4\n');
    const table = Buffer.from(`xref\n0 1500000\n${'0000000000 65535 f \n'.repeat(1000)}`);
    const end = Buffer.from(`trailer\n<< /Size 1500000 >>\nstartxref\n${head.length}\n%%EOF\n`);
    expect(await problemOf(bytes(head, table, end))).toBe('xref-too-large');
  });
});

describe('counting budget', () => {
  it('grows with the size and stops at the pool budget: a small file cannot hold a worker for long', () => {
    expect(pdfCountBudgetMs(10_000)).toBe(2_001);
    expect(pdfCountBudgetMs(10 * MB)).toBe(3_000);
    expect(pdfCountBudgetMs(40 * MB)).toBe(5_000);
  });

  it('a count past its budget is a costly document (the route counts those per student)', async () => {
    const pool = new PdfPagesPool({ workers: 1, timeoutMs: 1 });
    try {
      const { file } = onDisk(flatTree(10_000));
      await expect(countPdfPages(file, 'nang.pdf', { pool })).rejects.toBeInstanceOf(CostlyDocumentError);
    } finally {
      await pool.close();
    }
  }, 60_000);
});

describe('a student whose documents keep using up the budget', () => {
  it('waits before the next upload, longer each time, until a document is counted', () => {
    let now = 1_000_000;
    const gate = new UploadGate({ perUser: 2, total: 16 }, () => now);
    gate.strike('a');
    gate.acquire('a')(); // the first is free: a heavy file happens
    gate.strike('a');
    const waited = (() => {
      try {
        gate.acquire('a');
        return null;
      } catch (error) {
        return error as { statusCode: number; data: { retryAfterSeconds: number }; message: string };
      }
    })();
    expect(waited?.statusCode).toBe(429);
    expect(waited?.data.retryAfterSeconds).toBe(15);
    expect(waited?.message).toMatch(/đợi 15 giây/);
    gate.acquire('b')(); // another student is not held up
    now += 15_000;
    gate.acquire('a')();
    gate.strike('a');
    expect(() => gate.acquire('a')).toThrow(/đợi 30 giây/);
    gate.forgive('a');
    gate.acquire('a')();
  });
});
