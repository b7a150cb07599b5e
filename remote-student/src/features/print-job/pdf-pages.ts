import { extensionOf } from './file-types';

function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });
}

/** Image types the server prints as one page each. */
const ONE_PAGE_IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif']);

/** Pages the browser can tell before sending: images are one page, PDFs are counted; null otherwise. */
export async function countPages(file: File): Promise<number | null> {
  if (ONE_PAGE_IMAGES.has(extensionOf(file.name))) return 1;
  return countPdfPages(file);
}

/**
 * Pages of a PDF counted in the browser through its page tree (pdf-lib, loaded only when a PDF is
 * chosen), or null when it cannot be counted here (not a PDF, encrypted, broken): the server counts
 * every document again on submit, so this number only previews the cost.
 */
export async function countPdfPages(file: File): Promise<number | null> {
  if (extensionOf(file.name) !== 'pdf') return null;
  try {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.load(await readBytes(file), { ignoreEncryption: false, updateMetadata: false });
    const count = doc.getPageCount();
    return count > 0 ? count : null;
  } catch {
    return null;
  }
}
