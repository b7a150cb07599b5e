import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type {
  CancelLogResponse,
  StudentFilterLogsResponse,
  StudentPrinterDetail,
  StudentPrinterListResponse,
  StudentPrintingResponse,
} from 'shared-api/contracts';
import { DEMO_ACCOUNTS } from '../src/db/seed';
import { applyLedgerEntry, ledgerSum } from '../src/modules/ledger/ledger.repository';
import { uploadDirOf } from '../src/config';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { bearer, body, createTestApp, DRIVER, loginAs, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, PNG_1x1 } from './printing-fixtures';

const ACTIVE = 'B1-109';
const PAUSED = 'B3-203';

interface Student {
  id: string;
  token: string;
}

interface UploadFile {
  name: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart body built by the platform's FormData, as a browser would send it. */
async function multipart(
  files: UploadFile[],
  fields: { printerId?: string; documents?: unknown } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  if (fields.printerId !== undefined) form.append('printerId', fields.printerId);
  if (fields.documents !== undefined) {
    form.append(
      'documents',
      typeof fields.documents === 'string' ? fields.documents : JSON.stringify(fields.documents),
    );
  }
  for (const file of files) {
    const bytes = typeof file.content === 'string' ? Buffer.from(file.content) : file.content;
    form.append(
      'file',
      new Blob([new Uint8Array(bytes)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

describe(`student printing (${DRIVER})`, () => {
  let t: TestApp;
  let pdf3: Buffer;
  let pdf1: Buffer;

  beforeAll(async () => {
    // the race tests below send 30 uploads of one student at once: the in-flight caps have their own tests
    t = await createTestApp({ config: { uploadsInFlight: { perUser: 100, total: 100 } } });
    pdf3 = await makePdf(3);
    pdf1 = await makePdf(1);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new student with `balance` pages (an adjustment in the ledger, so balance = sum of ledger). */
  async function newStudent(balance: number): Promise<Student> {
    const suffix = crypto.randomBytes(4).toString('hex');
    const row = await t.app.db.one<{ id: string }>(
      `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name)
       SELECT $1, password_hash, 'student', $2, 'Thử', 'Sinh Viên' FROM users WHERE email = $3 RETURNING id`,
      [`sv.${suffix}@hcmut.edu.vn`, `T${suffix}`, DEMO_ACCOUNTS.student],
    );
    if (!row) throw new Error('could not create a student');
    if (balance > 0) await applyLedgerEntry(t.app.db, { userId: row.id, kind: 'adjustment', delta: balance });
    return { id: row.id, token: t.app.tokens.signAccess({ id: row.id, role: 'student' }) };
  }

  async function submit(
    student: Student,
    files: UploadFile[],
    fields: { printerId?: string; documents?: unknown } = { printerId: ACTIVE },
  ): Promise<LightMyRequestResponse> {
    const { payload, headers } = await multipart(files, fields);
    return t.app.inject({
      method: 'POST',
      url: '/v1/student/printing',
      payload,
      headers: { ...headers, ...bearer(student.token) },
    });
  }

  const cancel = (student: Student, printingLogId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/v1/student/cancelLog',
      payload: { printingLogId },
      headers: bearer(student.token),
    });

  const filterLogs = async (student: Student, query = '') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/student/filterLogs${query}`,
      headers: bearer(student.token),
    });
    expect(response.statusCode).toBe(200);
    return body<StudentFilterLogsResponse>(response).data;
  };

  async function balanceOf(userId: string): Promise<number> {
    const row = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]);
    return row?.balance ?? -1;
  }

  async function counts(userId: string) {
    const row = await t.app.db.one<{ ledger: number; logs: number; documents: number }>(
      `SELECT (SELECT count(*)::int FROM page_ledger WHERE user_id = $1) AS ledger,
              (SELECT count(*)::int FROM printing_logs WHERE user_id = $1) AS logs,
              (SELECT count(*)::int FROM documents WHERE owner_id = $1) AS documents`,
      [userId],
    );
    return { ...row, balance: await balanceOf(userId) };
  }

  async function expectBalanced(userId: string): Promise<void> {
    expect(await balanceOf(userId)).toBe(await ledgerSum(t.app.db, userId));
  }

  describe('GET /v1/student/printers and /v1/student/printer', () => {
    let student: Student;
    beforeAll(async () => {
      student = await newStudent(0);
    });
    const list = async (query = '') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/student/printers${query}`,
        headers: bearer(student.token),
      });
      expect(response.statusCode).toBe(200);
      return body<StudentPrinterListResponse>(response).data;
    };

    it('lists every printer with its waiting count and the allowed file types', async () => {
      const data = await list();
      expect(data.printers).toHaveLength(14);
      expect(data.totalPrinter).toBe(14);
      expect(data.activatedPrinter).toBe(11);
      // the Office types depend on LibreOffice: document-tools.test.ts takes both branches
      expect(data.currentFileType).toEqual(expect.arrayContaining(['pdf', 'png', 'txt']));
      const printer = data.printers.find((p) => p.printerId === ACTIVE);
      expect(printer).toMatchObject({
        printerId: ACTIVE,
        location: { facility: 'CS1', department: 'B1', room: '109' },
        status: 1,
      });
      const waiting = await t.app.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM printing_logs WHERE printer_id = $1 AND status IN ('Queued', 'InProgress')`,
        [ACTIVE],
      );
      expect(printer?.waiting_amount).toBe(waiting?.n);
    });

    it('filters by status, facility and id, sorts and pages', async () => {
      expect((await list('?status=0')).printers.map((p) => p.printerId).sort()).toEqual(['B3-203', 'B5-204', 'H6-308']);
      expect((await list('?status=1')).printers).toHaveLength(11);
      const cs2 = await list('?facility=CS2');
      expect(cs2.printers.every((p) => p.location.facility === 'CS2')).toBe(true);
      expect(cs2.printers).toHaveLength(6);
      expect((await list('?facility=100')).printers).toHaveLength(14);
      expect((await list('?searchField=h6')).printers.map((p) => p.printerId)).toEqual(['H6-109', 'H6-308', 'H6-605']);
      const zToA = (await list('?sortName=-1')).printers.map((p) => p.printerId);
      expect(zToA[0]).toBe('H6-605');
      expect(zToA[13]).toBe('B1-109');
      const printed = (await list('?sortPrinted=-1')).printers.map((p) => p.printed_count);
      expect(printed).toEqual([...printed].sort((a, b) => b - a));
      const page = await list('?per_page=5&page=3');
      expect(page.printers).toHaveLength(4);
      expect(page.total).toBe(14);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/v1/student/printers?status=7',
        headers: bearer(student.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).message).toMatch(VIETNAMESE);
    });

    it('answers one printer, and 404 for an unknown one', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/student/printer?printerId=${ACTIVE}`,
        headers: bearer(student.token),
      });
      expect(response.statusCode).toBe(200);
      const data = body<StudentPrinterDetail>(response).data;
      expect(data).toMatchObject({ printerId: ACTIVE, location: { department: 'B1', room: '109' }, status: 1 });
      expect(typeof data.waiting_amount).toBe('number');
      expect(data.currentFileType).toContain('pdf');

      const unknown = await t.app.inject({
        method: 'GET',
        url: '/v1/student/printer?printerId=NOPE-1',
        headers: bearer(student.token),
      });
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown).message).toMatch(VIETNAMESE);
    });

    it('serves the list from memory and refreshes it when a queue changes', async () => {
      const before = (await list()).printers.find((p) => p.printerId === 'H1-101')?.waiting_amount ?? -1;
      const owner = await newStudent(5);
      expect((await submit(owner, [{ name: 'a.pdf', content: pdf1 }], { printerId: 'H1-101' })).statusCode).toBe(200);
      const after = (await list()).printers.find((p) => p.printerId === 'H1-101')?.waiting_amount;
      expect(after).toBe(before + 1);
    });
  });

  describe('POST /v1/student/printing', () => {
    it('accepts a PDF, counts its pages, charges exactly the cost and queues it', async () => {
      const student = await newStudent(50);
      const uploadDir = uploadDirOf(t.app.appConfig);
      const response = await submit(student, [{ name: 'Bài tập lớn.pdf', content: pdf3, type: 'application/pdf' }], {
        printerId: ACTIVE,
        documents: [{ paperSize: 'A4', numVersion: 2, numSides: 2, pagesPerSheet: 1, colorOption: true }],
      });
      expect(response.statusCode).toBe(200);
      const envelope = body<StudentPrintingResponse>(response);
      expect(envelope.message).toBe('Yêu cầu in ấn đã được xác nhận!');
      // ceil(3 / (1 × 2)) × 2 copies = 4 sheets of A4
      expect(envelope.data.totalCost).toBe(4);
      expect(envelope.data.balance).toBe(46);
      expect(await balanceOf(student.id)).toBe(46);
      const [log] = envelope.data.printingLogs;
      expect(log).toMatchObject({
        status: 'Queued',
        paperSize: 'A4',
        numVersion: 2,
        numSides: 2,
        colorOption: true,
        pages: 'all',
        selectedPages: 3,
        total_pages: 4,
        cost: 4,
        printerId: ACTIVE,
        user_id: student.id,
        document: { title: 'Bài tập lớn.pdf', pages: 3, fileType: 'pdf' },
        finishDate: null,
      });
      expect(log?.position).toBeGreaterThanOrEqual(1);

      const ledger = await t.app.db.query<{ kind: string; delta: number; ref_type: string; ref_id: string }>(
        `SELECT kind, delta, ref_type, ref_id FROM page_ledger WHERE user_id = $1 AND kind = 'charge'`,
        [student.id],
      );
      expect(ledger).toEqual([{ kind: 'charge', delta: -4, ref_type: 'printing_log', ref_id: log?._id }]);
      await expectBalanced(student.id);

      // stored under a generated name, outside any served folder, byte for byte
      const doc = await t.app.db.one<{ storage_path: string; sha256: string }>(
        'SELECT d.storage_path, d.sha256 FROM documents d JOIN printing_logs l ON l.document_id = d.id WHERE l.id = $1',
        [log?._id],
      );
      expect(doc?.storage_path).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      const stored = fs.readFileSync(path.join(uploadDir, doc?.storage_path ?? 'x'));
      expect(stored.toString('base64')).toBe(pdf3.toString('base64'));
      expect(doc?.sha256).toBe(crypto.createHash('sha256').update(new Uint8Array(pdf3)).digest('hex'));
      expect(path.resolve(uploadDir).startsWith(path.resolve(t.app.appConfig.portalDir))).toBe(false);
    });

    it('accepts several documents in one request, each with its own options, in order', async () => {
      const student = await newStudent(100);
      const text = Array.from({ length: 61 }, (_, i) => `dòng ${i}`).join('\n');
      const response = await submit(
        student,
        [
          { name: 'slides.pdf', content: await makePdf(9) },
          { name: 'anh.png', content: PNG_1x1 },
          { name: 'ghi-chu.txt', content: text },
        ],
        {
          printerId: ACTIVE,
          documents: [
            { paperSize: 'A3', numVersion: 3, pagesPerSheet: 4, numSides: 2 }, // ceil(9/8)=2 × 3 = 6 A3 → 12
            { paperSize: 'A4', numVersion: 5 }, // 1 × 5 = 5
            { pages: '2' }, // 61 lines = 2 pages, page 2 only → 1
          ],
        },
      );
      expect(response.statusCode).toBe(200);
      const data = body<StudentPrintingResponse>(response).data;
      expect(data.printingLogs.map((l) => [l.document.title, l.document.pages, l.total_pages, l.cost])).toEqual([
        ['slides.pdf', 9, 6, 12],
        ['anh.png', 1, 5, 5],
        ['ghi-chu.txt', 2, 1, 1],
      ]);
      expect(data.totalCost).toBe(18);
      expect(data.balance).toBe(82);
      const [p1, p2, p3] = data.printingLogs.map((l) => l.position ?? 0);
      expect([p2, p3]).toEqual([(p1 ?? 0) + 1, (p1 ?? 0) + 2]);
      expect((await counts(student.id)).ledger).toBe(4);
      await expectBalanced(student.id);
    });

    it('uses the spec defaults when documents is absent', async () => {
      const student = await newStudent(10);
      const response = await submit(student, [{ name: 'a.pdf', content: pdf3 }], { printerId: ACTIVE });
      expect(response.statusCode).toBe(200);
      expect(body<StudentPrintingResponse>(response).data.printingLogs[0]).toMatchObject({
        paperSize: 'A4',
        numVersion: 1,
        pagesPerSheet: 1,
        numSides: 1,
        colorOption: false,
        landScapeOption: false,
        cost: 3,
      });
    });

    describe('bad input: its status, a Vietnamese message and nothing charged', () => {
      let student: Student;
      beforeAll(async () => {
        student = await newStudent(30);
      });

      async function expectRefused(
        response: LightMyRequestResponse,
        status: number,
        contains: string | RegExp,
      ): Promise<void> {
        const envelope = body(response);
        expect({ status: response.statusCode, message: envelope.message }).toEqual({
          status,
          message: expect.stringMatching(contains),
        });
        expect(envelope.success).toBe(false);
        expect(envelope.message).toMatch(VIETNAMESE);
      }

      let before: Awaited<ReturnType<typeof counts>>;
      beforeEach(async () => {
        before = await counts(student.id);
      });
      afterEach(async () => {
        expect(await counts(student.id)).toEqual(before);
        await expectBalanced(student.id);
      });

      const docs = (options: Record<string, unknown>) => ({ printerId: ACTIVE, documents: [options] });

      it('a file type that is not allowed (415)', async () => {
        await expectRefused(await submit(student, [{ name: 'virus.exe', content: 'MZ' }]), 415, /không được phép in/);
        await expectRefused(await submit(student, [{ name: 'no-extension', content: pdf1 }]), 415, /không được phép/);
      });

      it('a .pdf that is really a PNG (415)', async () => {
        await expectRefused(await submit(student, [{ name: 'fake.pdf', content: PNG_1x1 }]), 415, /PNG/);
      });

      it('a .docx that is really a PDF (415)', async () => {
        await expectRefused(await submit(student, [{ name: 'fake.docx', content: pdf1 }]), 415, /fake\.docx/);
      });

      it('an empty file (400)', async () => {
        await expectRefused(await submit(student, [{ name: 'empty.pdf', content: Buffer.alloc(0) }]), 400, /rỗng/);
      });

      it('a corrupt PDF and a 0-page PDF (422)', async () => {
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
        const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
        try {
          const corrupt = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF');
          await expectRefused(await submit(student, [{ name: 'hong.pdf', content: corrupt }]), 422, /bị hỏng/);
          await expectRefused(
            await submit(student, [{ name: 'cut.pdf', content: pdf3.subarray(0, pdf3.length / 2) }]),
            422,
            /bị hỏng/,
          );
        } finally {
          warn.mockRestore();
          log.mockRestore();
        }
        await expectRefused(
          await submit(student, [{ name: 'zero.pdf', content: await makePdf(0) }]),
          422,
          /không có trang/,
        );
      });

      it('an encrypted PDF (422)', async () => {
        const plain = (await makePdf(2, { objectStreams: false })).toString('latin1');
        const encrypted = Buffer.from(plain.replace(/trailer\s*<</, 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
        await expectRefused(await submit(student, [{ name: 'khoa.pdf', content: encrypted }]), 422, /mật khẩu/);
      });

      it('a file over the per-file limit, and a request over the per-request limit (413)', async () => {
        const big = await makePdf(40);
        await t.app.db.query('UPDATE system_config SET max_file_bytes = $1, max_request_bytes = $2', [
          big.length - 1,
          big.length * 3,
        ]);
        try {
          await expectRefused(await submit(student, [{ name: 'big.pdf', content: big }]), 413, /big\.pdf.*vượt quá/);
          await t.app.db.query('UPDATE system_config SET max_file_bytes = $1', [big.length]);
          const four = Array.from({ length: 4 }, (_, i) => ({ name: `p${i}.pdf`, content: big }));
          await expectRefused(await submit(student, four), 413, /Tổng dung lượng/);
        } finally {
          await t.app.db.query('UPDATE system_config SET max_file_bytes = 52428800, max_request_bytes = 209715200');
        }
      });

      it.each([
        [{ numVersion: 0 }, 'numVersion'],
        [{ numVersion: 1000 }, 'numVersion'],
        [{ pagesPerSheet: 3 }, 'pagesPerSheet'],
        [{ numSides: 3 }, 'numSides'],
        [{ paperSize: 'A5' }, 'paperSize'],
        [{ colorOption: 'maybe' }, 'colorOption'],
        [{ pages: '2-1' }, '2-1'],
        [{ pages: 'abc' }, 'abc'],
      ])('options %j (400)', async (options, name) => {
        await expectRefused(await submit(student, [{ name: 'a.pdf', content: pdf3 }], docs(options)), 400, name);
      });

      it('a page range past the end of the document (400)', async () => {
        await expectRefused(
          await submit(student, [{ name: 'a.pdf', content: pdf3 }], docs({ pages: '1-2,4' })),
          400,
          /Trang 4 vượt quá số trang của tài liệu \(3 trang\)/,
        );
      });

      it('documents that do not match the files (400)', async () => {
        await expectRefused(
          await submit(student, [{ name: 'a.pdf', content: pdf3 }], { printerId: ACTIVE, documents: [{}, {}] }),
          400,
          /không khớp/,
        );
        await expectRefused(
          await submit(student, [{ name: 'a.pdf', content: pdf3 }], { printerId: ACTIVE, documents: '{not json' }),
          400,
          /documents/,
        );
      });

      it('no file, no printer id, not multipart (400/415)', async () => {
        await expectRefused(await submit(student, [], { printerId: ACTIVE }), 400, /Chưa có tệp/);
        await expectRefused(await submit(student, [{ name: 'a.pdf', content: pdf1 }], {}), 400, /printerId/);
        const json = await t.app.inject({
          method: 'POST',
          url: '/v1/student/printing',
          payload: { printerId: ACTIVE },
          headers: bearer(student.token),
        });
        await expectRefused(json, 415, /multipart/);
      });

      it('an unknown printer (404) and a paused printer (422)', async () => {
        await expectRefused(
          await submit(student, [{ name: 'a.pdf', content: pdf1 }], { printerId: 'NOPE-404' }),
          404,
          /Không tìm thấy máy in/,
        );
        await expectRefused(
          await submit(student, [{ name: 'a.pdf', content: pdf1 }], { printerId: PAUSED }),
          422,
          /^Máy in đang Tạm dừng!$/,
        );
      });

      it('not enough pages (422 with the missing count), and one bad file refuses the whole request', async () => {
        const response = await submit(student, [{ name: 'a.pdf', content: pdf3 }], docs({ numVersion: 11 }));
        // 3 × 11 = 33 pages for a balance of 30
        await expectRefused(response, 422, /thiếu 3 trang/);
        expect(body(response).data).toEqual({ required: 33, balance: 30, missing: 3 });
        await expectRefused(
          await submit(student, [
            { name: 'good.pdf', content: pdf1 },
            { name: 'fake.pdf', content: PNG_1x1 },
          ]),
          415,
          /fake\.pdf/,
        );
      });

      it('a staff member cannot print (403)', async () => {
        const staff = await loginAs(t.app, 'staff');
        const { payload, headers } = await multipart([{ name: 'a.pdf', content: pdf1 }], { printerId: ACTIVE });
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/student/printing',
          payload,
          headers: { ...headers, ...bearer(staff.accessToken) },
        });
        await expectRefused(response, 403, /quyền/);
      });
    });

    it('30 parallel submissions against a balance for 10: exactly 10 accepted, the ledger agrees', async () => {
      const student = await newStudent(10);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => submit(student, [{ name: `doc-${i}.pdf`, content: pdf1 }])),
      );
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 422)).toHaveLength(20);
      for (const refused of responses.filter((r) => r.statusCode === 422)) {
        expect(body(refused).message).toMatch(/thiếu 1 trang/);
      }
      expect(await balanceOf(student.id)).toBe(0);
      await expectBalanced(student.id);
      const c = await counts(student.id);
      expect(c).toMatchObject({ logs: 10, documents: 10, ledger: 11 });
    });
  });

  describe('DELETE /v1/student/cancelLog', () => {
    it('cancels a queued job and refunds it in full, once', async () => {
      const student = await newStudent(20);
      const submitted = body<StudentPrintingResponse>(
        await submit(student, [{ name: 'a.pdf', content: pdf3 }], {
          printerId: ACTIVE,
          documents: [{ paperSize: 'A3', numVersion: 2 }],
        }),
      ).data;
      const logId = submitted.printingLogs[0]?._id ?? '';
      expect(submitted.balance).toBe(8);

      const first = await cancel(student, logId);
      expect(first.statusCode).toBe(200);
      const envelope = body<CancelLogResponse>(first);
      expect(envelope.message).toBe('Hủy yêu cầu in thành công');
      expect(envelope.data.balance).toBe(20);
      expect(envelope.data.printingLog).toMatchObject({ _id: logId, status: 'Failed', position: null });
      expect(envelope.data.printingLog.finishDate).not.toBeNull();

      const second = await cancel(student, logId);
      expect(second.statusCode).toBe(422);
      expect(body(second).message).toMatch(VIETNAMESE);
      expect(await balanceOf(student.id)).toBe(20);
      const refunds = await t.app.db.query(`SELECT delta FROM page_ledger WHERE user_id = $1 AND kind = 'refund'`, [
        student.id,
      ]);
      expect(refunds).toEqual([{ delta: 12 }]);
      await expectBalanced(student.id);
    });

    it("refuses another student's job (403), an unknown one (404) and one already printing (422)", async () => {
      const owner = await newStudent(10);
      const other = await newStudent(10);
      const logId =
        body<StudentPrintingResponse>(await submit(owner, [{ name: 'a.pdf', content: pdf1 }])).data.printingLogs[0]
          ?._id ?? '';

      const foreign = await cancel(other, logId);
      expect(foreign.statusCode).toBe(403);
      expect(body(foreign).message).toMatch(VIETNAMESE);

      for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
        const unknown = await cancel(other, id);
        expect(unknown.statusCode).toBe(404);
        expect(body(unknown).message).toMatch(VIETNAMESE);
      }

      const missing = await t.app.inject({
        method: 'DELETE',
        url: '/v1/student/cancelLog',
        payload: {},
        headers: bearer(owner.token),
      });
      expect(missing.statusCode).toBe(400);

      await t.app.db.query(`UPDATE printing_logs SET status = 'InProgress' WHERE id = $1`, [logId]);
      const started = await cancel(owner, logId);
      expect(started.statusCode).toBe(422);
      expect(body(started).message).toMatch(/đang đợi/);
      expect(await balanceOf(owner.id)).toBe(9);
      expect(await balanceOf(other.id)).toBe(10);
      await expectBalanced(owner.id);
      await expectBalanced(other.id);
    });

    it('a cancel racing a dispatcher claim: exactly one wins, the cancelled job refunded once', async () => {
      // the dispatcher's own claim (row lock, lease), not a stand-in; its driver is never called here
      const dispatcher = new Dispatcher({
        db: t.app.db,
        events: t.app.events,
        driver: new SimulatedDriver(1),
        instanceId: 'race-with-cancel',
      });
      const RACE_PRINTER = 'H1-203';
      const student = await newStudent(40);
      const refundsOf = async (logId: string) =>
        (
          await t.app.db.one<{ n: number }>(
            `SELECT count(*)::int AS n FROM page_ledger WHERE kind = 'refund' AND ref_type = 'printing_log' AND ref_id = $1`,
            [logId],
          )
        )?.n;
      const statusOf = async (logId: string) =>
        (await t.app.db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [logId]))?.status;
      const outcomes = { claimed: 0, cancelled: 0 };
      for (let round = 0; round < 12; round += 1) {
        // the printer's queue holds only this round's job, so a claim can take no other
        await t.app.db.query(
          `UPDATE printing_logs SET status = 'Completed', finish_date = now(), claimed_by = NULL, claimed_at = NULL
           WHERE printer_id = $1 AND status IN ('Queued', 'InProgress')`,
          [RACE_PRINTER],
        );
        const submitted = await submit(student, [{ name: `r${round}.pdf`, content: pdf1 }], {
          printerId: RACE_PRINTER,
        });
        expect(submitted.statusCode).toBe(200);
        const logId = body<StudentPrintingResponse>(submitted).data.printingLogs[0]?._id ?? '';
        // at once (either may win), the claim first, the cancel first: both outcomes are always exercised
        const mode = round % 3;
        let claimed: Awaited<ReturnType<Dispatcher['claimNext']>>;
        let cancelled: Awaited<ReturnType<typeof cancel>>;
        if (mode === 0)
          [claimed, cancelled] = await Promise.all([dispatcher.claimNext(RACE_PRINTER), cancel(student, logId)]);
        else if (mode === 1) {
          claimed = await dispatcher.claimNext(RACE_PRINTER);
          cancelled = await cancel(student, logId);
        } else {
          cancelled = await cancel(student, logId);
          claimed = await dispatcher.claimNext(RACE_PRINTER);
        }
        const claimWon = claimed?.id === logId;
        const cancelWon = cancelled.statusCode === 200;
        expect(claimWon).not.toBe(cancelWon);
        if (claimWon) {
          outcomes.claimed += 1;
          expect(cancelled.statusCode).toBe(422);
          expect(await statusOf(logId)).toBe('InProgress');
          expect(await refundsOf(logId)).toBe(0);
        } else {
          outcomes.cancelled += 1;
          expect(claimed).toBeNull();
          expect(await statusOf(logId)).toBe('Failed');
          expect(await refundsOf(logId)).toBe(1);
        }
      }
      expect(outcomes.claimed).toBeGreaterThan(0);
      expect(outcomes.cancelled).toBeGreaterThan(0);
      await expectBalanced(student.id);
      // 40 pages, 1 a job: each job the claim won is paid, each cancelled one given back
      expect(await balanceOf(student.id)).toBe(40 - outcomes.claimed);
      const refunded = await t.app.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM page_ledger WHERE user_id = $1 AND kind = 'refund'`,
        [student.id],
      );
      expect(refunded?.n).toBe(outcomes.cancelled);
    });
  });

  describe('GET /v1/student/filterLogs', () => {
    let student: Student;
    let other: Student;
    beforeAll(async () => {
      student = await newStudent(100);
      other = await newStudent(100);
      for (const [name, printerId] of [
        ['Giải tích.pdf', ACTIVE],
        ['Vật lý.pdf', ACTIVE],
        ['Hóa học.pdf', 'H1-101'],
      ] as const) {
        expect((await submit(student, [{ name, content: pdf3 }], { printerId })).statusCode).toBe(200);
      }
      expect((await submit(other, [{ name: 'Của người khác.pdf', content: pdf1 }])).statusCode).toBe(200);
    });

    it("answers only the caller's logs, newest first, with positions", async () => {
      const data = await filterLogs(student);
      expect(data.printingLogs.map((l) => l.document.title)).toEqual(['Hóa học.pdf', 'Vật lý.pdf', 'Giải tích.pdf']);
      expect(data.printingLogs.every((l) => l.user_id === student.id)).toBe(true);
      expect(data.printingLogs.every((l) => typeof l.position === 'number' && l.position >= 1)).toBe(true);
      expect(data.printingLogs[0]?.printers[0]).toEqual({
        printerId: 'H1-101',
        location: { facility: 'CS2', department: 'H1', room: '101' },
      });
      expect(data).toMatchObject({ printedA3: 0, printedA4: 0 });
      const oldest = await filterLogs(student, '?sortDirection=1');
      expect(oldest.printingLogs[0]?.document.title).toBe('Giải tích.pdf');
    });

    it('filters by status, facility, file name and dates', async () => {
      expect((await filterLogs(student, '?facility=CS2')).printingLogs.map((l) => l.document.title)).toEqual([
        'Hóa học.pdf',
      ]);
      expect((await filterLogs(student, `?searchField=${encodeURIComponent('vật')}`)).printingLogs).toHaveLength(1);
      expect((await filterLogs(student, '?searchField=%25')).printingLogs).toHaveLength(0);
      expect((await filterLogs(student, '?status=Completed')).printingLogs).toHaveLength(0);
      expect((await filterLogs(student, '?status=Queued&per_page=2')).printingLogs).toHaveLength(2);
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      expect((await filterLogs(student, `?startDate=${today}&endDate=${today}`)).printingLogs).toHaveLength(3);
      expect((await filterLogs(student, '?endDate=2020-01-01')).printingLogs).toHaveLength(0);
      const bad = await t.app.inject({
        method: 'GET',
        url: '/v1/student/filterLogs?startDate=yesterday',
        headers: bearer(student.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(body(bad).message).toMatch(VIETNAMESE);
    });

    it('totals the A3 and A4 sheets of completed jobs', async () => {
      const { printingLogs } = await filterLogs(student);
      const [first, second] = printingLogs;
      await t.app.db.query(
        `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE id = ANY($1::uuid[])`,
        [[first?._id, second?._id]],
      );
      await t.app.db.query(`UPDATE printing_logs SET paper_size = 'A3' WHERE id = $1`, [second?._id]);
      // changed behind the server's back: the event every state change raises drops the cached history
      t.app.events.emit('job-changed', { userId: student.id });
      const data = await filterLogs(student);
      expect(data).toMatchObject({ printedA4: 3, printedA3: 3 });
      expect(data.printingLogs.find((l) => l._id === first?._id)?.position).toBeNull();
    });
  });
});
