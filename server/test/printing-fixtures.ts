import { PDFDocument } from 'pdf-lib';

/** A real PDF of n pages, made here with pdf-lib. */
export async function makePdf(pages: number, options: { objectStreams?: boolean } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage([595, 842]).drawText(`Trang ${i + 1}`, { x: 50, y: 780 });
  return Buffer.from(await pdf.save({ addDefaultPage: false, useObjectStreams: options.objectStreams ?? true }));
}

/** The smallest valid PNG (1×1), from its bytes. */
export const PNG_1x1 = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);
