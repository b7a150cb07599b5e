import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { ParseSpeeds, PDFDocument } from 'pdf-lib';
import { countPageTree, PageTreeError } from './pdf-page-tree';
import type { PdfCountReply, PdfCountRequest } from './pdf-pages-pool';

/**
 * The worker thread that counts one PDF at a time for pdf-pages-pool: it reads the file from disk (the
 * request never carries the bytes), parses it with pdf-lib and walks the page tree. It runs under the
 * pool's heap limit and time budget, so a hostile file costs this thread, never the event loop.
 */
async function count(request: PdfCountRequest): Promise<PdfCountReply> {
  const bytes = await fs.promises.readFile(request.file);
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
  try {
    return { id: request.id, ok: true, pages: countPageTree(pdf, request) };
  } catch (error) {
    if (error instanceof PageTreeError) return { id: request.id, ok: false, problem: error.problem };
    return { id: request.id, ok: false, problem: 'corrupt' };
  }
}

parentPort?.on('message', (request: PdfCountRequest) => {
  count(request).then(
    (reply) => parentPort?.postMessage(reply),
    () => parentPort?.postMessage({ id: request.id, ok: false, problem: 'unreadable' } satisfies PdfCountReply),
  );
});
