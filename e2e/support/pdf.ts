import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** Writes a real PDF of `pages` A4 pages (each saying its number) to a temp file and answers its path. */
export async function makePdf(name: string, pages: number): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i += 1) {
    const page = doc.addPage([595.28, 841.89]);
    page.drawText(`${name}: page ${i} of ${pages}`, { x: 72, y: 760, size: 18, font });
  }
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sp-e2e-pdf-')), name);
  writeFileSync(file, await doc.save());
  return file;
}
