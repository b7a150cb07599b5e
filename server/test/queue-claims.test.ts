import type { Db } from '../src/db';
import { applyLedgerEntry } from '../src/modules/ledger/ledger.repository';
import { failJob, requeueJob } from '../src/print-queue/queue.repository';
import { createStudent } from './factories';
import { DRIVER, expectLedgerInvariant, openTestDb } from './helpers';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';

/**
 * An abandoned job is taken from its claimer only while the claim is still lapsed, checked in the UPDATE
 * itself: a claimer that renewed between another instance's look and its requeue (or its fail) keeps
 * its job. Without a lapse (the claimer's own calls) the claim alone decides.
 */
describe(`queue claims and their lapse (${DRIVER})`, () => {
  let db: Db;
  let student: string;
  let printerId: string;

  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
    await seedDemoData(db, {});
    student = await createStudent(db, 100);
    printerId =
      (
        await db.one<{ printer_id: string }>(
          `SELECT printer_id FROM printers WHERE status = 1 ORDER BY printer_id LIMIT 1`,
        )
      )?.printer_id ?? '';
  });

  afterAll(async () => {
    await db?.close();
  });

  /** An InProgress job claimed by `claimer` `agoMs` ago, charged in the ledger. */
  async function claimedJob(claimer: string, agoMs: number): Promise<string> {
    return db.tx(async (t) => {
      const doc = await t.one<{ id: string }>(
        `INSERT INTO documents (owner_id, title, file_type, pages, size_bytes) VALUES ($1, 'c.pdf', 'pdf', 1, 1) RETURNING id`,
        [student],
      );
      const log = await t.one<{ id: string }>(
        `INSERT INTO printing_logs (user_id, printer_id, document_id, status, selected_pages, total_pages, cost,
                                    claimed_by, claimed_at, started_at, attempts)
         VALUES ($1, $2, $3, 'InProgress', 1, 1, 1, $4, now() - make_interval(secs => $5::double precision / 1000),
                 now(), 1)
         RETURNING id`,
        [student, printerId, doc?.id, claimer, agoMs],
      );
      if (!log) throw new Error('no job');
      await applyLedgerEntry(t, { userId: student, kind: 'charge', delta: -1, refType: 'printing_log', refId: log.id });
      return log.id;
    });
  }

  const statusOf = async (id: string) =>
    (await db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status;

  it('requeues an abandoned job only while its claim is lapsed', async () => {
    const renewed = await claimedJob('alive', 100);
    expect(await requeueJob(db, renewed, null, false, 15_000)).toBeUndefined();
    expect(await statusOf(renewed)).toBe('InProgress');
    const lapsed = await claimedJob('dead', 60_000);
    expect(await requeueJob(db, lapsed, null, false, 15_000)).toBe(student);
    expect(await statusOf(lapsed)).toBe('Queued');
    // the claimer's own requeue needs no lapse
    const own = await claimedJob('me', 100);
    expect(await requeueJob(db, own, 'me', true)).toBe(student);
  });

  it('fails an abandoned job only while its claim is lapsed', async () => {
    const renewed = await claimedJob('alive', 100);
    expect(await failJob(db, renewed, 'gián đoạn', 15_000)).toBeUndefined();
    expect(await statusOf(renewed)).toBe('InProgress');
    const lapsed = await claimedJob('dead', 60_000);
    expect(await failJob(db, lapsed, 'gián đoạn', 15_000)).toMatchObject({ user_id: student, cost: 1 });
    expect(await statusOf(lapsed)).toBe('Failed');
    // without a lapse (a device's own failure, a test) any InProgress job
    const any = await claimedJob('alive', 100);
    expect(await failJob(db, any, 'kẹt giấy')).toMatchObject({ user_id: student });
    // no refund was written here (the dispatcher writes it with the fail): the ledger still balances
    await expectLedgerInvariant(db);
  });
});
