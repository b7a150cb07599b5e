/**
 * Office files are checked by what they hold before LibreOffice is given them (documents/office-content):
 * the magic bytes only say "a zip" or "a compound file". Each file here is built in the test. A file the
 * checks accept goes on to the converter: without one (converter null) it is refused saying LibreOffice
 * is missing, which is how these tests tell "content accepted" from "content refused".
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentMismatch, countPages, readHead } from '../src/documents/page-count';
import { AppError } from '../src/lib/errors';
import { VIETNAMESE } from './helpers';
import { buildZip, officeZip, oleFile, OOXML_MAIN, openDocumentZip, zipEntry } from './pdf-bombs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-office-content-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function onDisk(content: Buffer, ext: string): string {
  const file = path.join(dir, `${crypto.randomUUID()}.${ext}`);
  fs.writeFileSync(file, new Uint8Array(content));
  return file;
}

/** The refusal of countPages for this content under this extension (no converter installed). */
async function verdict(content: Buffer, ext: string): Promise<AppError> {
  try {
    await countPages(onDisk(content, ext), ext, `bai.${ext}`, { converter: null });
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(VIETNAMESE);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

/** The content passed every check: only the missing converter stopped it. */
async function expectAccepted(content: Buffer, ext: string) {
  const error = await verdict(content, ext);
  expect(error.message).toMatch(/chưa cài đặt công cụ chuyển đổi tài liệu \(LibreOffice\)/);
}

async function expectRefused(content: Buffer, ext: string, status: number, message: RegExp) {
  const error = await verdict(content, ext);
  expect(error.message).not.toMatch(/LibreOffice/);
  expect(error.statusCode).toBe(status);
  expect(error.message).toMatch(message);
}

const ODF = 'application/vnd.oasis.opendocument';

describe('OOXML (docx, xlsx, pptx): [Content_Types].xml declares the main part of the extension', () => {
  it.each(['docx', 'xlsx', 'pptx'] as const)('takes a %s that is one', async (ext) => {
    await expectAccepted(officeZip(ext), ext);
  });

  it('takes the macro-enabled and template kinds of the same application', async () => {
    await expectAccepted(officeZip('docx', 'application/vnd.ms-word.document.macroEnabled.main+xml'), 'docx');
    await expectAccepted(
      officeZip('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml'),
      'xlsx',
    );
  });

  it('refuses a .docx that is a presentation, naming what it is (415)', async () => {
    await expectRefused(
      officeZip('docx', OOXML_MAIN.pptx.type),
      'docx',
      415,
      /"bai\.docx" không phải tài liệu Word \(\.docx\) như đuôi \.docx \(thực chất là bản trình chiếu PowerPoint \(\.pptx\)\)/,
    );
    await expectRefused(officeZip('pptx', OOXML_MAIN.xlsx.type), 'pptx', 415, /thực chất là bảng tính Excel/);
  });

  it('refuses a zip without [Content_Types].xml, or whose types declare no Office main part (415)', async () => {
    const plainZip = buildZip([zipEntry('word/document.xml', '<x/>'), zipEntry('notes.txt', 'hello')]);
    await expectRefused(plainZip, 'docx', 415, /không phải tài liệu Word/);
    const noMain = buildZip([zipEntry('[Content_Types].xml', '<Types><Default Extension="xml"/></Types>')]);
    await expectRefused(noMain, 'xlsx', 415, /không phải bảng tính Excel/);
  });

  it('refuses a file that only starts like a zip (no directory: truncated or renamed) (415)', async () => {
    await expectRefused(Buffer.from('PK\u0003\u0004 word/document.xml and nothing else', 'latin1'), 'docx', 415, /.+/);
    const whole = officeZip('docx');
    await expectRefused(whole.subarray(0, whole.length - 30), 'docx', 415, /không phải tài liệu Word/);
  });

  it('refuses a zip bomb from its directory before anything is unzipped (422)', async () => {
    const liar = officeZip('docx');
    // the central directory says the main part unzips to 4,000,000,000 bytes
    const directory = liar.lastIndexOf('PK\u0001\u0002', undefined, 'latin1');
    liar.writeUInt32LE(4_000_000_000, directory + 24);
    await expectRefused(liar, 'docx', 422, /giải nén quá lớn/);
  });
});

describe('OpenDocument (odt, ods, odp): the mimetype that opens the zip names the type', () => {
  it.each([
    ['odt', 'text'],
    ['ods', 'spreadsheet'],
    ['odp', 'presentation'],
  ])('takes an .%s that is one', async (ext, kind) => {
    await expectAccepted(openDocumentZip(`${ODF}.${kind}`), ext);
  });

  it('refuses an .odt that is a spreadsheet from its first bytes, as the upload route sees them (415)', async () => {
    const ods = openDocumentZip(`${ODF}.spreadsheet`);
    const early = contentMismatch(ods.subarray(0, 200), 'odt', 'bai.odt');
    expect(early?.statusCode).toBe(415);
    expect(early?.message).toMatch(/không phải văn bản OpenDocument \(\.odt\).*thực chất là bảng tính OpenDocument/);
    await expectRefused(ods, 'odt', 415, /thực chất là bảng tính OpenDocument/);
    // a text template (odt's cousin) is not a text either
    await expectRefused(openDocumentZip(`${ODF}.text-template`), 'odt', 415, /không phải văn bản OpenDocument/);
  });

  it('refuses an .odt whose mimetype is not first, or without content.xml (415)', async () => {
    const late = buildZip([zipEntry('content.xml', '<x/>'), zipEntry('mimetype', `${ODF}.text`, true)]);
    expect(contentMismatch(await readHead(onDisk(late, 'odt')), 'odt', 'bai.odt')?.statusCode).toBe(415);
    await expectRefused(openDocumentZip(`${ODF}.text`, ['styles.xml']), 'odt', 415, /không phải văn bản/);
  });
});

describe('legacy Office (doc, xls, ppt): the compound file holds the stream of the application', () => {
  it.each([
    ['doc', ['WordDocument', '1Table', '\u0005SummaryInformation']],
    ['xls', ['Workbook']],
    ['xls', ['Book']],
    ['ppt', ['PowerPoint Document', 'Current User']],
  ])('takes a .%s holding %j', async (ext, streams) => {
    await expectAccepted(oleFile(streams), ext);
  });

  it('reads directories of 4096-byte sectors and directories over several sectors', async () => {
    await expectAccepted(oleFile(['WordDocument'], { sectorShift: 12 }), 'doc');
    const many = Array.from({ length: 9 }, (_, i) => `Stream ${i}`);
    await expectAccepted(oleFile([...many, 'WordDocument']), 'doc');
  });

  it('refuses a .doc that is a spreadsheet, naming what it is (415)', async () => {
    await expectRefused(
      oleFile(['Workbook']),
      'doc',
      415,
      /"bai\.doc" không phải tài liệu Word \(\.doc\) như đuôi \.doc \(thực chất là bảng tính Excel \(\.xls\)\)/,
    );
    await expectRefused(oleFile(['SomethingElse']), 'ppt', 415, /không phải bản trình chiếu PowerPoint/);
  });

  it('refuses an encrypted Office package (a compound file named .doc) as encrypted (422)', async () => {
    await expectRefused(oleFile(['EncryptionInfo', 'EncryptedPackage']), 'doc', 422, /mã hóa hoặc đặt mật khẩu/);
  });

  it('refuses a broken compound file: a directory chain that loops, or sectors beyond the file (422)', async () => {
    await expectRefused(oleFile(['WordDocument'], { cycle: true }), 'doc', 422, /bị hỏng/);
    const truncated = oleFile(['WordDocument']).subarray(0, 700);
    await expectRefused(truncated, 'doc', 422, /bị hỏng/);
    const magicOnly = Buffer.concat([new Uint8Array(oleFile([]).subarray(0, 8)), new Uint8Array(600)]);
    await expectRefused(magicOnly, 'doc', 422, /bị hỏng/);
  });

  it('refuses a .doc that is plain text or an RTF, and a .rtf that is not one (415)', async () => {
    await expectRefused(Buffer.from('Xin chào'), 'doc', 415, /không phải tài liệu Office cũ/);
    await expectRefused(Buffer.from('{\\rtf1 hello}'), 'doc', 415, /thực chất là tài liệu RTF/);
    await expectRefused(Buffer.from('Xin chào'), 'rtf', 415, /không phải tài liệu RTF/);
    await expectAccepted(Buffer.from('{\\rtf1\\ansi Xin ch\\u224?o}'), 'rtf');
  });
});
