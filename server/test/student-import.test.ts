/**
 * The registrar's students imported (issue 20, point 5): a CSV in UTF-8 with or without a BOM, checked
 * line by line (each wrong line with its number and why), a dry run that writes nothing, an apply that
 * writes all or nothing and is idempotent by student code, new students given the semester's pages.
 */
import type { ImportResult } from 'shared-api/contracts';
import { parseStudentCsv, decodeCsv } from '../src/modules/accounts/student-import';
import { bearer, body, createTestApp, DRIVER, loginAs, VIETNAMESE, type LoginData, type TestApp } from './helpers';

const BOUNDARY = 'sp-student-import-boundary';
const HEADER = 'mssv,email,lastName,firstName,major,classes';

/** Buffer's bytes as the Uint8Array the typings of Node 20 and TypeScript 6 agree on. */
const u8 = (buffer: Buffer) => new Uint8Array(buffer);

function multipart(file: Uint8Array | string | null, dryRun: string | null, filename = 'sinh-vien.csv'): Buffer {
  const parts: Uint8Array[] = [];
  if (dryRun !== null) {
    parts.push(u8(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="dryRun"\r\n\r\n${dryRun}\r\n`)));
  }
  if (file !== null) {
    parts.push(
      u8(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
      ),
      typeof file === 'string' ? u8(Buffer.from(file, 'utf8')) : file,
      u8(Buffer.from('\r\n')),
    );
  }
  parts.push(u8(Buffer.from(`--${BOUNDARY}--\r\n`)));
  return Buffer.concat(parts);
}

/** UTF-8 with the byte-order mark Excel writes in front of a "CSV UTF-8" file. */
const withBom = (text: string) => {
  const bytes = new TextEncoder().encode(`\uFEFF${text}`);
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes;
};

const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n') + '\r\n';

describe('the student CSV, read line by line', () => {
  it('takes a BOM, Vietnamese names, columns in any order and case, quoted commas, semicolons', () => {
    const text = decodeCsv(
      withBom(
        'Email,MSSV,firstName,lastName,classes,major\r\n' +
          'an.nguyen@hcmut.edu.vn,2110001,Ân,Nguyễn Văn,MT21KH01,"Khoa học, Kỹ thuật Máy tính"\r\n' +
          '\r\n' +
          'BINH.TRAN@HCMUT.EDU.VN,2110002,Bình,  Trần   Thị ,,\r\n',
      ),
    );
    expect(text).not.toBeNull();
    const parsed = parseStudentCsv(text ?? '');
    expect(parsed.errors).toEqual([]);
    expect(parsed.students).toEqual([
      {
        line: 2,
        mssv: '2110001',
        email: 'an.nguyen@hcmut.edu.vn',
        lastName: 'Nguyễn Văn',
        firstName: 'Ân',
        major: 'Khoa học, Kỹ thuật Máy tính',
        classes: 'MT21KH01',
      },
      {
        line: 4,
        mssv: '2110002',
        email: 'binh.tran@hcmut.edu.vn',
        lastName: 'Trần Thị',
        firstName: 'Bình',
        major: null,
        classes: null,
      },
    ]);
    const semicolons = parseStudentCsv('mssv;email;lastName;firstName\n2110003;c@hcmut.edu.vn;Lê;Cường\n');
    expect(semicolons.students[0]).toMatchObject({ mssv: '2110003', firstName: 'Cường' });
  });

  it('names each wrong line with its number and why', () => {
    const parsed = parseStudentCsv(
      csv(
        '2110001,a@hcmut.edu.vn,Nguyễn,An,,',
        ',b@hcmut.edu.vn,Trần,Bình,,',
        '21-10,c@hcmut.edu.vn,Lê,Cường,,',
        '2110004,not-an-email,Phạm,Dũng,,',
        '2110005,e@gmail.com,Võ,Em,,',
        '2110006,f@hcmut.edu.vn,,Phúc,,',
        '2110001,g@hcmut.edu.vn,Đỗ,Giang,,',
        '2110008,A@hcmut.edu.vn,Hồ,Hà,,',
        '2110009,i@hcmut.edu.vn,Ngô,\u0007Ích,,',
      ),
      ['hcmut.edu.vn'],
    );
    expect(parsed.students.map((s) => s.line)).toEqual([2]);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    const messages = parsed.errors.map((e) => e.message);
    expect(messages[0]).toMatch(/mssv/);
    expect(messages[2]).toMatch(/not-an-email/);
    expect(messages[3]).toMatch(/tên miền/);
    expect(messages[5]).toMatch(/trùng với dòng 2/);
    expect(messages[6]).toMatch(/trùng với dòng 2/);
    for (const message of messages) expect(message).toMatch(VIETNAMESE);
  });

  it('a missing column, an empty file or an unclosed quote is one error that says so', () => {
    expect(parseStudentCsv('mssv,email,firstName\n1,a@b.vn,An\n').errors[0]).toMatchObject({
      line: 1,
      message: expect.stringMatching(/lastname/),
    });
    expect(parseStudentCsv('').errors[0]?.message).toMatch(/trống/);
    expect(parseStudentCsv(`${HEADER}\n`).errors[0]?.message).toMatch(/không có sinh viên/);
    const broken = parseStudentCsv(csv('2110001,a@hcmut.edu.vn,"Nguyễn,An,,'));
    expect(broken.students).toEqual([]);
    expect(broken.errors[0]?.message).toMatch(/ngoặc kép/);
    expect(decodeCsv(new Uint8Array([0x4e, 0x67, 0x75, 0xf4, 0x6e]))).toBeNull();
  });
});

describe(`importing the registrar's students (${DRIVER})`, () => {
  let t: TestApp;
  let officer: LoginData;

  beforeAll(async () => {
    t = await createTestApp({
      seed: { generatedStudents: 5, jobs: 0 },
      grants: { enabled: true },
    });
    officer = await loginAs(t.app, 'spso');
  });
  afterAll(() => t.close());

  const send = (file: Uint8Array | string | null, dryRun: string | null, token = officer.accessToken) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/spso/users/import',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(file, dryRun),
    });
  const users = async () => (await t.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users'))?.n ?? 0;

  it('only an officer imports', async () => {
    for (const role of ['student', 'staff'] as const) {
      const tokens = await loginAs(t.app, role);
      expect((await send(csv('2310001,x@hcmut.edu.vn,A,B,,'), 'false', tokens.accessToken)).statusCode).toBe(403);
    }
  });

  it('a dry run shows what would change and writes nothing; a wrong line refuses the whole file', async () => {
    const before = await users();
    const file = csv(
      '2310001,lan.pham@hcmut.edu.vn,Phạm Thị,Lan,Điện tử,DD23KH01',
      '2310002,minh.le@hcmut.edu.vn,Lê,Minh,,',
    );
    const dry = await send(file, 'true');
    expect(dry.statusCode).toBe(200);
    const result = body<ImportResult>(dry).data;
    expect(result).toMatchObject({ created: 2, updated: 0, unchanged: 0, errors: [], applied: false });
    expect(result.changes.map((c) => [c.line, c.mssv, c.action])).toEqual([
      [2, '2310001', 'create'],
      [3, '2310002', 'create'],
    ]);
    // no dryRun field at all is a dry run too
    expect(body<ImportResult>(await send(file, null)).data.applied).toBe(false);
    expect(await users()).toBe(before);

    const wrong = await send(csv('2310001,lan.pham@hcmut.edu.vn,Phạm Thị,Lan,,', '2310002,,Lê,Minh,,'), 'false');
    expect(wrong.statusCode).toBe(200);
    const refused = body<ImportResult>(wrong);
    expect(refused.data.applied).toBe(false);
    expect(refused.data.errors).toEqual([{ line: 3, message: expect.stringMatching(/e-mail/i) }]);
    expect(refused.message).toMatch(/chưa ghi gì/);
    expect(await users()).toBe(before);
  });

  it('applies all of it once: the students exist with their names, a second run changes nothing, a change updates', async () => {
    const before = await users();
    const file = withBom(
      csv('2310001,lan.pham@hcmut.edu.vn,Phạm Thị,Lan,Điện tử,DD23KH01', '2310002,minh.le@hcmut.edu.vn,Lê,Minh,,'),
    );
    const applied = body<ImportResult>(await send(file, 'false')).data;
    expect(applied).toMatchObject({ created: 2, updated: 0, unchanged: 0, applied: true });
    expect(await users()).toBe(before + 2);
    const lan = await t.app.db.one<{
      first_name: string;
      last_name: string;
      role: string;
      major: string;
      password_hash: string;
    }>(`SELECT first_name, last_name, role, major, password_hash FROM users WHERE mssv = '2310001'`);
    expect(lan).toEqual({
      first_name: 'Lan',
      last_name: 'Phạm Thị',
      role: 'student',
      major: 'Điện tử',
      password_hash: '',
    });

    const again = body<ImportResult>(await send(file, 'false')).data;
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, applied: false });
    expect(await users()).toBe(before + 2);

    const moved = body<ImportResult>(
      await send(
        csv('2310001,lan.pham@hcmut.edu.vn,Phạm Thị,Lan,Điện tử,DD23KH02', '2310002,minh.le@hcmut.edu.vn,Lê,Minh,,'),
        'false',
      ),
    ).data;
    expect(moved).toMatchObject({ created: 0, updated: 1, unchanged: 1, applied: true });
    expect(moved.changes).toEqual([
      expect.objectContaining({ mssv: '2310001', action: 'update', fields: ['classes'] }),
    ]);
    expect((await t.app.db.one<{ classes: string }>(`SELECT classes FROM users WHERE mssv = '2310001'`))?.classes).toBe(
      'DD23KH02',
    );
    const audits = await t.app.db.query<{ details: { created: number; updated: number } }>(
      `SELECT details FROM account_changes WHERE action = 'import' ORDER BY id`,
    );
    expect(audits.map((row) => row.details)).toEqual([
      { created: 2, updated: 0, unchanged: 0 },
      { created: 0, updated: 1, unchanged: 1 },
    ]);
  });

  it("new students get the running semester's pages at once", async () => {
    await t.app.grantScheduler?.idle();
    const deadline = Date.now() + 10_000;
    let granted = 0;
    while (Date.now() < deadline) {
      granted =
        (
          await t.app.db.one<{ n: number }>(
            `SELECT count(*)::int AS n FROM page_ledger l JOIN users u ON u.id = l.user_id
             WHERE u.mssv IN ('2310001', '2310002') AND l.kind = 'grant'`,
          )
        )?.n ?? 0;
      if (granted === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(granted).toBe(2);
  });

  it("a code of a staff account, or an e-mail of another person, is a wrong line; a school sign-in's student without a code is found by e-mail", async () => {
    const staff = await t.app.db.one<{ email: string; mssv: string | null }>(
      `SELECT email, mssv FROM users WHERE role = 'staff' AND mssv IS NOT NULL LIMIT 1`,
    );
    await t.app.db.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name, auth_source)
       VALUES ('sso.khong.ma@hcmut.edu.vn', '', 'student', 'Hà', 'Võ', 'cas')`,
    );
    const result = body<ImportResult>(
      await send(
        csv(
          `${staff?.mssv},khac@hcmut.edu.vn,Trần,Khác,,`,
          `2310009,${staff?.email},Trần,Khác,,`,
          `2310010,minh.le@hcmut.edu.vn,Lê,Minh,,`,
          '2310011,sso.khong.ma@hcmut.edu.vn,Võ,Hà,,',
        ),
        'true',
      ),
    ).data;
    expect(result.errors.map((e) => e.line)).toEqual([2, 3, 4]);
    expect(result.errors[0]?.message).toMatch(/không phải sinh viên/);
    expect(result.errors[2]?.message).toMatch(/2310002/);
    expect(result.changes).toEqual([expect.objectContaining({ line: 5, action: 'update', fields: ['mssv'] })]);
  });

  it('not UTF-8, no file, or not multipart: a clear 4xx, never a 500', async () => {
    const latin = Buffer.from(`${HEADER}\r\n2310020,x@hcmut.edu.vn,Nguy\xean,An,,\r\n`, 'latin1');
    const notUtf8 = await send(u8(latin), 'true');
    expect(notUtf8.statusCode).toBe(400);
    expect(body(notUtf8).message).toMatch(/UTF-8/);
    expect((await send(null, 'true')).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/v1/spso/users/import',
      headers: bearer(officer.accessToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(body(json).message).toMatch(VIETNAMESE);
  });
});
