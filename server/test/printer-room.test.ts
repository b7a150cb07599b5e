import type { FastifyInstance } from 'fastify';
import type {
  AdminPrinterListResponse,
  PrinterChangeResponse,
  PrintingLogResponse,
  PrintingQueueResponse,
  StudentHistoryResponse,
  StudentPrinterListResponse,
} from 'shared-api/contracts';
import { PRINTER_DISABLED_REASON, PRINTER_LOCATIONS } from 'shared-api/contracts';
import { claimNextJob } from '../src/print-queue/queue.repository';
import { balanceOf, ledgerMismatches } from './factories';
import { bearer, body, createTestApp, loginAs, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

let t: TestApp;
let app: FastifyInstance;
let staff: string;
let spso: string;
let student: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  staff = (await loginAs(app, 'staff')).accessToken;
  spso = (await loginAs(app, 'spso')).accessToken;
  student = (await loginAs(app, 'student')).accessToken;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, token: string | null, payload?: unknown) {
  const isQuery = method === 'GET';
  const response = await app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(isQuery ? { query: payload as Record<string, string> } : { payload: payload as object }),
  });
  return { status: response.statusCode, body: body<unknown>(response) };
}

/** A new printer of the officer's (its own id, so tests do not meet each other's jobs). */
async function addPrinter(overrides: Record<string, unknown> = {}): Promise<string> {
  seq += 1;
  // digits only after T-: no id can contain the N-1 the refusals try
  const printerId = `T-${Date.now().toString().slice(-6)}-${seq}`;
  const answer = await call('POST', '/v1/spso/printer', spso, {
    printerId,
    brand: 'HP',
    model: 'LaserJet',
    location: { facility: 'CS1', department: 'B1', room: '101' },
    description: 'Máy in thử',
    ...overrides,
  });
  expect(answer.status).toBe(200);
  return printerId;
}

/** A student with `pages` pages and `jobs` one-page jobs queued on the printer. */
async function queueJobs(printerId: string, jobs: number, pages = 20) {
  const s = await newStudent(app, pages);
  const pdf = await makePdf(1);
  for (let i = 0; i < jobs; i += 1) {
    const response = await submitPrint(app, s.token, [{ name: `tai-lieu-${i}.pdf`, content: pdf }], { printerId });
    expect(response.statusCode).toBe(200);
  }
  return s;
}

const list = async (role: 'staff' | 'spso', query: Record<string, string> = {}) => {
  const answer = await call('GET', `/v1/${role}/printers`, role === 'staff' ? staff : spso, query);
  expect(answer.status).toBe(200);
  return answer.body.data as AdminPrinterListResponse;
};

describe('the staff and officer printer lists', () => {
  it('answer every printer in service with its queue ids, ISO activation time and system-wide totals', async () => {
    const counts = await app.db.one<{ total: number; active: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 1)::int AS active
       FROM printers WHERE retired_at IS NULL`,
    );
    for (const role of ['staff', 'spso'] as const) {
      const data = await list(role);
      expect(data.totalPrinter).toBe(counts?.total);
      expect(data.activatedPrinter).toBe(counts?.active);
      expect(data.printers).toHaveLength(data.totalPrinter);
      for (const p of data.printers) {
        expect(p.activatedTime).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(p.waiting_amount).toBe(p.printingJob.length + p.printingQueue.length);
      }
      // a filter narrows the rows, never the totals
      const paused = await list(role, { status: '0' });
      expect(paused.printers.every((p) => p.status === 0)).toBe(true);
      expect(paused.printers).toHaveLength(data.totalPrinter - data.activatedPrinter);
      expect(paused.totalPrinter).toBe(data.totalPrinter);
    }
  });

  it("answer the file types students may send (the spec's staff dialog lists them), as the student list does", async () => {
    const student = await loginAs(app, 'student');
    const studentList = await call('GET', '/v1/student/printers', student.accessToken);
    const types = (studentList.body.data as { currentFileType: string[] }).currentFileType;
    expect(types).toEqual(expect.arrayContaining(['pdf', 'png', 'txt']));
    for (const token of [staff, spso]) {
      const url = token === staff ? '/v1/staff/printers' : '/v1/spso/printers';
      const list = await call('GET', url, token);
      expect((list.body.data as { currentFileType: string[] }).currentFileType).toEqual(types);
    }
  });

  it('filter by facility and part of the id in any case, and sort by activation time both ways', async () => {
    const cs2 = await list('spso', { facility: 'CS2' });
    expect(cs2.printers.length).toBeGreaterThan(0);
    expect(cs2.printers.every((p) => p.location.facility === 'CS2')).toBe(true);
    const search = await list('staff', { searchField: 'h6' });
    expect(search.printers.length).toBeGreaterThan(0);
    expect(search.printers.every((p) => p.printerId.toLowerCase().includes('h6'))).toBe(true);
    const times = (d: AdminPrinterListResponse) => d.printers.map((p) => Date.parse(p.activatedTime ?? ''));
    const oldest = times(await list('spso', { sortDirection: '1' }));
    const newest = times(await list('spso', { sortDirection: '-1' }));
    expect(oldest).toEqual([...oldest].sort((a, b) => a - b));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    // the portal's "no filter" values
    expect((await list('staff', { status: '', facility: '100', sortDirection: 'null' })).printers.length).toBe(
      (await list('staff')).printers.length,
    );
  });

  it('refuse unknown filter values with 400 and a Vietnamese message', async () => {
    for (const query of [{ status: '2' }, { facility: 'CS3' }, { sortDirection: '0' }, { status: 'active' }]) {
      const answer = await call('GET', '/v1/staff/printers', staff, query);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
  });

  it('check the role of every route: students reach none, staff only the switch', async () => {
    const printerId = 'B1-109';
    const routes: [Method, string, unknown][] = [
      ['GET', '/v1/staff/printers', {}],
      ['GET', '/v1/staff/printingQueue', { printerId }],
      ['GET', '/v1/staff/printingLog', { printerId }],
      ['GET', '/v1/staff/studentHistory', { studentId: '2110001' }],
      ['PUT', '/v1/staff/printer', { printerId, status: 1 }],
      ['GET', '/v1/spso/printers', {}],
      ['GET', '/v1/spso/printingQueue', { printerId }],
      ['GET', '/v1/spso/printingLog', { printerId }],
      [
        'POST',
        '/v1/spso/printer',
        { printerId: 'X-1', brand: 'HP', model: 'M', location: { facility: 'CS1', department: 'B1', room: '101' } },
      ],
      ['PUT', '/v1/spso/printer', { printerId, status: 1 }],
      ['DELETE', '/v1/spso/printer', { printerId }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, null, payload)).status).toBe(401);
      expect((await call(method, url, student, payload)).status).toBe(403);
      const owner = url.startsWith('/v1/staff/') ? 'staff' : 'spso';
      const other = owner === 'staff' ? spso : staff;
      expect([method, url, (await call(method, url, other, payload)).status]).toEqual([method, url, 403]);
    }
  });
});

describe('a printer queue and log', () => {
  it('the queue answers the job printing, then the waiting jobs in print order, with the student', async () => {
    const printerId = await addPrinter();
    const s = await queueJobs(printerId, 3);
    const claimed = await claimNextJob(app.db, printerId, 'test-instance');
    expect(claimed).toBeDefined();
    const answer = await call('GET', '/v1/staff/printingQueue', staff, { printerId });
    expect(answer.status).toBe(200);
    const data = answer.body.data as PrintingQueueResponse;
    expect(data.printingJob.map((j) => j._id)).toEqual([claimed?.id]);
    expect(data.printingQueue.map((j) => j.document.title)).toEqual(['tai-lieu-1.pdf', 'tai-lieu-2.pdf']);
    const first = data.printingQueue[0];
    expect(first?.user_id).toBe(s.id);
    expect(first?.mssv).toMatch(/^P/);
    expect(first?.total_pages).toBe(1);
    expect(first?.numVersion).toBe(1);
    // the list row carries the same ids
    const row = (await list('spso', { searchField: printerId })).printers[0];
    expect(row?.printingJob).toEqual([claimed?.id]);
    expect(row?.printingQueue).toEqual(data.printingQueue.map((j) => j._id));
    expect(row?.waiting_amount).toBe(3);
    expect((await call('GET', '/v1/spso/printingQueue', spso, { printerId: 'NO-SUCH' })).status).toBe(404);
  });

  it('the log pages newest first, filters by Vietnam dates, swaps reversed dates, refuses bad ones', async () => {
    const printerId = await addPrinter();
    await queueJobs(printerId, 5, 50);
    // spread the jobs over five days, 2026-03-01 … 2026-03-05 at 23:30 Vietnam time (16:30 UTC)
    await app.db.query(
      `UPDATE printing_logs l SET created_at = TIMESTAMPTZ '2026-03-01 16:30:00+00' + (r.n - 1) * interval '1 day'
       FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM printing_logs WHERE printer_id = $1) r
       WHERE l.id = r.id`,
      [printerId],
    );
    const log = async (query: Record<string, string>) => {
      const answer = await call('GET', '/v1/spso/printingLog', spso, { printerId, ...query });
      expect(answer.status).toBe(200);
      return answer.body.data as PrintingLogResponse;
    };
    const all = await log({ startDate: '', endDate: '' });
    expect(all.total).toBe(5);
    expect(all.printingLog.map((j) => j.document.title)).toEqual([
      'tai-lieu-4.pdf',
      'tai-lieu-3.pdf',
      'tai-lieu-2.pdf',
      'tai-lieu-1.pdf',
      'tai-lieu-0.pdf',
    ]);
    const range = await log({ startDate: '2026-03-02', endDate: '2026-03-03' });
    expect(range.total).toBe(2);
    expect(range.printingLog.map((j) => j.document.title)).toEqual(['tai-lieu-2.pdf', 'tai-lieu-1.pdf']);
    expect((await log({ startDate: '2026-03-03', endDate: '2026-03-02' })).total).toBe(2);
    const page2 = await log({ per_page: '2', page: '2' });
    expect(page2.total).toBe(5);
    expect(page2.printingLog.map((j) => j.document.title)).toEqual(['tai-lieu-2.pdf', 'tai-lieu-1.pdf']);
    for (const bad of [{ startDate: '2026-02-30' }, { endDate: 'yesterday' }, { page: '0' }, { per_page: '100000' }]) {
      const answer = await call('GET', '/v1/spso/printingLog', spso, { printerId, ...bad });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
    expect((await call('GET', '/v1/staff/printingLog', staff, { printerId: 'NO-SUCH' })).status).toBe(404);
  });
});

describe('the status switch', () => {
  it('disabling fails and refunds every waiting job once, leaves the one printing, and students cannot send', async () => {
    const printerId = await addPrinter();
    const s = await queueJobs(printerId, 3, 10);
    const printing = await claimNextJob(app.db, printerId, 'test-instance');
    expect(await balanceOf(app.db, s.id)).toBe(7);

    const answer = await call('PUT', '/v1/staff/printer', staff, { printerId, status: 0 });
    expect(answer.status).toBe(200);
    const data = answer.body.data as PrinterChangeResponse;
    expect(data).toMatchObject({ printerId, status: 0, jobsFailed: 2, pagesRefunded: 2 });
    expect(data.printingQueue).toEqual([]);
    expect(data.printingJob).toEqual([printing?.id]);
    expect(await balanceOf(app.db, s.id)).toBe(9);

    const jobs = await app.db.query<{ id: string; status: string; failure_reason: string | null }>(
      'SELECT id, status, failure_reason FROM printing_logs WHERE printer_id = $1 ORDER BY created_at, id',
      [printerId],
    );
    expect(jobs.map((j) => j.status)).toEqual(['InProgress', 'Failed', 'Failed']);
    expect(jobs.slice(1).every((j) => j.failure_reason === PRINTER_DISABLED_REASON)).toBe(true);
    const refunds = await app.db.query<{ ref_id: string }>(
      `SELECT ref_id FROM page_ledger WHERE kind = 'refund' AND ref_id = ANY($1::text[])`,
      [jobs.map((j) => j.id)],
    );
    expect(refunds.map((r) => r.ref_id).sort()).toEqual(
      jobs
        .slice(1)
        .map((j) => j.id)
        .sort(),
    );

    // the student's history shows the reason; the printer cannot be opened or sent to
    const history = await call('GET', '/v1/student/filterLogs', s.token, { per_page: '10' });
    const logs = (history.body.data as { printingLogs: { failureReason: string | null }[] }).printingLogs;
    expect(logs.filter((l) => l.failureReason === PRINTER_DISABLED_REASON)).toHaveLength(2);
    const refused = await submitPrint(app, s.token, [{ name: 'x.pdf', content: await makePdf(1) }], { printerId });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message).toBe('Máy in đang Tạm dừng!');

    // the same switch again changes nothing and records nothing
    const again = await call('PUT', '/v1/staff/printer', staff, { printerId, status: 0 });
    expect((again.body.data as PrinterChangeResponse).jobsFailed).toBe(0);
    const changes = await app.db.query<{ action: string; jobs_failed: number; pages_refunded: number }>(
      'SELECT action, jobs_failed, pages_refunded FROM printer_changes WHERE printer_id = $1 ORDER BY id',
      [printerId],
    );
    expect(changes).toEqual([
      { action: 'create', jobs_failed: 0, pages_refunded: 0 },
      { action: 'disable', jobs_failed: 2, pages_refunded: 2 },
    ]);

    // enabled again: usable at once, with a new activation time
    const before = data.activatedTime;
    const enabled = await call('PUT', '/v1/staff/printer', staff, { printerId, status: 1 });
    expect((enabled.body.data as PrinterChangeResponse).status).toBe(1);
    expect(Date.parse((enabled.body.data as PrinterChangeResponse).activatedTime ?? '')).toBeGreaterThan(
      Date.parse(before ?? ''),
    );
    const sent = await submitPrint(app, s.token, [{ name: 'y.pdf', content: await makePdf(1) }], { printerId });
    expect(sent.statusCode).toBe(200);
    expect(await ledgerMismatches(app.db)).toEqual([]);
  });

  it('two staff members switching one printer at once end consistent, every page accounted for', async () => {
    const printerId = await addPrinter();
    const s = await queueJobs(printerId, 6, 30);
    const staff2 = app.tokens.signAccess({
      id: (await app.db.one<{ id: string }>(`SELECT id FROM users WHERE role = 'staff' ORDER BY email DESC LIMIT 1`))!
        .id,
      role: 'staff',
    });
    const switches = Array.from({ length: 10 }, (_, i) =>
      call('PUT', '/v1/staff/printer', i % 2 === 0 ? staff : staff2, { printerId, status: i % 2 }),
    );
    const answers = await Promise.all(switches);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const refunded = answers.reduce((sum, a) => sum + (a.body.data as PrinterChangeResponse).jobsFailed, 0);
    expect(refunded).toBe(6);
    const refundRows = await app.db.one<{ n: number; distinct_jobs: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT ref_id)::int AS distinct_jobs FROM page_ledger
       WHERE kind = 'refund' AND user_id = $1`,
      [s.id],
    );
    expect(refundRows).toEqual({ n: 6, distinct_jobs: 6 });
    expect(await balanceOf(app.db, s.id)).toBe(30);
    // the printer's state is the last recorded change
    const last = await app.db.one<{ action: string }>(
      'SELECT action FROM printer_changes WHERE printer_id = $1 ORDER BY id DESC LIMIT 1',
      [printerId],
    );
    const printer = (await list('staff', { searchField: printerId })).printers[0];
    expect(printer?.status).toBe(last?.action === 'enable' ? 1 : last?.action === 'disable' ? 0 : 1);
    expect(await ledgerMismatches(app.db)).toEqual([]);
  });

  it('refuses a status other than 0/1, an unknown printer and a missing id', async () => {
    for (const [payload, status] of [
      [{ printerId: 'B1-109', status: 2 }, 400],
      [{ printerId: 'B1-109', status: '1' }, 400],
      [{ printerId: 'B1-109' }, 400],
      [{ printerId: 'NO-SUCH', status: 1 }, 404],
    ] as const) {
      const answer = await call('PUT', '/v1/staff/printer', staff, payload);
      expect(answer.status).toBe(status);
      expect(answer.body.message).toMatch(VIETNAMESE);
    }
  });
});

describe('adding, editing and retiring printers (officers)', () => {
  it('adds a printer the students see at once, and records who added it', async () => {
    const printerId = await addPrinter({ location: { facility: 'CS2', department: 'H6', room: '605' } });
    const students = await call('GET', '/v1/student/printers', student, { searchField: printerId });
    const found = (students.body.data as StudentPrinterListResponse).printers;
    expect(found.map((p) => [p.printerId, p.status, p.location.department])).toEqual([[printerId, 1, 'H6']]);
    const change = await app.db.one<{ actor_role: string; action: string }>(
      'SELECT actor_role, action FROM printer_changes WHERE printer_id = $1',
      [printerId],
    );
    expect(change).toEqual({ actor_role: 'spso', action: 'create' });
  });

  it('refuses bad adds: duplicate id (any case) 409, a location off the list 400, bad fields 400', async () => {
    const printerId = await addPrinter();
    const base = { brand: 'HP', model: 'M', location: { facility: 'CS1', department: 'B1', room: '101' } };
    const cases: [unknown, number][] = [
      [{ ...base, printerId }, 409],
      [{ ...base, printerId: printerId.toLowerCase() }, 409],
      [{ ...base, printerId: 'N-1', location: { facility: 'CS3', department: 'B1', room: '101' } }, 400],
      [{ ...base, printerId: 'N-1', location: { facility: 'CS2', department: 'B1', room: '101' } }, 400],
      [{ ...base, printerId: 'N-1', location: { facility: 'CS1', department: 'B1', room: '999' } }, 400],
      [{ ...base, printerId: 'N-1', status: 2 }, 400],
      [{ ...base, printerId: 'N-1', brand: 'x'.repeat(101) }, 400],
      [{ ...base, printerId: 'N-1', description: 'x'.repeat(1001) }, 400],
      [{ ...base, printerId: 'a b' }, 400],
      [{ ...base, printerId: 'X' }, 400],
      [{ ...base, printerId: 'N-1', location: undefined }, 400],
      [{ ...base, printerId: 'N-1', brand: '   ' }, 400],
      [{ ...base, printerId: 'N-1', model: undefined }, 400],
    ];
    for (const [payload, status] of cases) {
      const answer = await call('POST', '/v1/spso/printer', spso, payload);
      const what = JSON.stringify(payload).slice(0, 100);
      // one assertion per case naming it, its status and its message
      expect([what, answer.status, answer.body.message]).toEqual([what, status, expect.stringMatching(VIETNAMESE)]);
    }
    expect((await call('GET', '/v1/spso/printers', spso, { searchField: 'N-1' })).body.data).toMatchObject({
      printers: [],
    });
  });

  it('edits only the fields sent, records the difference, and refuses unknown ids and bad locations', async () => {
    const printerId = await addPrinter();
    const answer = await call('PUT', '/v1/spso/printer', spso, {
      printerId,
      description: 'Đã chuyển phòng',
      location: { facility: 'CS1', department: 'B4', room: '504' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      printerId,
      brand: 'HP',
      description: 'Đã chuyển phòng',
      location: { facility: 'CS1', department: 'B4', room: '504' },
    });
    const change = await app.db.one<{ action: string; changes: Record<string, unknown> }>(
      `SELECT action, changes FROM printer_changes WHERE printer_id = $1 AND action = 'update'`,
      [printerId],
    );
    expect(change?.changes).toEqual({
      description: ['Máy in thử', 'Đã chuyển phòng'],
      department: ['B1', 'B4'],
      room: ['101', '504'],
    });
    expect((await call('PUT', '/v1/spso/printer', spso, { printerId: 'NO-SUCH', brand: 'X' })).status).toBe(404);
    const bad = await call('PUT', '/v1/spso/printer', spso, {
      printerId,
      location: { facility: 'CS2', department: 'B4', room: '504' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Tòa nhà/);
  });

  it('retires a printer only without pending jobs; it leaves the lists and keeps its log and id', async () => {
    const printerId = await addPrinter();
    const s = await queueJobs(printerId, 1);
    const refused = await call('DELETE', '/v1/spso/printer', spso, { printerId });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/còn 1 yêu cầu/);

    // the student cancels: nothing pending
    const [job] = await app.db.query<{ id: string }>('SELECT id FROM printing_logs WHERE printer_id = $1', [printerId]);
    expect((await call('DELETE', '/v1/student/cancelLog', s.token, { printingLogId: job?.id })).status).toBe(200);
    const retired = await call('DELETE', '/v1/spso/printer', spso, { printerId });
    expect(retired.status).toBe(200);
    expect(retired.body.data).toMatchObject({ printerId, status: 0 });

    expect((await list('spso', { searchField: printerId })).printers).toEqual([]);
    const students = await call('GET', '/v1/student/printers', student, { searchField: printerId });
    expect((students.body.data as StudentPrinterListResponse).printers).toEqual([]);
    expect((await call('GET', '/v1/student/printer', student, { printerId })).status).toBe(404);
    const send = await submitPrint(app, s.token, [{ name: 'z.pdf', content: await makePdf(1) }], { printerId });
    expect(send.statusCode).toBe(404);
    const log = await call('GET', '/v1/spso/printingLog', spso, { printerId });
    expect((log.body.data as PrintingLogResponse).total).toBe(1);
    expect((await call('PUT', '/v1/staff/printer', staff, { printerId, status: 1 })).status).toBe(404);
    expect((await call('DELETE', '/v1/spso/printer', spso, { printerId })).status).toBe(404);
    const again = await call('POST', '/v1/spso/printer', spso, {
      printerId,
      brand: 'HP',
      model: 'M',
      location: { facility: 'CS1', department: 'B1', room: '101' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/ngừng sử dụng/);
  });

  it("the spec's add dialog sends the room as a number: taken, stored and answered as text", async () => {
    const printerId = await addPrinter({ location: { facility: 'CS1', department: 'B1', room: 109 } });
    const stored = await app.db.one<{ room: string }>('SELECT room FROM printers WHERE printer_id = $1', [printerId]);
    expect(stored?.room).toBe('109');
    const edited = await call('PUT', '/v1/spso/printer', spso, {
      printerId,
      location: { facility: 'CS1', department: 'B1', room: 101 },
    });
    expect(edited.status).toBe(200);
    expect((edited.body.data as { location: { room: string } }).location.room).toBe('101');
    // a number is still checked against the building's rooms, and a fraction or a negative is no room
    for (const room of [99999, 10.5, -1]) {
      const refused = await call('PUT', '/v1/spso/printer', spso, {
        printerId,
        location: { facility: 'CS1', department: 'B1', room },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(VIETNAMESE);
    }
  });

  it("a printer id names its printer in any case, on every route (create says 'b1-109' exists: so do the others)", async () => {
    const printerId = await addPrinter();
    const lower = printerId.toLowerCase();
    expect(lower).not.toBe(printerId);
    expect(
      (
        await call('POST', '/v1/spso/printer', spso, {
          printerId: lower,
          brand: 'A',
          model: 'B',
          location: { facility: 'CS1', department: 'B1', room: '101' },
        })
      ).status,
    ).toBe(409);
    const edited = await call('PUT', '/v1/spso/printer', spso, { printerId: lower, model: 'LaserJet Pro' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ printerId, model: 'LaserJet Pro' });
    expect((await call('PUT', '/v1/staff/printer', staff, { printerId: lower, status: 1 })).status).toBe(200);
    expect((await call('GET', '/v1/staff/printingQueue', staff, { printerId: lower })).status).toBe(200);
    expect((await call('GET', '/v1/staff/printingLog', staff, { printerId: lower })).status).toBe(200);
    const student = await newStudent(app, 5);
    const detail = await call('GET', '/v1/student/printer', student.token, { printerId: lower });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ printerId });
    const sent = await submitPrint(app, student.token, [{ name: 'a.pdf', content: await makePdf(1) }], {
      printerId: lower,
    });
    expect(sent.statusCode).toBe(200);
    expect(body<{ printingLogs: { printerId: string }[] }>(sent).data.printingLogs[0]?.printerId).toBe(printerId);
    await app.db.query(`UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE printer_id = $1`, [
      printerId,
    ]);
    const retired = await call('DELETE', '/v1/spso/printer', spso, { printerId: lower });
    expect(retired.status).toBe(200);
    expect(retired.body.data).toMatchObject({ printerId });
  });

  it('the location list is the one the dialogs read: every seeded printer is on it', async () => {
    const rows = await app.db.query<{ facility: 'CS1' | 'CS2'; department: string; room: string }>(
      'SELECT facility, department, room FROM printers',
    );
    for (const row of rows) expect(PRINTER_LOCATIONS[row.facility][row.department]).toContain(row.room);
  });
});

describe("a student's history for staff", () => {
  it('answers the student and their jobs in the range; an unknown code is a 404 with a message', async () => {
    const printerId = await addPrinter();
    const s = await queueJobs(printerId, 2);
    const code = (await app.db.one<{ mssv: string }>('SELECT mssv FROM users WHERE id = $1', [s.id]))?.mssv ?? '';
    const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
    const answer = await call('GET', '/v1/staff/studentHistory', staff, {
      studentId: code.toLowerCase(),
      start: today,
      end: today,
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data as StudentHistoryResponse;
    expect(data.student).toMatchObject({ _id: s.id, mssv: code, firstName: 'Thử' });
    expect(data.total).toBe(2);
    expect(data.printingLogs.every((j) => j.printerId === printerId)).toBe(true);
    const earlier = await call('GET', '/v1/staff/studentHistory', staff, {
      studentId: code,
      start: '2020-01-01',
      end: '2020-01-31',
    });
    expect((earlier.body.data as StudentHistoryResponse).total).toBe(0);
    const unknown = await call('GET', '/v1/staff/studentHistory', staff, { studentId: 'NOPE-1' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Không tìm thấy sinh viên/);
  });
});
