import { PDFDocument } from 'pdf-lib';
import { countPages } from './pdf-pages';

async function pdf(name: string, pages: number): Promise<File> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage();
  const bytes = await doc.save();
  return new File([bytes.slice().buffer as ArrayBuffer], name, { type: 'application/pdf' });
}

describe('countPages (a preview only: the server counts again)', () => {
  it('counts a PDF by its page tree', async () => {
    expect(await countPages(await pdf('two.pdf', 2))).toBe(2);
    expect(await countPages(await pdf('UPPER.PDF', 7))).toBe(7);
  });

  it('an image is one page', async () => {
    for (const name of ['a.png', 'b.JPG', 'c.jpeg', 'd.gif']) expect(await countPages(new File(['x'], name))).toBe(1);
  });

  it('leaves the rest to the server: office files, text, and a PDF that does not parse', async () => {
    expect(await countPages(new File(['x'], 'a.docx'))).toBeNull();
    expect(await countPages(new File(['hello'], 'a.txt'))).toBeNull();
    expect(await countPages(new File(['%PDF-1.4 broken'], 'broken.pdf'))).toBeNull();
  });
});
