import type { StudentFilterLogsResponse, StudentPrintingResponse } from 'shared-api/contracts';
import { StudentAnswerCache } from '../src/lib/student-answer-cache';
import { bearer, body, createTestApp, DRIVER, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

describe('StudentAnswerCache', () => {
  function counting() {
    let calls = 0;
    return {
      load: (value: string) => async () => {
        calls += 1;
        return value;
      },
      get calls() {
        return calls;
      },
    };
  }

  it('serves a student and query from memory until that student is invalidated', async () => {
    const cache = new StudentAnswerCache<string>(60_000, 100);
    const c = counting();
    expect(await cache.get('u1', 'q', c.load('a'))).toBe('a');
    expect(await cache.get('u1', 'q', c.load('b'))).toBe('a');
    expect(await cache.get('u1', 'other', c.load('c'))).toBe('c');
    expect(await cache.get('u2', 'q', c.load('d'))).toBe('d');
    expect(c.calls).toBe(3);
    cache.invalidateUser('u1');
    expect(cache.size).toBe(1);
    expect(await cache.get('u1', 'q', c.load('e'))).toBe('e');
    expect(await cache.get('u2', 'q', c.load('f'))).toBe('d');
  });

  it('expires entries after ttlMs (changes made by another instance)', async () => {
    let now = 1_000;
    const cache = new StudentAnswerCache<string>(
      2_000,
      100,
      () => false,
      () => now,
    );
    const c = counting();
    await cache.get('u', 'q', c.load('a'));
    now += 1_999;
    expect(await cache.get('u', 'q', c.load('b'))).toBe('a');
    now += 1;
    expect(await cache.get('u', 'q', c.load('c'))).toBe('c');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = new StudentAnswerCache<string>(60_000, 3);
    const c = counting();
    await cache.get('u', '1', c.load('1'));
    await cache.get('u', '2', c.load('2'));
    await cache.get('v', '3', c.load('3'));
    await cache.get('u', '1', c.load('x')); // 1 is now the most recent
    await cache.get('v', '4', c.load('4')); // drops 2
    expect(cache.size).toBe(3);
    expect(await cache.get('u', '1', c.load('y'))).toBe('1');
    expect(await cache.get('u', '2', c.load('2b'))).toBe('2b');
    cache.invalidateUser('u');
    cache.invalidateUser('v');
    expect(cache.size).toBe(0);
  });

  it('drops only the volatile answers on invalidateVolatile', async () => {
    const cache = new StudentAnswerCache<string>(60_000, 100, (s) => s.startsWith('queued'));
    const c = counting();
    await cache.get('u', 'a', c.load('queued 1'));
    await cache.get('u', 'b', c.load('done'));
    cache.invalidateVolatile();
    expect(await cache.get('u', 'a', c.load('queued 2'))).toBe('queued 2');
    expect(await cache.get('u', 'b', c.load('other'))).toBe('done');
  });

  it('shares one load between concurrent callers, and does not keep a load overlapping an invalidation', async () => {
    const cache = new StudentAnswerCache<string>(60_000, 100);
    let release: (value: string) => void = () => undefined;
    let calls = 0;
    const slow = () => {
      calls += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    };
    const first = cache.get('u', 'q', slow);
    const second = cache.get('u', 'q', slow);
    expect(calls).toBe(1);
    cache.invalidateUser('u');
    release('old');
    expect(await first).toBe('old');
    expect(await second).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('u', 'q', async () => 'new')).toBe('new');
  });
});

describe(`filterLogs served from memory (${DRIVER})`, () => {
  let t: TestApp;
  let pdf1: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    pdf1 = await makePdf(1);
  });
  afterAll(async () => {
    await t.close();
  });

  async function history(token: string, query = '') {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/student/filterLogs${query}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return body<StudentFilterLogsResponse>(response).data;
  }

  it('answers from memory until an event for the student; submit, cancel and other students stay right', async () => {
    const a = await newStudent(t.app, 50);
    const b = await newStudent(t.app, 50);
    const printerId = 'B1-109';
    const submit = async (token: string, name: string) => {
      const response = await submitPrint(t.app, token, [{ name, content: pdf1 }], { printerId });
      expect(response.statusCode).toBe(200);
      return body<StudentPrintingResponse>(response).data.printingLogs[0]?._id ?? '';
    };
    expect((await history(a.token)).printingLogs).toHaveLength(0);

    // submit: the student's cached answer is dropped, the next call shows the job
    const first = await submit(a.token, 'first.pdf');
    const afterSubmit = await history(a.token);
    expect(afterSubmit.printingLogs.map((l) => l._id)).toEqual([first]);
    const position = afterSubmit.printingLogs[0]?.position ?? 0;
    expect(position).toBeGreaterThan(0);

    // a change made behind the server's back is not seen while cached (it is an in-memory answer) ...
    await t.app.db.query(
      `UPDATE documents SET title = 'renamed.pdf' WHERE id =
      (SELECT document_id FROM printing_logs WHERE id = $1)`,
      [first],
    );
    expect((await history(a.token)).printingLogs[0]?.document.title).toBe('first.pdf');
    // ... and is once an event for the student is raised
    t.app.events.emit('job-changed', { userId: a.id });
    expect((await history(a.token)).printingLogs[0]?.document.title).toBe('renamed.pdf');

    // another student queues behind and cancels: a's answers stay, b's change at once
    const other = await submit(b.token, 'other.pdf');
    expect((await history(b.token)).printingLogs.map((l) => [l._id, l.position])).toEqual([[other, position + 1]]);
    expect((await history(a.token, '?per_page=5')).printingLogs[0]?.position).toBe(position);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: '/v1/student/cancelLog',
      headers: bearer(b.token),
      payload: { printingLogId: other },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await history(b.token)).printingLogs.map((l) => l.status)).toEqual(['Failed']);

    // a job ahead of a's leaves the queue: a's answer showing a queue position is dropped too
    const ahead = await t.app.db.query<{ id: string }>(
      `SELECT id FROM printing_logs WHERE printer_id = $1 AND status IN ('Queued', 'InProgress') AND id <> $2`,
      [printerId, first],
    );
    if (ahead.length > 0) {
      await t.app.db.query(`UPDATE printing_logs SET status = 'Failed', failure_reason = 'test' WHERE id = $1`, [
        ahead[0]?.id,
      ]);
      t.app.events.emit('printer-changed', {});
      expect((await history(a.token)).printingLogs[0]?.position).toBe(position - 1);
    }

    // cancel of a's own job: seen at once, with the same answers as without a cache
    const mine = await t.app.inject({
      method: 'DELETE',
      url: '/v1/student/cancelLog',
      headers: bearer(a.token),
      payload: { printingLogId: first },
    });
    expect(mine.statusCode).toBe(200);
    const cancelled = await history(a.token);
    expect(cancelled.printingLogs.map((l) => [l.status, l.position])).toEqual([['Failed', null]]);
    expect(await history(a.token, '?status=Queued')).toMatchObject({ printingLogs: [] });
    expect((await history(a.token, '?status=Failed')).printingLogs).toHaveLength(1);
  });

  it('keeps answering 400 for a bad date (errors are not cached)', async () => {
    const a = await newStudent(t.app, 0);
    for (let i = 0; i < 2; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/student/filterLogs?startDate=yesterday',
        headers: bearer(a.token),
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
