import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { createStudent } from './factories';

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

/** A new student with `balance` pages (the one student factory) and an access token for them. */
export async function newStudent(app: FastifyInstance, balance: number): Promise<{ id: string; token: string }> {
  const id = await createStudent(app.db, balance);
  return { id, token: app.tokens.signAccess({ id, role: 'student' }) };
}

/** POST /v1/student/printing with real multipart bodies (the platform's FormData). */
export async function submitPrint(
  app: FastifyInstance,
  token: string,
  files: { name: string; content: Buffer }[],
  fields: { printerId: string; documents?: unknown[] },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('printerId', fields.printerId);
  if (fields.documents) form.append('documents', JSON.stringify(fields.documents));
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
  const response = new Response(form);
  return app.inject({
    method: 'POST',
    url: '/v1/student/printing',
    payload: Buffer.from(await response.arrayBuffer()),
    headers: {
      'content-type': response.headers.get('content-type') ?? '',
      authorization: `Bearer ${token}`,
      ...headers,
    },
  });
}
