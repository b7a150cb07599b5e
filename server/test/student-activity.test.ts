import crypto from 'node:crypto';
import type {
  AdjustmentResponse,
  StudentHistoryDetailRow,
  StudentLedgerView,
  StudentListEnvelope,
  StudentLedgerResponse,
} from 'shared-api/contracts';
import { foldVietnamese } from '../src/lib/vietnamese';
import { balanceOf, ledgerMismatches } from './factories';
import { bearer, body, createTestApp, loginAs, type TestApp } from './helpers';

let t: TestApp;
let spso: string;
let staff: string;
let student: string;

beforeAll(async () => {
  t = await createTestApp();
  spso = (await loginAs(t.app, 'spso')).accessToken;
  staff = (await loginAs(t.app, 'staff')).accessToken;
  student = (await loginAs(t.app, 'student')).accessToken;
  // a few students whose names test the order and the search (codes SA…, out of the seed's way)
  const names: [string, string, string][] = [
    ['SA001', 'Ân', 'Nguyễn Văn'],
    ['SA002', 'An', 'Trần Thị'],
    ['SA003', 'Bảo', 'Lê Minh'],
    ['SA004', 'Đức', 'Phạm Hữu'],
    ['SA005', 'Dũng', 'Võ Quốc'],
    ['SA006', 'Ánh', 'Đỗ Ngọc'],
    // codes SB…: the word-start search only (the sorts read the SA… ones)
    ['SB001', 'Yến', 'Lê Thị'],
    ['SB002', 'Yên', 'Hồ Văn'],
    ['SB003', 'Huy', 'Nguyễn Quang'],
  ];
  for (const [mssv, first, last] of names) {
    await t.app.db.query(
      `INSERT INTO users (email, password_hash, role, mssv, first_name, last_name, major, classes)
       SELECT $1, password_hash, 'student', $2, $3, $4, 'Khoa thử', 'TT01' FROM users WHERE email = 'student@hcmut.edu.vn'`,
      [`${mssv.toLowerCase()}@hcmut.edu.vn`, mssv, first, last],
    );
  }
});
afterAll(() => t.close());

const list = async (query: Record<string, string>, token = spso) => {
  const response = await t.app.inject({ url: '/v1/spso/students', query, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<StudentListEnvelope>();
};

describe('GET /v1/spso/students', () => {
  it('answers the spec fields with the paging beside them; officers only', async () => {
    const answer = await list({ per_page: '5' });
    expect(answer.data).toHaveLength(5);
    expect(answer.total).toBeGreaterThan(5);
    expect(answer.data[0]).toMatchObject({
      _id: expect.any(String),
      firstName: expect.any(String),
      lastName: expect.any(String),
      mssv: expect.any(String),
      total_payment: expect.any(Number),
    });
    const second = await list({ per_page: '5', page: '2' });
    expect(second.data.map((s) => s.mssv)).not.toContain(answer.data[0]?.mssv);
    const past = await list({ per_page: '5', page: '100000' });
    expect(past.data).toEqual([]);
    expect(past.total).toBe(answer.total);
    for (const token of [staff, student]) {
      expect((await t.app.inject({ url: '/v1/spso/students', headers: bearer(token) })).statusCode).toBe(403);
    }
  });

  it('finds by part of the code, and by name with or without diacritics, in any case', async () => {
    expect((await list({ studentId: 'sa00' })).data.map((s) => s.mssv).sort()).toEqual([
      'SA001',
      'SA002',
      'SA003',
      'SA004',
      'SA005',
      'SA006',
    ]);
    for (const query of ['nguyen van an', 'Nguyễn Văn Ân', 'NGUYEN VAN', 'văn ân']) {
      const found = await list({ studentName: query, studentId: 'SA' });
      expect(found.data.map((s) => s.mssv)).toEqual(['SA001']);
    }
    // a decomposed input (NFD) folds the same
    expect((await list({ studentName: 'Đỗ Ngọc Ánh'.normalize('NFD'), studentId: 'SA' })).data[0]?.mssv).toBe('SA006');
    expect((await list({ studentName: 'pham huu duc', studentId: 'SA' })).data[0]?.mssv).toBe('SA004');
    expect((await list({ studentName: '%', studentId: 'SA' })).data).toEqual([]);
    expect((await list({ studentName: 'zzzz' })).total).toBe(0);
    // from the beginning of a word: 'Yến' finds Yến and Yên, not Nguyễn (whose 'yen' is inside the word)
    expect((await list({ studentName: 'Yến', studentId: 'SB' })).data.map((s) => s.mssv).sort()).toEqual([
      'SB001',
      'SB002',
    ]);
    expect((await list({ studentName: 'guyen', studentId: 'SB' })).data).toEqual([]);
    expect((await list({ studentName: 'nguyen', studentId: 'SB' })).data.map((s) => s.mssv)).toEqual(['SB003']);
  });

  it('sorts by given name in Vietnamese order (A–Z and Z–A), then by payment', async () => {
    const az = (await list({ studentId: 'SA', sortName: '1' })).data.map((s) => s.firstName);
    // letters: a before â, d before đ; a tone is not a letter (Ánh is a-n-h: after An, before Ân)
    expect(az).toEqual(['An', 'Ánh', 'Ân', 'Bảo', 'Dũng', 'Đức']);
    const za = (await list({ studentId: 'SA', sortName: '-1' })).data.map((s) => s.firstName);
    expect(za[0]).toBe('Đức');
    expect(za.at(-1)).toBe('An');

    const paid = await list({ sortPayment: '-1', per_page: '20' });
    const amounts = paid.data.map((s) => s.total_payment);
    expect([...amounts].sort((a, b) => b - a)).toEqual(amounts);
    expect(amounts[0]).toBeGreaterThan(0);
    const truth = await t.app.db.one<{ total: number }>(
      'SELECT coalesce(sum(paid_money), 0)::int AS total FROM payments WHERE user_id = $1',
      [paid.data[0]?._id],
    );
    expect(paid.data[0]?.total_payment).toBe(truth?.total);
    const ascending = (await list({ sortPayment: '1', studentId: 'SA' })).data.map((s) => s.total_payment);
    expect(ascending.every((amount) => amount === 0)).toBe(true);
  });

  it("keeps each student's paid total with their payments, in the payment's transaction", async () => {
    const mismatches = async () =>
      t.app.db.query(
        `SELECT u.id FROM users u
         LEFT JOIN (SELECT user_id, sum(paid_money) AS total FROM payments GROUP BY user_id) p ON p.user_id = u.id
         WHERE u.total_paid <> coalesce(p.total, 0)`,
      );
    expect(await mismatches()).toEqual([]);
    const before = (await list({ studentId: '2110001' })).data[0]!.total_payment;
    const price = (await t.app.db.one<{ p: number }>('SELECT current_a4_price AS p FROM system_config'))!.p;
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/student/confirm-payment',
      headers: bearer(student),
      payload: { money: 4 * price },
    });
    expect(created.statusCode).toBe(200);
    // not paid yet: nothing counted
    expect((await list({ studentId: '2110001' })).data[0]!.total_payment).toBe(before);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/v1/student/BKpayment',
      headers: bearer(student),
      payload: { payment_id: body<{ payment_id: string }>(created).data.payment_id },
    });
    expect(paid.statusCode).toBe(200);
    expect((await list({ studentId: '2110001' })).data[0]!.total_payment).toBe(before + 4 * price);
    expect(await mismatches()).toEqual([]);
  });

  it('refuses a sort other than 1 or -1 (400)', async () => {
    const queries: Record<string, string>[] = [
      { sortName: '2' },
      { sortPayment: 'abc' },
      { per_page: '0' },
      { page: 'x' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: '/v1/spso/students', query, headers: bearer(spso) });
      expect(response.statusCode).toBe(400);
    }
  });

  it('folds names as the database does', async () => {
    const rows = await t.app.db.query<{ first_name: string; last_name: string; name_search: string }>(
      "SELECT first_name, last_name, name_search FROM users WHERE role = 'student' LIMIT 200",
    );
    for (const row of rows) expect(row.name_search).toBe(foldVietnamese(`${row.last_name} ${row.first_name}`));
  });
});

describe('GET /v1/spso/detailStudent', () => {
  it("answers the student's Completed jobs by Vietnam day, their files and sheets", async () => {
    const response = await t.app.inject({
      url: '/v1/spso/detailStudent',
      query: { studentId: '2110001' },
      headers: bearer(spso),
    });
    expect(response.statusCode).toBe(200);
    const rows = body<StudentHistoryDetailRow[]>(response).data;
    expect(rows.length).toBeGreaterThan(0);
    const truth = await t.app.db.one<{ jobs: number; a4: number; a3: number }>(
      `SELECT count(*)::int AS jobs,
              coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A4'), 0)::int AS a4,
              coalesce(sum(total_pages) FILTER (WHERE paper_size = 'A3'), 0)::int AS a3
       FROM printing_logs l JOIN users u ON u.id = l.user_id WHERE u.mssv = '2110001' AND l.status = 'Completed'`,
    );
    expect(rows.reduce((n, r) => n + r.quantity, 0)).toBe(truth?.jobs);
    expect(rows.reduce((n, r) => n + r.page_Quantity.A4, 0)).toBe(truth?.a4);
    expect(rows.reduce((n, r) => n + r.page_Quantity.A3, 0)).toBe(truth?.a3);
    for (const row of rows) {
      expect(row.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.fileNames).toHaveLength(row.quantity);
    }
    expect([...rows].sort((a, b) => b.date.localeCompare(a.date))).toEqual(rows);
  });

  it('answers 404 for an unknown student and for a code that is not a student', async () => {
    for (const studentId of ['9999999', 'QT001']) {
      const response = await t.app.inject({
        url: '/v1/spso/detailStudent',
        query: { studentId },
        headers: bearer(spso),
      });
      expect(response.statusCode).toBe(404);
      expect(body(response).message).toMatch(/Không tìm thấy sinh viên/);
    }
    expect((await t.app.inject({ url: '/v1/spso/detailStudent', headers: bearer(spso) })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/v1/spso/detailStudent', query: { studentId: '2110001' }, headers: bearer(staff) }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /v1/spso/adjustment', () => {
  const adjust = (payload: Record<string, unknown>, token = spso) =>
    t.app.inject({ method: 'POST', url: '/v1/spso/adjustment', headers: bearer(token), payload });
  const studentRow = async (mssv: string) =>
    (await t.app.db.one<{ id: string; balance: number }>('SELECT id, balance FROM users WHERE mssv = $1', [mssv]))!;

  it('adds pages with a reason: one ledger row by the officer, seen in the balance and the student history', async () => {
    const before = await studentRow('2110001');
    const response = await adjust({
      studentId: '2110001',
      pages: 7,
      reason: 'Máy in B1-109 kẹt giấy, hoàn trang',
      requestId: crypto.randomUUID(),
    });
    expect(response.statusCode).toBe(200);
    const answer = body<AdjustmentResponse>(response).data;
    expect(answer).toMatchObject({
      applied: true,
      balance: before.balance + 7,
      entry: {
        kind: 'adjustment',
        delta: 7,
        note: 'Máy in B1-109 kẹt giấy, hoàn trang',
        createdBy: { firstName: expect.any(String) },
      },
    });
    expect(await balanceOf(t.app.db, before.id)).toBe(before.balance + 7);
    // the student sees it in their own page movements (without who did it)
    const own = body<StudentLedgerResponse>(
      await t.app.inject({ url: '/v1/student/ledger', headers: bearer(student) }),
    ).data;
    expect(own.entries[0]).toMatchObject({ kind: 'adjustment', delta: 7, note: 'Máy in B1-109 kẹt giấy, hoàn trang' });
    expect(own.entries[0]).not.toHaveProperty('createdBy');
    // the officer's view of the student's movements shows who
    const view = body<StudentLedgerView>(
      await t.app.inject({ url: '/v1/spso/studentLedger', query: { studentId: '2110001' }, headers: bearer(spso) }),
    ).data;
    expect(view.balance).toBe(before.balance + 7);
    expect(view.entries[0]).toMatchObject({ delta: 7, createdBy: { firstName: expect.any(String) } });
    const audit = await t.app.db.one<{ created_by: string }>(
      "SELECT created_by FROM page_ledger WHERE kind = 'adjustment' AND ref_id = $1",
      [answer.entry.ref_id],
    );
    expect(audit?.created_by).toBe(
      (await t.app.db.one<{ id: string }>("SELECT id FROM users WHERE email = 'spso@hcmut.edu.vn'"))?.id,
    );
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('is idempotent per request id, also for two clicks at once; the same id for another student is 409', async () => {
    const before = await studentRow('SA001');
    const requestId = crypto.randomUUID();
    const payload = { studentId: 'SA001', pages: 5, reason: 'Hoàn trang do lỗi máy', requestId };
    const answers = await Promise.all([adjust(payload), adjust(payload), adjust(payload)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => body<AdjustmentResponse>(a).data.applied)).toHaveLength(1);
    expect(new Set(answers.map((a) => body<AdjustmentResponse>(a).data.entry._id)).size).toBe(1);
    expect(await balanceOf(t.app.db, before.id)).toBe(before.balance + 5);
    const reused = await adjust({ ...payload, studentId: 'SA002' });
    expect(reused.statusCode).toBe(409);
    // the same id with other pages or another reason applied nothing: 409, never 'adjusted'
    for (const other of [
      { ...payload, pages: 50 },
      { ...payload, reason: 'Một lý do khác hẳn' },
    ]) {
      const changed = await adjust(other);
      expect(changed.statusCode).toBe(409);
      expect(body(changed).message).toMatch(/điều chỉnh khác/);
    }
    // a reason sent again with spaces around it is the same request
    expect((await adjust({ ...payload, reason: `  ${payload.reason} ` })).statusCode).toBe(200);
    expect(await balanceOf(t.app.db, before.id)).toBe(before.balance + 5);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('takes pages, never below zero (422, nothing written)', async () => {
    const row = await studentRow('SA003');
    expect(row.balance).toBe(0);
    const add = await adjust({
      studentId: 'SA003',
      pages: 3,
      reason: 'Tặng trang thử',
      requestId: crypto.randomUUID(),
    });
    expect(add.statusCode).toBe(200);
    const tooMuch = await adjust({
      studentId: 'SA003',
      pages: -4,
      reason: 'Thu hồi trang cấp nhầm',
      requestId: crypto.randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(body(tooMuch).message).toMatch(/chỉ còn 3 trang/);
    const take = await adjust({
      studentId: 'SA003',
      pages: -3,
      reason: 'Thu hồi trang cấp nhầm',
      requestId: crypto.randomUUID(),
    });
    expect(body<AdjustmentResponse>(take).data.balance).toBe(0);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('refuses bad input with 400 and a Vietnamese message; unknown student 404; officers only', async () => {
    const good = { studentId: 'SA004', pages: 2, reason: 'Lý do hợp lệ', requestId: crypto.randomUUID() };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...good, pages: 0 }, /khác 0/],
      [{ ...good, pages: 2001 }, /tối đa 2000/],
      [{ ...good, pages: 1.5 }, /.+/],
      [{ ...good, reason: '  ok ' }, /ít nhất 5 ký tự/],
      [{ ...good, reason: 'x'.repeat(501) }, /tối đa 500 ký tự/],
      [{ ...good, requestId: 'not-a-uuid' }, /.+/],
      [{ ...good, studentId: '' }, /.+/],
    ];
    for (const [payload, message] of cases) {
      const response = await adjust(payload);
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toMatch(message);
    }
    expect((await adjust({ ...good, studentId: 'KHONGCO' })).statusCode).toBe(404);
    expect((await adjust(good, staff)).statusCode).toBe(403);
    expect((await adjust(good, student)).statusCode).toBe(403);
    expect((await studentRow('SA004')).balance).toBe(0);
  });
});
