import type {
  StudentFilterLogsResponse,
  StudentPrinterListResponse,
  StudentPrintingResponse,
} from 'shared-api/contracts';
import type { Db } from '../src/db';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { recountPrintCounters } from '../src/modules/print-jobs/print-jobs.repository';
import { listPrintersWithCounts } from '../src/modules/printers/printers.repository';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { bearer, body, createTestApp, DRIVER, openTestDb, sleep, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/** The counts as the old reload computed them: one grouped pass over every log. */
async function countedFromLogs(db: Db) {
  const printers = await db.query<{ printer_id: string; waiting: number; printed: number }>(
    `SELECT p.printer_id,
            count(l.id) FILTER (WHERE l.status IN ('Queued', 'InProgress'))::int AS waiting,
            count(l.id) FILTER (WHERE l.status = 'Completed')::int AS printed
     FROM printers p LEFT JOIN printing_logs l ON l.printer_id = p.printer_id
     GROUP BY p.printer_id ORDER BY p.printer_id`,
  );
  const users = await db.query<{ id: string; a4: number; a3: number }>(
    `SELECT u.id,
            coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A4'), 0)::int AS a4,
            coalesce(sum(l.total_pages) FILTER (WHERE l.paper_size = 'A3'), 0)::int AS a3
     FROM users u LEFT JOIN printing_logs l ON l.user_id = u.id AND l.status = 'Completed'
     GROUP BY u.id ORDER BY u.id`,
  );
  return { printers, users };
}

async function keptCounters(db: Db) {
  const printers = await db.query<{ printer_id: string; printed: number }>(
    'SELECT printer_id, printed_count AS printed FROM printers ORDER BY printer_id',
  );
  const users = await db.query<{ id: string; a4: number; a3: number }>(
    'SELECT id, printed_a4 AS a4, printed_a3 AS a3 FROM users ORDER BY id',
  );
  return { printers, users };
}

async function expectCountersRight(db: Db): Promise<void> {
  const counted = await countedFromLogs(db);
  const kept = await keptCounters(db);
  expect(kept.printers).toEqual(counted.printers.map(({ printer_id, printed }) => ({ printer_id, printed })));
  expect(kept.users).toEqual(counted.users);
  const listed = await listPrintersWithCounts(db);
  expect(listed.map((p) => [p.printer_id, p.waiting_amount, p.printed_count])).toEqual(
    counted.printers.map((p) => [p.printer_id, p.waiting, p.printed]),
  );
}

describe(`print counters migration (${DRIVER})`, () => {
  let db: Db;
  afterAll(async () => {
    await db.close();
  });

  it('backfills printed counts and sheets from the Completed logs already there', async () => {
    db = await openTestDb();
    await migrate(
      db,
      migrations.filter((m) => m.version === 1),
    );
    const [a, b] = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, role) VALUES ('a@hcmut.edu.vn', 'x', 'student'),
              ('b@hcmut.edu.vn', 'x', 'student') RETURNING id`,
    );
    await db.query(
      `INSERT INTO printers (printer_id, brand, model, facility, department, room)
       VALUES ('P-1', 'HP', 'M1', 'CS1', 'A1', '101'), ('P-2', 'HP', 'M1', 'CS2', 'H1', '201'),
              ('P-3', 'HP', 'M1', 'CS2', 'H1', '202')`,
    );
    const jobs: [string | undefined, string, string, string, number][] = [
      [a?.id, 'P-1', 'Completed', 'A4', 3],
      [a?.id, 'P-1', 'Completed', 'A3', 2],
      [a?.id, 'P-2', 'Failed', 'A4', 7],
      [a?.id, 'P-2', 'Queued', 'A4', 1],
      [b?.id, 'P-2', 'Completed', 'A4', 5],
      [b?.id, 'P-2', 'InProgress', 'A3', 4],
    ];
    for (const [userId, printerId, status, size, sheets] of jobs) {
      await db.query(
        `WITH d AS (INSERT INTO documents (owner_id, title, file_type, pages, size_bytes)
                    VALUES ($1, 'x.pdf', 'pdf', $5, 10) RETURNING id)
         INSERT INTO printing_logs (user_id, printer_id, document_id, status, paper_size, selected_pages,
                                    total_pages, cost)
         SELECT $1, $2, d.id, $3, $4, $5, $5, $5 FROM d`,
        [userId, printerId, status, size, sheets],
      );
    }
    expect(await migrate(db)).toEqual(migrations.filter((m) => m.version > 1).map((m) => m.version));
    const kept = await keptCounters(db);
    expect(kept.printers).toEqual([
      { printer_id: 'P-1', printed: 2 },
      { printer_id: 'P-2', printed: 1 },
      { printer_id: 'P-3', printed: 0 },
    ]);
    expect(kept.users.find((u) => u.id === a?.id)).toMatchObject({ a4: 3, a3: 2 });
    expect(kept.users.find((u) => u.id === b?.id)).toMatchObject({ a4: 5, a3: 0 });
    await expectCountersRight(db);
    expect(await recountPrintCounters(db)).toBe(0);

    // kept from now on by the trigger: complete, change a completed job, delete one, delete a student
    await db.query(`UPDATE printing_logs SET status = 'Completed' WHERE status = 'InProgress'`);
    await db.query(
      `UPDATE printing_logs SET paper_size = 'A3', total_pages = 6 WHERE status = 'Completed' AND total_pages = 3`,
    );
    await expectCountersRight(db);
    await db.query(`DELETE FROM printing_logs WHERE total_pages = 2`);
    await db.query(`UPDATE printing_logs SET status = 'Failed' WHERE total_pages = 5`);
    await expectCountersRight(db);
    await db.query('DELETE FROM users WHERE id = $1', [b?.id]);
    await expectCountersRight(db);
    // a printer renamed (its logs follow by ON UPDATE CASCADE) keeps its count, once
    await db.query(`UPDATE printers SET printer_id = 'P-9' WHERE printer_id = 'P-1'`);
    await expectCountersRight(db);
    // a completed job moved between two printers moves its count
    await db.query(`UPDATE printing_logs SET printer_id = 'P-3' WHERE printer_id = 'P-9' AND status = 'Completed'`);
    await expectCountersRight(db);
    expect(await recountPrintCounters(db)).toBe(0);
  });
});

describe(`print counters in the app (${DRIVER})`, () => {
  let t: TestApp;
  let pdf2: Buffer;
  let dispatcher: Dispatcher | null = null;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    pdf2 = await makePdf(2);
  });
  afterEach(async () => {
    await dispatcher?.stop();
    dispatcher = null;
  });
  afterAll(async () => {
    await t.close();
  });

  it('the seed ends with counters equal to its logs', async () => {
    await expectCountersRight(t.app.db);
    expect(await recountPrintCounters(t.app.db)).toBe(0);
  });

  it('completing jobs adds to the printer and the student, in the list and the history', async () => {
    const student = await newStudent(t.app, 100);
    const printerId = 'B1-109';
    // the demo queue of this printer would print first: take it out of the way
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'Failed', failure_reason = 'test' WHERE status IN ('Queued', 'InProgress')`,
    );
    const listed = async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/student/printers?searchField=${printerId}`,
        headers: bearer(student.token),
      });
      const printer = body<StudentPrinterListResponse>(response).data.printers.find((p) => p.printerId === printerId);
      return { waiting: printer?.waiting_amount, printed: printer?.printed_count };
    };
    const history = async (query = '') =>
      body<StudentFilterLogsResponse>(
        await t.app.inject({ method: 'GET', url: `/v1/student/filterLogs${query}`, headers: bearer(student.token) }),
      ).data;

    const before = await listed();
    const response = await submitPrint(
      t.app,
      student.token,
      [
        { name: 'a.pdf', content: pdf2 },
        { name: 'b.pdf', content: pdf2 },
      ],
      { printerId, documents: [{ paperSize: 'A4', numVersion: 2 }, { paperSize: 'A3' }] },
    );
    expect(response.statusCode).toBe(200);
    const ids = body<StudentPrintingResponse>(response).data.printingLogs.map((l) => l._id);
    expect(await listed()).toEqual({ waiting: (before.waiting ?? 0) + 2, printed: before.printed });
    expect(await history()).toMatchObject({ printedA4: 0, printedA3: 0 });

    // the app's dispatcher raises its events on app.events: the caches drop what went stale
    dispatcher = new Dispatcher({
      db: t.app.db,
      events: t.app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'counters',
      pollMs: 10,
      leaseMs: 60_000,
    });
    await dispatcher.start();
    const end = Date.now() + 15_000;
    while (Date.now() < end) {
      const rows = await t.app.db.query<{ status: string }>(
        'SELECT status FROM printing_logs WHERE id = ANY($1::uuid[])',
        [ids],
      );
      if (rows.every((r) => r.status === 'Completed')) break;
      await sleep(10);
    }
    await dispatcher.stop();
    // no wait for an expiry: the answers were dropped when the events were emitted
    expect(await listed()).toEqual({ waiting: before.waiting, printed: (before.printed ?? 0) + 2 });
    const done = await history();
    expect(done).toMatchObject({ printedA4: 4, printedA3: 2 });
    expect(done.printingLogs.map((l) => l.status)).toEqual(['Completed', 'Completed']);
    await expectCountersRight(t.app.db);
  });
});
