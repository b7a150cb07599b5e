import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { ParseSpeeds, PDFDocument, type PDFDict } from 'pdf-lib';
import { pageTreeLeaves, PageTreeError } from './pdf-page-tree';
import type { PdfCountReply, PdfCountRequest } from './pdf-pages-pool';
import { pageContentProblem, structuralStreamsProblem } from './pdf-streams';

/**
 * The worker thread that counts one PDF at a time for pdf-pages-pool: it reads the file from disk (the
 * request never carries the bytes), measures the streams pdf-lib would decompress (pdf-streams), parses
 * it with pdf-lib, walks the page tree and measures each page's content. It runs under the pool's heap
 * limit and time budget, so a hostile file costs this thread, never the event loop.
 */
async function count(request: PdfCountRequest): Promise<PdfCountReply> {
  const bytes = await fs.promises.readFile(request.file);
  const structural = await structuralStreamsProblem(bytes, request.streams);
  if (structural) return { id: request.id, ok: false, problem: structural };
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      ignoreEncryption: false,
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
    });
  } catch (error) {
    // pdf-lib is compiled to ES5: instanceof does not work on its errors, the name and message do
    const encrypted =
      (error as Error)?.constructor?.name === 'EncryptedPDFError' ||
      /is encrypted/.test(String((error as Error)?.message));
    return { id: request.id, ok: false, problem: encrypted ? 'encrypted' : 'corrupt' };
  }
  let pages: PDFDict[];
  try {
    pages = pageTreeLeaves(pdf, request);
  } catch (error) {
    if (error instanceof PageTreeError) return { id: request.id, ok: false, problem: error.problem };
    return { id: request.id, ok: false, problem: 'corrupt' };
  }
  // what reaches a printer must decompress to a bounded size (the page tree alone says nothing of it)
  const content = await pageContentProblem(pdf.context, pages, request.streams);
  if (content) return { id: request.id, ok: false, problem: content };
  return { id: request.id, ok: true, pages: pages.length };
}

parentPort?.on('message', (request: PdfCountRequest) => {
  count(request).then(
    (reply) => parentPort?.postMessage(reply),
    () => parentPort?.postMessage({ id: request.id, ok: false, problem: 'unreadable' } satisfies PdfCountReply),
  );
});
