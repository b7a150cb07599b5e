/**
 * One submission is charged once however often it reaches the server: the Idempotency-Key of
 * POST /v1/student/printing, kept in the database with the result (a double click, a retry after a lost
 * answer, two tabs racing).
 */
import crypto from 'node:crypto';
import type { StudentPrintingResponse } from 'shared-api/contracts';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';
import { balanceOf, ledgerMismatches } from './factories';
import { body, createTestApp, DRIVER, VIETNAMESE, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const PRINTER = 'B1-109';

describe(`print submissions with an Idempotency-Key (${DRIVER})`, () => {
  let t: TestApp;
  let pdf3: Buffer;
  beforeAll(async () => {
    t = await createTestApp({ config: { uploadsInFlight: { perUser: 100, total: 100 } } });
    pdf3 = await makePdf(3);
  });
  afterAll(() => t.close());

  const send = (token: string, key: string | undefined, name = 'bai-giang.pdf', copies = 2) =>
    submitPrint(
      t.app,
      token,
      [{ name, content: pdf3 }],
      { printerId: PRINTER, documents: [{ numVersion: copies }] },
      key === undefined ? {} : { 'idempotency-key': key },
    );
  const logsOf = async (userId: string) =>
    (await t.app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM printing_logs WHERE user_id = $1', [userId]))?.n;

  it('a repeat with the same key answers the first result and charges nothing', async () => {
    const student = await newStudent(t.app, 20);
    const key = crypto.randomUUID();
    const first = await send(student.token, key);
    expect(first.statusCode).toBe(200);
    const firstData = body<StudentPrintingResponse>(first).data;
    expect(firstData.totalCost).toBe(6);
    expect(firstData.balance).toBe(14);
    expect(first.headers['idempotency-replayed']).toBeUndefined();

    const again = await send(student.token, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    const againData = body<StudentPrintingResponse>(again).data;
    expect(againData.printingLogs.map((log) => log._id)).toEqual(firstData.printingLogs.map((log) => log._id));
    expect(againData.totalCost).toBe(6);
    expect(againData.balance).toBe(14);
    expect(await balanceOf(t.app.db, student.id)).toBe(14);
    expect(await logsOf(student.id)).toBe(1);

    // a new submission (a new key) is a new request
    const next = await send(student.token, crypto.randomUUID());
    expect(body<StudentPrintingResponse>(next).data.balance).toBe(8);
    expect(await logsOf(student.id)).toBe(2);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('five copies of one submission at the same moment: one is charged, all answer the same logs', async () => {
    const student = await newStudent(t.app, 20);
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(student.token, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const ids = new Set(answers.flatMap((a) => body<StudentPrintingResponse>(a).data.printingLogs.map((l) => l._id)));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotency-replayed'] === 'true')).toHaveLength(4);
    expect(await balanceOf(t.app.db, student.id)).toBe(14);
    expect(await logsOf(student.id)).toBe(1);
    const charges = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM page_ledger WHERE user_id = $1 AND kind = 'charge'`,
      [student.id],
    );
    expect(charges?.n).toBe(1);
    expect(await ledgerMismatches(t.app.db)).toEqual([]);
  });

  it('the same key with another request is refused (409), and changes nothing', async () => {
    const student = await newStudent(t.app, 20);
    const key = crypto.randomUUID();
    expect((await send(student.token, key)).statusCode).toBe(200);
    const other = await send(student.token, key, 'bai-khac.pdf', 1);
    expect(other.statusCode).toBe(409);
    expect(body(other).message).toMatch(VIETNAMESE);
    expect(await balanceOf(t.app.db, student.id)).toBe(14);
    expect(await logsOf(student.id)).toBe(1);
  });

  it("keys are per student: another student's key never answers their submission", async () => {
    const a = await newStudent(t.app, 20);
    const b = await newStudent(t.app, 20);
    const key = crypto.randomUUID();
    const first = body<StudentPrintingResponse>(await send(a.token, key)).data;
    const second = await send(b.token, key);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotency-replayed']).toBeUndefined();
    const secondData = body<StudentPrintingResponse>(second).data;
    expect(secondData.printingLogs[0]?._id).not.toBe(first.printingLogs[0]?._id);
    expect(secondData.printingLogs[0]?.user_id).toBe(b.id);
    expect(await balanceOf(t.app.db, a.id)).toBe(14);
    expect(await balanceOf(t.app.db, b.id)).toBe(14);
  });

  it('a refused submission keeps its key free: the retry after topping up is charged once', async () => {
    const student = await newStudent(t.app, 4);
    const key = crypto.randomUUID();
    const refused = await send(student.token, key);
    expect(refused.statusCode).toBe(422);
    await applyLedgerEntry(t.app.db, { userId: student.id, kind: 'adjustment', delta: 10 });
    const retry = await send(student.token, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotency-replayed']).toBeUndefined();
    expect(await balanceOf(t.app.db, student.id)).toBe(8);
  });

  it('a malformed key is refused (400) before anything is read; no key behaves as before', async () => {
    const student = await newStudent(t.app, 20);
    for (const key of ['', 'x'.repeat(129), 'có dấu', 'a b']) {
      const answer = await send(student.token, key);
      expect(answer.statusCode).toBe(400);
      expect(body(answer).message).toMatch(/Idempotency-Key/);
    }
    expect(await logsOf(student.id)).toBe(0);
    expect((await send(student.token, undefined)).statusCode).toBe(200);
    expect((await send(student.token, undefined)).statusCode).toBe(200);
    expect(await logsOf(student.id)).toBe(2);
  });
});
