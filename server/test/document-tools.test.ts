/**
 * LibreOffice present or absent: both branches on purpose, whatever this machine has installed. The
 * detection is injected (`documents` of buildApp); the real conversion runs in page-count.test.ts where
 * soffice exists (CI installs it).
 */
import type { StudentPrinterListResponse, SystemConfigView } from 'shared-api/contracts';
import {
  ALL_OFFICE_APPS,
  NO_DOCUMENT_TOOLS,
  detectDocumentTools,
  officeAppsBeside,
  type DocumentTools,
} from '../src/documents/file-types';
import { createStudent } from './factories';
import { bearer, body, createTestApp, DRIVER, loginAs, type TestApp } from './helpers';

/** LibreOffice with Writer only, at a path that is never run: listing and marking need no conversion. */
const WRITER_ONLY: DocumentTools = {
  soffice: '/opt/libreoffice/program/soffice',
  officeApps: new Set(['writer']),
  sandbox: null,
};

describe('detectDocumentTools', () => {
  it('finds no application without soffice', () => {
    const tools = detectDocumentTools(() => null);
    expect(tools.soffice).toBeNull();
    expect([...tools.officeApps]).toEqual([]);
  });

  it("reads the applications from soffice's program folder", () => {
    const listing = (dir: string) => {
      expect(dir).toBe('/opt/lo/program');
      return ['soffice', 'libswlo.so', 'libsclo.so', 'libother.so'];
    };
    expect([...officeAppsBeside('/opt/lo/program/soffice', listing)].sort()).toEqual(['calc', 'writer']);
  });

  it('takes every application when the folder cannot be read (another layout)', () => {
    const unreadable = () => {
      throw new Error('EACCES');
    };
    expect(officeAppsBeside('/somewhere/soffice', unreadable)).toEqual(ALL_OFFICE_APPS);
  });

  it('asks the finder it is given, once', () => {
    const find = jest.fn(() => '/opt/lo/program/soffice');
    const tools = detectDocumentTools(find);
    expect(find).toHaveBeenCalledTimes(1);
    expect(tools.soffice).toBe('/opt/lo/program/soffice');
  });
});

describe.each([
  ['absent', NO_DOCUMENT_TOOLS],
  ['present with Writer only', WRITER_ONLY],
] as const)(`LibreOffice %s (${DRIVER})`, (_name, documents) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ documents, config: { printDispatcher: false } });
  });
  afterAll(() => t.close());

  const writer = documents.officeApps.has('writer');

  it("the students' printer list offers the Office types this server converts, and only those", async () => {
    const student = await loginAs(t.app, 'student');
    const response = await t.app.inject({ url: '/v1/student/printers', headers: bearer(student.accessToken) });
    expect(response.statusCode).toBe(200);
    const types = body<StudentPrinterListResponse>(response).data.currentFileType;
    expect(types).toEqual(expect.arrayContaining(['pdf', 'png', 'txt']));
    // Writer converts docx and doc; Impress (pptx) and Calc (xlsx) are installed in neither case
    expect(types.includes('docx')).toBe(writer);
    expect(types.includes('doc')).toBe(writer);
    expect(types).not.toContain('pptx');
    expect(types).not.toContain('xlsx');
  });

  it('/Config marks the types this server cannot take, with the reason', async () => {
    const spso = await loginAs(t.app, 'spso');
    const response = await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(spso.accessToken) });
    const inactive = body<SystemConfigView>(response).data.inactiveFileTypes;
    const marked = Object.fromEntries(inactive.map((entry) => [entry.type, entry.reason]));
    expect(marked.pptx).toBe('needs-libreoffice');
    expect(marked.xlsx).toBe('needs-libreoffice');
    expect(marked.docx).toBe(writer ? undefined : 'needs-libreoffice');
    expect(marked.pdf).toBeUndefined();
  });

  it('an allowed Office type this server cannot convert is refused (415) saying so, before anything is charged', async () => {
    const id = await createStudent(t.app.db, 20);
    const token = t.app.tokens.signAccess({ id, role: 'student' });
    const form = new FormData();
    form.append('printerId', 'B1-109');
    form.append('file', new Blob([new Uint8Array(Buffer.from('PK\u0003\u0004 slides', 'latin1'))]), 'bai.pptx');
    const multipart = new Response(form);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/student/printing',
      payload: Buffer.from(await multipart.arrayBuffer()),
      headers: { 'content-type': multipart.headers.get('content-type') ?? '', ...bearer(token) },
    });
    expect(response.statusCode).toBe(415);
    // the officers allow pptx: the student reads why this server refuses it, and what to send instead
    expect(body(response).message).toMatch(/chưa cài đặt công cụ chuyển đổi tài liệu \(LibreOffice\).*\.pptx/);
    expect(body(response).message).toMatch(/"bai\.pptx" sang PDF rồi gửi lại/);
    const balance = await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [id]);
    expect(balance?.balance).toBe(20);
  });
});
