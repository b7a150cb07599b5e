/**
 * Uploaded files (and converted PDFs) are deleted once every job printing them ended more than the
 * officers' retention period ago (system_config.retention_hours, 24 by default); the document rows and
 * the jobs stay, so the student's history still lists them. A live job's file is never touched.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { StudentFilterLogsResponse, StudentPrintingResponse, SystemConfigView } from 'shared-api/contracts';
import { uploadDirOf } from '../src/config';
import { RetentionScheduler } from '../src/modules/print-jobs/retention-scheduler';
import { listConfigChanges } from '../src/modules/system-config/system-config.repository';
import { bearer, body, createTestApp, DRIVER, loginAs, putSystemConfig, sleep, type TestApp } from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

const PRINTER = 'B1-109';
const HOUR = 3_600_000;

interface StoredJob {
  logId: string;
  documentId: string;
  file: string;
}

describe(`document retention (${DRIVER})`, () => {
  let t: TestApp;
  let uploadDir: string;
  let spso: string;

  beforeAll(async () => {
    // the purge runs on demand here; its scheduler is tested on its own below
    t = await createTestApp({ config: { printDispatcher: false } });
    uploadDir = uploadDirOf(t.app.appConfig);
    spso = (await loginAs(t.app, 'spso')).accessToken;
  });
  afterAll(() => t.close());

  /** One print job of a fresh PDF by this student: its log, its document and its stored file. */
  async function printJob(token: string, name: string): Promise<StoredJob> {
    const response = await submitPrint(t.app, token, [{ name, content: await makePdf(1) }], { printerId: PRINTER });
    expect(response.statusCode).toBe(200);
    const logId = body<StudentPrintingResponse>(response).data.printingLogs[0]?._id ?? '';
    const row = await t.app.db.one<{ document_id: string; storage_path: string }>(
      'SELECT d.id AS document_id, d.storage_path FROM printing_logs l JOIN documents d ON d.id = l.document_id WHERE l.id = $1',
      [logId],
    );
    const file = path.join(uploadDir, row?.storage_path ?? 'none');
    expect(fs.existsSync(file)).toBe(true);
    return { logId, documentId: row?.document_id ?? '', file };
  }

  /** Ends the job `hoursAgo` hours ago (or leaves it live, its document stored `hoursAgo` ago). */
  async function age(job: StoredJob, status: 'Completed' | 'Failed' | 'Queued' | 'InProgress', hoursAgo: number) {
    const ended = status === 'Completed' || status === 'Failed';
    await t.app.db.query(
      `UPDATE printing_logs SET status = $2, finish_date = CASE WHEN $3 THEN now() - make_interval(hours => $4) END,
              started_at = CASE WHEN $2 = 'InProgress' THEN now() END, updated_at = now() - make_interval(hours => $4)
       WHERE id = $1`,
      [job.logId, status, ended, hoursAgo],
    );
    await t.app.db.query('UPDATE documents SET created_at = now() - make_interval(hours => $2 + 1) WHERE id = $1', [
      job.documentId,
      hoursAgo,
    ]);
  }

  const documentRow = (id: string) =>
    t.app.db.one<{ storage_path: string | null; purged: boolean; title: string; pages: number; sha256: string }>(
      'SELECT storage_path, purged_at IS NOT NULL AS purged, title, pages, sha256 FROM documents WHERE id = $1',
      [id],
    );

  async function history(token: string): Promise<StudentFilterLogsResponse['printingLogs']> {
    const response = await t.app.inject({ url: '/v1/student/filterLogs?per_page=50', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return body<StudentFilterLogsResponse>(response).data.printingLogs;
  }

  const putConfig = (change: Record<string, unknown>) => putSystemConfig(t.app, spso, change);

  it('deletes the files of jobs that ended more than 24 h ago; the history keeps every row and lists them', async () => {
    const student = await newStudent(t.app, 50);
    const printed = await printJob(student.token, 'da-in.pdf');
    const failed = await printJob(student.token, 'loi.pdf');
    const queued = await printJob(student.token, 'dang-doi.pdf');
    const printing = await printJob(student.token, 'dang-in.pdf');
    const recent = await printJob(student.token, 'vua-in.pdf');
    await age(printed, 'Completed', 25);
    await age(failed, 'Failed', 30);
    // live jobs keep their file however old the document is
    await age(queued, 'Queued', 72);
    await age(printing, 'InProgress', 72);
    await age(recent, 'Completed', 23);
    const logsBefore = await t.app.db.query('SELECT id, status, cost, finish_date FROM printing_logs ORDER BY id');

    const result = await t.app.documentRetention.purgeExpiredFiles(new Date());
    expect(result).toEqual({ purged: 2, missing: 0 });

    expect(fs.existsSync(printed.file)).toBe(false);
    expect(fs.existsSync(failed.file)).toBe(false);
    for (const kept of [queued, printing, recent]) expect(fs.existsSync(kept.file)).toBe(true);
    expect(await documentRow(printed.documentId)).toMatchObject({ storage_path: null, purged: true, pages: 1 });
    expect(await documentRow(failed.documentId)).toMatchObject({ storage_path: null, purged: true });
    expect((await documentRow(queued.documentId))?.storage_path).toBe(path.basename(queued.file));
    expect(await documentRow(recent.documentId)).toMatchObject({ purged: false });
    // the metadata stays: title, pages, hash, and every job as it was
    expect(await documentRow(printed.documentId)).toMatchObject({
      title: 'da-in.pdf',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await t.app.db.query('SELECT id, status, cost, finish_date FROM printing_logs ORDER BY id')).toEqual(
      logsBefore,
    );
    const listed = await history(student.token);
    expect(listed.map((log) => log.document.title).sort()).toEqual(
      ['da-in.pdf', 'dang-doi.pdf', 'dang-in.pdf', 'loi.pdf', 'vua-in.pdf'].sort(),
    );
    expect(listed.find((log) => log._id === printed.logId)).toMatchObject({
      status: 'Completed',
      document: { title: 'da-in.pdf', pages: 1, fileType: 'pdf' },
    });

    // a second run finds nothing more to do
    expect(await t.app.documentRetention.purgeExpiredFiles(new Date())).toEqual({ purged: 0, missing: 0 });
  });

  it('keeps the file while one of its jobs is live, and takes a file already gone as purged', async () => {
    const student = await newStudent(t.app, 10);
    const job = await printJob(student.token, 'mat-tep.pdf');
    await age(job, 'Completed', 48);
    fs.rmSync(job.file);
    expect(await t.app.documentRetention.purgeExpiredFiles(new Date())).toEqual({ purged: 1, missing: 1 });
    expect(await documentRow(job.documentId)).toMatchObject({ storage_path: null, purged: true });
  });

  it('claims each file once when purges run at the same time (two instances)', async () => {
    const student = await newStudent(t.app, 20);
    const jobs = [];
    for (let i = 0; i < 6; i += 1) jobs.push(await printJob(student.token, `song-song-${i}.pdf`));
    for (const job of jobs) await age(job, 'Completed', 30);
    const results = await Promise.all([
      t.app.documentRetention.purgeExpiredFiles(new Date()),
      t.app.documentRetention.purgeExpiredFiles(new Date()),
      t.app.documentRetention.purgeExpiredFiles(new Date()),
    ]);
    expect(results.reduce((sum, r) => sum + r.purged, 0)).toBe(6);
    expect(results.reduce((sum, r) => sum + r.missing, 0)).toBe(0);
    for (const job of jobs) expect(fs.existsSync(job.file)).toBe(false);
  });

  it('the officers set the retention (1 to 720 hours, 24 by default); the purge follows it', async () => {
    const view = body<SystemConfigView>(
      await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(spso) }),
    ).data;
    expect(view).toMatchObject({ retentionHours: 24, defaultRetentionHours: 24 });

    for (const [value, message] of [
      [0, /Thời gian giữ tệp sau khi in \(giờ\) phải từ 1 đến 720/],
      [721, /phải từ 1 đến 720/],
      [1.5, /phải là số nguyên/],
      [null, /"retentionHours" phải là số/],
    ] as const) {
      const refused = await putConfig({ retentionHours: value });
      expect(refused.statusCode).toBe(400);
      expect(body(refused).message).toMatch(message);
    }
    const changes = (await listConfigChanges(t.app.db)).length;

    const student = await newStudent(t.app, 10);
    const job = await printJob(student.token, 'hai-gio.pdf');
    await age(job, 'Completed', 2);
    expect((await t.app.documentRetention.purgeExpiredFiles(new Date())).purged).toBe(0);

    const saved = await putConfig({ retentionHours: 1 });
    expect(saved.statusCode).toBe(200);
    expect(body<SystemConfigView>(saved).data.retentionHours).toBe(1);
    const [change] = await listConfigChanges(t.app.db);
    expect((await listConfigChanges(t.app.db)).length).toBe(changes + 1);
    expect(change).toMatchObject({ before: { retention_hours: 24 }, after: { retention_hours: 1 } });
    // this job's file, and any other finished more than an hour ago (the earlier tests' 23-hour one)
    expect((await t.app.documentRetention.purgeExpiredFiles(new Date())).purged).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(job.file)).toBe(false);
    expect(await documentRow(job.documentId)).toMatchObject({ storage_path: null, purged: true });

    // an older client sends no retention: the value in force stays
    expect((await putConfig({ currentA4Price: view.currentA4Price === 500 ? 600 : 500 })).statusCode).toBe(200);
    const after = body<SystemConfigView>(
      await t.app.inject({ url: '/v1/spso/systemConfig', headers: bearer(spso) }),
    ).data;
    expect(after.retentionHours).toBe(1);
    expect((await putConfig({ retentionHours: 720 })).statusCode).toBe(200);
  });
});

describe('the retention scheduler (lib/scheduled-run)', () => {
  it('purges at start, then every interval, until stopped', async () => {
    const runs: Date[] = [];
    const scheduler = new RetentionScheduler({
      retention: {
        purgeExpiredFiles: async (at: Date) => {
          runs.push(at);
          return { purged: 0, missing: 0 };
        },
      },
      intervalMs: 60,
    });
    scheduler.start();
    await sleep(20);
    expect(runs).toHaveLength(1);
    await sleep(150);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    await scheduler.stop();
    const stopped = runs.length;
    await sleep(100);
    expect(runs).toHaveLength(stopped);
  });

  it('runs in the app when enabled: at start, and at once after an officer changes the configuration', async () => {
    const app = await createTestApp({
      config: { printDispatcher: false },
      retention: { enabled: true, intervalMs: HOUR },
    });
    try {
      const scheduler = app.app.retentionScheduler;
      expect(scheduler).not.toBeNull();
      const purge = jest.spyOn(app.app.documentRetention, 'purgeExpiredFiles');
      await scheduler?.idle();
      const token = (await loginAs(app.app, 'spso')).accessToken;
      const saved = await putSystemConfig(app.app, token, { retentionHours: 6 });
      expect(saved.statusCode).toBe(200);
      for (let i = 0; i < 100 && purge.mock.calls.length === 0; i += 1) await sleep(20);
      expect(purge).toHaveBeenCalled();
    } finally {
      await app.close();
    }
  });
});
