import type { SystemConfigView, StudentPrinterListResponse, UserInfo } from 'shared-api/contracts';
import { DEMO_PASSWORD } from '../src/db/seed';
import { activeFileTypes, fileTypeProblem, inactiveFileTypes } from '../src/documents/file-types';
import { listConfigChanges } from '../src/modules/system-config/system-config.repository';
import { createStudent } from './factories';
import { bearer, body, createTestApp, login, loginAs, type LoginData, type TestApp } from './helpers';

let t: TestApp;
let spso: string;
let otherSpso: string;
let staff: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  spso = (await loginAs(t.app, 'spso')).accessToken;
  otherSpso = body<LoginData>(await login(t.app, 'qt002@hcmut.edu.vn')).data.accessToken;
  staff = (await loginAs(t.app, 'staff')).accessToken;
  student = (await loginAs(t.app, 'student')).accessToken;
});
afterAll(() => t.close());

const getConfig = async (token = spso) => {
  const response = await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return body<SystemConfigView>(response).data;
};

const put = (payload: Record<string, unknown>, token = spso, ip = '10.0.0.1') =>
  t.app.inject({ method: 'PUT', url: '/v1/spso/systemConfig', headers: bearer(token), payload, remoteAddress: ip });

/** The form as it stands, with the officer's password: tests change one field of it. */
async function form(overrides: Record<string, unknown> = {}) {
  const c = await getConfig();
  return {
    currentBalance: c.currentBalance,
    startDate1: c.startDate1,
    startDate2: c.startDate2,
    currentA4Price: c.currentA4Price,
    currentFileType: c.currentFileType,
    isDefault: false,
    password: DEMO_PASSWORD,
    ...overrides,
  };
}

const noticeCount = async (token: string) =>
  body<{ news: number }>(await t.app.inject({ url: '/v1/spso/notices', headers: bearer(token) })).data.news;

describe('GET /v1/spso/systemConfig', () => {
  it('answers the fields of the spec, also at the double slash, to officers only', async () => {
    const config = await getConfig();
    expect(config).toMatchObject({
      currentBalance: expect.any(Number),
      defaultBalance: expect.any(Number),
      startDate1: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      startDate2: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      currentA4Price: expect.any(Number),
      defaultA4Price: expect.any(Number),
      isDefault: expect.any(Boolean),
    });
    expect(config.currentFileType).toContain('pdf');
    const double = await t.app.inject({ url: '/v1/spso//systemConfig', headers: bearer(spso) });
    expect(body(double).data).toEqual(config);
    for (const token of [staff, student]) {
      const refused = await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(token) });
      expect(refused.statusCode).toBe(403);
      const write = await put(await form(), token);
      expect(write.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: '/v1/spso/systemConfig' })).statusCode).toBe(401);
  });
});

describe('PUT /v1/spso/systemConfig: the rules of the form, on the server', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['pages 0', { currentBalance: 0 }, /Số trang mặc định mỗi học kỳ phải từ 1 đến 2000/],
    ['pages 2001', { currentBalance: 2001 }, /phải từ 1 đến 2000/],
    ['pages 1.5', { currentBalance: 1.5 }, /phải là số nguyên/],
    ['price 99', { currentA4Price: 99 }, /Giá một trang A4 phải từ 100 đến 1000 VND/],
    ['price 1001', { currentA4Price: 1001 }, /phải từ 100 đến 1000 VND/],
    ['an empty date', { startDate1: '' }, /Ngày cấp trang học kỳ 1 là bắt buộc/],
    [
      'a day that does not exist',
      { startDate2: '2026-02-30' },
      /Ngày cấp trang học kỳ 2 không phải là một ngày hợp lệ/,
    ],
    ['no file type', { currentFileType: [] }, /cần ít nhất một loại/],
    ['a type with a space', { currentFileType: ['pdf', 'p df'] }, /1 đến 10 chữ cái/],
    ['a duplicate type', { currentFileType: ['pdf', '.PDF'] }, /Loại file đã tồn tại !/],
    ['a number as text', { currentA4Price: '500' }, /.+/],
    ['a retention of 0 hours', { retentionHours: 0 }, /Thời gian giữ tệp sau khi in \(giờ\) phải từ 1 đến 720/],
    ['a retention of 721 hours', { retentionHours: 721 }, /phải từ 1 đến 720/],
    ['a retention of 2.5 hours', { retentionHours: 2.5 }, /Thời gian giữ tệp sau khi in \(giờ\) phải là số nguyên/],
    ['no password', { password: '' }, /mật khẩu/i],
  ];
  it.each(cases)('refuses %s with 400 and a Vietnamese message, changing nothing', async (_name, change, message) => {
    const before = await getConfig();
    const changesBefore = (await listConfigChanges(t.app.db)).length;
    const response = await put(await form(change));
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ success: false, message: expect.stringMatching(message) });
    expect(await getConfig()).toEqual(before);
    expect((await listConfigChanges(t.app.db)).length).toBe(changesBefore);
  });

  const forgetFailures = () => t.app.db.query("DELETE FROM login_failures WHERE email LIKE 'config-password:%'");
  afterEach(forgetFailures);

  it('refuses a wrong password with the spec message, changes nothing, then limits repeated tries (429)', async () => {
    const before = await getConfig();
    const ip = '10.9.9.9';
    for (let i = 0; i < 3; i += 1) {
      const wrong = await put(await form({ currentA4Price: 900, password: 'not-my-password' }), otherSpso, ip);
      expect(wrong.statusCode).toBe(422);
      expect(body(wrong)).toMatchObject({ code: 'WRONG_PASSWORD', message: 'Mật khẩu không chính xác !' });
    }
    // three wrong tries in a row: the next one waits (1 s, then 2 s, 4 s...), from any address, even with the
    // right password, which is not looked at
    const waiting = await put(await form({ currentA4Price: 900 }), otherSpso, '10.2.2.2');
    expect(waiting.statusCode).toBe(429);
    expect(body(waiting).message).toMatch(/sai mật khẩu nhiều lần.*giây/);
    expect(waiting.headers['retry-after']).toBeDefined();
    expect(await getConfig()).toEqual(before);
    // another officer is not held up by it
    expect((await put(await form())).statusCode).toBe(200);
  });

  it("takes the officer's own password only: another officer's password is wrong for them", async () => {
    await t.app.db.query(
      "UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'student@hcmut.edu.vn') WHERE email = 'qt002@hcmut.edu.vn'",
    );
    // same hash as the demo password: still right; a value that is nobody's password is not
    expect((await put(await form(), otherSpso)).statusCode).toBe(200);
    expect((await put(await form({ password: 'spso-config-2023' }), otherSpso)).statusCode).toBe(422);
  });
});

describe('PUT /v1/spso/systemConfig: a change', () => {
  it('saves in one transaction with its audit record and a notice to the other officers, then the students see it', async () => {
    const before = await getConfig();
    const otherNews = await noticeCount(otherSpso);
    const myNews = await noticeCount(spso);
    const response = await put(
      await form({
        currentA4Price: 750,
        currentBalance: 120,
        currentFileType: ['pdf', 'PNG', '.txt'],
        startDate2: '2026-09-01',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(body(response).message).toBe('Cập nhật thành công cấu hình cho hệ thống!');
    const saved = body<SystemConfigView>(response).data;
    expect(saved).toMatchObject({
      currentA4Price: 750,
      currentBalance: 120,
      currentFileType: ['pdf', 'png', 'txt'],
      startDate2: '2026-09-01',
      isDefault: false,
      updatedBy: { firstName: expect.any(String) },
    });
    expect(await getConfig()).toEqual(saved);

    const [audit] = await listConfigChanges(t.app.db, 1);
    expect(audit?.before).toMatchObject({ current_a4_price: before.currentA4Price });
    expect(audit?.after).toMatchObject({ current_a4_price: 750, current_balance: 120 });
    expect(await noticeCount(otherSpso)).toBe(otherNews + 1);
    expect(await noticeCount(spso)).toBe(myNews);

    // the price in the student's information and in confirm-payment, the types in the printer list
    const info = body<UserInfo>(await t.app.inject({ url: '/v1/user/information', headers: bearer(student) })).data;
    expect(info.currentA4Price).toBe(750);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      headers: bearer(student),
      payload: { money: before.currentA4Price }, // one page at the old price: not a whole number of pages now
    });
    expect(stale.statusCode).toBe(400);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      headers: bearer(student),
      payload: { money: 3 * 750 },
    });
    expect(fresh.statusCode).toBe(200);
    const printers = body<StudentPrinterListResponse>(
      await t.app.inject({ url: '/v1/student/printers', headers: bearer(student) }),
    ).data;
    expect(printers.currentFileType).toEqual(['pdf', 'png', 'txt']);
  });

  it('refuses at upload a type taken off the list (415)', async () => {
    const boundary = 'x-boundary';
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="printerId"\r\n\r\nB1-109\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="documents"\r\n\r\n` +
          `[{"paperSize":"A4","numVersion":1,"colorOption":false,"landScapeOption":false,"pagesPerSheet":1,"numSides":1}]\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const payload = Buffer.concat(parts.map((part) => new Uint8Array(part)));
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/student/printing',
      headers: { ...bearer(student), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(body(response).message).toMatch(/không được phép in/);
  });

  it("'default' keeps isDefault only while the values are the defaults; saving nothing new writes no record", async () => {
    const c = await getConfig();
    const defaults = await form({
      currentBalance: c.defaultBalance,
      currentA4Price: c.defaultA4Price,
      currentFileType: c.defaultFileType,
      isDefault: true,
    });
    expect(body<SystemConfigView>(await put(defaults)).data.isDefault).toBe(true);
    const records = (await listConfigChanges(t.app.db)).length;
    expect((await put(defaults)).statusCode).toBe(200);
    expect((await listConfigChanges(t.app.db)).length).toBe(records);
    const notDefault = await put({ ...defaults, currentA4Price: c.defaultA4Price + 1 });
    expect(body<SystemConfigView>(notDefault).data.isDefault).toBe(false);
  });
});

describe('file types this server cannot take', () => {
  it('marks Office types inactive without the LibreOffice application that converts them, unknown types always', () => {
    const none = new Set<'writer' | 'calc' | 'impress'>();
    const writer = new Set<'writer' | 'calc' | 'impress'>(['writer']);
    expect(fileTypeProblem('pdf', none)).toBeNull();
    expect(fileTypeProblem('docx', none)).toBe('needs-libreoffice');
    expect(fileTypeProblem('docx', writer)).toBeNull();
    expect(fileTypeProblem('pptx', writer)).toBe('needs-libreoffice');
    expect(fileTypeProblem('mp4', writer)).toBe('unsupported');
    expect(activeFileTypes(['pdf', 'docx', 'xlsx', 'mp4'], writer)).toEqual(['pdf', 'docx']);
    expect(inactiveFileTypes(['pdf', 'xlsx', 'mp4'], writer)).toEqual([
      { type: 'xlsx', reason: 'needs-libreoffice' },
      { type: 'mp4', reason: 'unsupported' },
    ]);
  });

  it('answers them on the page and leaves them out of the students list', async () => {
    const saved = body<SystemConfigView>(await put(await form({ currentFileType: ['pdf', 'mp4'] }))).data;
    expect(saved.inactiveFileTypes).toEqual([{ type: 'mp4', reason: 'unsupported' }]);
    const printers = body<StudentPrinterListResponse>(
      await t.app.inject({ url: '/v1/student/printers', headers: bearer(student) }),
    ).data;
    expect(printers.currentFileType).toEqual(['pdf']);
  });
});

describe('the grant scheduler follows a change', () => {
  it('checks at once when the configuration changes, not at its next hourly check', async () => {
    const app = await createTestApp({ grants: { enabled: true, intervalMs: 3_600_000 } });
    try {
      const token = (await loginAs(app.app, 'spso')).accessToken;
      await app.app.grantScheduler?.idle();
      // a student who arrived after the start-up run has no grant for the running semester yet
      const newcomer = await createStudent(app.app.db);
      const grants = async () =>
        (
          await app.app.db.one<{ n: number }>(
            "SELECT count(*)::int AS n FROM page_ledger WHERE kind = 'grant' AND user_id = $1",
            [newcomer],
          )
        )?.n ?? 0;
      expect(await grants()).toBe(0);
      const config = body<SystemConfigView>(
        await app.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(token) }),
      ).data;
      const response = await app.app.inject({
        method: 'PUT',
        url: '/v1/spso/systemConfig',
        headers: bearer(token),
        payload: {
          currentBalance: config.currentBalance + 1,
          startDate1: config.startDate1,
          startDate2: config.startDate2,
          currentA4Price: config.currentA4Price,
          currentFileType: config.currentFileType,
          isDefault: false,
          password: DEMO_PASSWORD,
        },
      });
      expect(response.statusCode).toBe(200);
      for (let i = 0; i < 50 && (await grants()) === 0; i += 1) await new Promise((r) => setTimeout(r, 100));
      await app.app.grantScheduler?.idle();
      expect(await grants()).toBe(1);
      const [grant] = await app.app.db.query<{ delta: number }>(
        "SELECT delta FROM page_ledger WHERE kind = 'grant' AND user_id = $1",
        [newcomer],
      );
      expect(grant?.delta).toBe(config.currentBalance + 1);
    } finally {
      await app.close();
    }
  });
});
