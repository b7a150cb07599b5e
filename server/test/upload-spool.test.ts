import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StudentPrintingResponse } from 'shared-api/contracts';
import { uploadDirOf } from '../src/config';
import { body, createTestApp, DRIVER, type TestApp } from './helpers';
import { makePdf, newStudent, PNG_1x1, submitPrint } from './printing-fixtures';

/** Files are written to the upload folder while they arrive: what is refused must not stay there. */
describe(`received files on disk (${DRIVER})`, () => {
  let t: TestApp;
  let dir: string;
  let uploadDir: string;
  let pdf3: Buffer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-spool-'));
    t = await createTestApp({ config: { dataDir: path.join(dir, 'pglite'), printDispatcher: false } });
    uploadDir = uploadDirOf(t.app.appConfig);
    pdf3 = await makePdf(3);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The upload folder holds exactly the stored documents' files. */
  async function expectOnlyDocuments(): Promise<string[]> {
    const rows = await t.app.db.query<{ storage_path: string }>(
      'SELECT storage_path FROM documents WHERE storage_path IS NOT NULL ORDER BY storage_path',
    );
    const names = fs.existsSync(uploadDir) ? fs.readdirSync(uploadDir).sort() : [];
    expect(names).toEqual(rows.map((r) => r.storage_path));
    return names;
  }

  it('keeps the accepted files byte for byte under generated names, and nothing of the refused ones', async () => {
    const student = await newStudent(t.app, 10);
    const ok = await submitPrint(
      t.app,
      student.token,
      [
        { name: 'a.pdf', content: pdf3 },
        { name: 'b.png', content: PNG_1x1 },
      ],
      { printerId: 'B1-109' },
    );
    expect(ok.statusCode).toBe(200);
    const ids = body<StudentPrintingResponse>(ok).data.printingLogs.map((l) => l._id);
    const docs = await t.app.db.query<{ storage_path: string; sha256: string; size_bytes: string }>(
      `SELECT d.storage_path, d.sha256, d.size_bytes FROM documents d JOIN printing_logs l ON l.document_id = d.id
       WHERE l.id = ANY($1::uuid[]) ORDER BY l.created_at`,
      [ids],
    );
    for (const [i, content] of [pdf3, PNG_1x1].entries()) {
      const doc = docs[i];
      expect(doc?.storage_path).toMatch(i === 0 ? /^[0-9a-f-]{36}\.pdf$/ : /^[0-9a-f-]{36}\.png$/);
      const stored = fs.readFileSync(path.join(uploadDir, doc?.storage_path ?? 'x'));
      expect(stored.toString('base64')).toBe(content.toString('base64'));
      expect(doc?.sha256).toBe(crypto.createHash('sha256').update(new Uint8Array(content)).digest('hex'));
      expect(Number(doc?.size_bytes)).toBe(content.length);
      expect(fs.statSync(path.join(uploadDir, doc?.storage_path ?? 'x')).mode & 0o777).toBe(0o600);
    }
    expect(await expectOnlyDocuments()).toHaveLength(2);

    const refused = [
      // a .pdf that is a PNG (415), a corrupt PDF (422), not enough pages (422), a paused printer (422)
      await submitPrint(t.app, student.token, [{ name: 'x.pdf', content: PNG_1x1 }], { printerId: 'B1-109' }),
      await submitPrint(t.app, student.token, [{ name: 'x.pdf', content: Buffer.from('%PDF-1.4 broken') }], {
        printerId: 'B1-109',
      }),
      await submitPrint(
        t.app,
        student.token,
        [
          { name: 'c.pdf', content: pdf3 },
          { name: 'd.pdf', content: pdf3 },
        ],
        { printerId: 'B1-109', documents: [{ numVersion: 20 }, {}] },
      ),
      await submitPrint(t.app, student.token, [{ name: 'e.pdf', content: pdf3 }], { printerId: 'B3-203' }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([415, 422, 422, 422]);
    await expectOnlyDocuments();

    // over the per-file limit (413): refused while it is received
    await t.app.db.query('UPDATE system_config SET max_file_bytes = $1', [pdf3.length - 1]);
    try {
      const big = await submitPrint(t.app, student.token, [{ name: 'big.pdf', content: pdf3 }], {
        printerId: 'B1-109',
      });
      expect(big.statusCode).toBe(413);
    } finally {
      await t.app.db.query('UPDATE system_config SET max_file_bytes = 52428800');
    }
    expect(await expectOnlyDocuments()).toHaveLength(2);
  });
});
