/**
 * Release at the printer (issue 21), over real HTTP on the app: held printers (a job waits, charged, as
 * Held with a code only its owner sees, the dispatcher never takes it), release stations (their key, the
 * codes they show every 60 s, single use, revocation), release by the phone and by the keypad, refused
 * while the device is in error, the expiry (refunded once, also with two instances racing), the
 * extension (once), the move (same charge) and who may do what. The clock of codes and deadlines is the
 * test's. The ledger balances after every test.
 */
import type { FastifyInstance } from 'fastify';
import {
  RELEASE_CODE_ALPHABET,
  type HeldJobResponse,
  type ReleaseStationCreated,
  type StationCodeResponse,
  type StationReleasedJob,
  type StudentFilterLogsResponse,
  type StudentPrintingLog,
  type StudentPrintingResponse,
  type StudentReleaseResponse,
  type SystemConfigView,
} from 'shared-api/contracts';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { ExpiryScheduler } from '../src/modules/release/expiry-scheduler';
import { balanceOf } from './factories';
import {
  bearer,
  body,
  createTestApp,
  DRIVER,
  expectLedgerInvariant,
  secondInstance,
  putSystemConfig,
  sleep,
  VIETNAMESE,
  loginAs,
  type TestApp,
} from './helpers';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/** The held printer of these tests, a direct one, and a third to move to. */
const HELD = 'H1-101';
const DIRECT = 'H1-203';
const OTHER_HELD = 'H3-106';
const CODE = new RegExp(`^[${RELEASE_CODE_ALPHABET}]{6}$`);
const MINUTE = 60_000;

describe(`release at the printer (${DRIVER})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let spso: string;
  let staff: string;
  let pdf: Buffer;
  /** The test's clock: real time moved by `shift`. */
  let shift = 0;
  const clock = () => new Date(Date.now() + shift);

  beforeAll(async () => {
    t = await createTestApp({
      config: { printDispatcher: false, uploadsInFlight: { perUser: 100, total: 100 } },
      release: { now: clock },
    });
    app = t.app;
    spso = (await loginAs(app, 'spso')).accessToken;
    staff = (await loginAs(app, 'staff')).accessToken;
    pdf = await makePdf(2);
    // the demo queue stays out of the way of these printers
    await app.db.query(
      `UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE status IN ('Queued', 'InProgress')`,
    );
    for (const printerId of [HELD, OTHER_HELD]) {
      const set = await app.inject({
        method: 'PUT',
        url: '/v1/spso/printer',
        headers: bearer(spso),
        payload: { printerId, releaseMode: 'held' },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().data.releaseMode).toBe('held');
    }
  });
  afterEach(async () => {
    shift = 0;
    await expectLedgerInvariant(app.db);
  });
  afterAll(() => t.close());

  const print = async (token: string, printerId = HELD, documents: unknown[] = [{ numVersion: 2 }]) => {
    const sent = await submitPrint(app, token, [{ name: 'giai-tich.pdf', content: pdf }], { printerId, documents });
    expect(sent.statusCode).toBe(200);
    const job = body<StudentPrintingResponse>(sent).data.printingLogs[0];
    if (!job) throw new Error('no job');
    return job;
  };
  const statusOf = async (id: string) =>
    (await app.db.one<{ status: string }>('SELECT status FROM printing_logs WHERE id = $1', [id]))?.status;
  const refundsOf = async (id: string) =>
    (
      await app.db.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM page_ledger WHERE kind = 'refund' AND ref_type = 'printing_log' AND ref_id = $1`,
        [id],
      )
    )?.n;
  const newStation = async (printerId = HELD) => {
    const created = await app.inject({
      method: 'POST',
      url: '/v1/spso/release-station',
      headers: bearer(spso),
      payload: { printerId },
    });
    expect(created.statusCode).toBe(200);
    return body<ReleaseStationCreated>(created).data;
  };
  const stationCode = async (token: string) => {
    const answer = await app.inject({ url: '/v1/release-station/code', headers: { 'x-station-token': token } });
    expect(answer.statusCode).toBe(200);
    return body<StationCodeResponse>(answer).data;
  };
  const release = (token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/v1/student/release', headers: bearer(token), payload });
  const keypad = (stationToken: string, releaseCode: string) =>
    app.inject({
      method: 'POST',
      url: '/v1/release-station/release',
      headers: { 'x-station-token': stationToken },
      payload: { releaseCode },
    });
  const history = async (token: string) =>
    body<StudentFilterLogsResponse>(await app.inject({ url: '/v1/student/filterLogs', headers: bearer(token) })).data
      .printingLogs;

  it('a held printer says so in every list; a job there is Held, charged, with a code only its owner sees', async () => {
    const student = await newStudent(app, 20);
    for (const [url, token] of [
      ['/v1/student/printers', student.token],
      ['/v1/staff/printers', staff],
      ['/v1/spso/printers', spso],
    ] as const) {
      const printers = (await app.inject({ url, headers: bearer(token) })).json().data.printers as {
        printerId: string;
        releaseMode: string;
      }[];
      expect(printers.find((p) => p.printerId === HELD)?.releaseMode).toBe('held');
      expect(printers.find((p) => p.printerId === DIRECT)?.releaseMode).toBe('direct');
    }
    const before = Date.now();
    const job = await print(student.token);
    expect(job.status).toBe('Held');
    expect(job.releaseCode).toMatch(CODE);
    const heldUntil = Date.parse(job.heldUntil ?? '');
    expect(heldUntil).toBeGreaterThanOrEqual(before + 60 * MINUTE - 1000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 60 * MINUTE + 1000);
    expect(await balanceOf(app.db, student.id)).toBe(16);
    const mine = (await history(student.token)).find((log) => log._id === job._id);
    expect(mine).toMatchObject({ status: 'Held', releaseCode: job.releaseCode });

    // staff and officers see the job, never its code
    const mssv = `SV${student.id.slice(0, 6)}`;
    await app.db.query('UPDATE users SET mssv = $2 WHERE id = $1', [student.id, mssv]);
    for (const [url, token] of [
      [`/v1/staff/studentHistory?studentId=${mssv}`, staff],
      [`/v1/spso/printingLog?printerId=${HELD}`, spso],
      [`/v1/staff/printingQueue?printerId=${HELD}`, staff],
    ] as const) {
      const answer = await app.inject({ url, headers: bearer(token) });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).not.toContain(job.releaseCode);
      expect(answer.body).not.toContain('heldUntil');
    }
    // a direct printer queues as before
    const direct = await print(student.token, DIRECT);
    expect(direct).toMatchObject({ status: 'Queued', releaseCode: null, heldUntil: null });
  });

  it('Held → released at the station → Queued → printed by the dispatcher, which never took it while Held', async () => {
    const student = await newStudent(app, 20);
    const job = await print(student.token);
    const dispatcher = new Dispatcher({
      db: app.db,
      events: app.events,
      driver: new SimulatedDriver(1),
      instanceId: 'release-test',
      pollMs: 10,
    });
    try {
      await dispatcher.start();
      await sleep(150);
      expect(await dispatcher.claimNext(HELD)).toBeNull();
      expect(await statusOf(job._id)).toBe('Held');

      const station = await newStation();
      const released = await keypad(station.token, (job.releaseCode ?? '').toLowerCase().replace(/^(...)/, '$1-'));
      expect(released.statusCode).toBe(200);
      const shown = body<StationReleasedJob>(released).data;
      expect(shown).toMatchObject({ _id: job._id, printerId: HELD, status: 'Queued', total_pages: 4 });
      // a shortened name, no file name, no student code
      expect(released.body).not.toContain('giai-tich');
      expect(shown.owner).toMatch(/^(\p{Lu}\. )+\S+$/u);

      const end = Date.now() + 10_000;
      while ((await statusOf(job._id)) !== 'Completed' && Date.now() < end) await sleep(20);
      expect(await statusOf(job._id)).toBe('Completed');
      // the code released it once: typed again it is no job's
      const again = await keypad(station.token, job.releaseCode ?? '');
      expect(again.statusCode).toBe(422);
      expect(body(again).code).toBe('RELEASE_CODE_INVALID');
    } finally {
      await dispatcher.stop();
    }
    expect(await balanceOf(app.db, student.id)).toBe(16);
  });

  it("a wrong job code says nothing: no such code and another printer's job answer alike", async () => {
    const student = await newStudent(app, 20);
    const elsewhere = await print(student.token, OTHER_HELD);
    const station = await newStation();
    const unknown = await keypad(station.token, 'AAAAAA');
    const otherPrinter = await keypad(station.token, elsewhere.releaseCode ?? '');
    expect(unknown.statusCode).toBe(422);
    expect(otherPrinter.statusCode).toBe(422);
    expect(body(unknown)).toEqual(body(otherPrinter));
    expect(body(unknown).message).toMatch(VIETNAMESE);
    expect(await statusOf(elsewhere._id)).toBe('Held');
    // not a code at all: 400
    for (const bad of ['', 'ABC', 'A0O1IL', 'ABCDEFGH']) {
      const refused = await keypad(station.token, bad);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).message).toMatch(VIETNAMESE);
    }
  });

  it('station codes: the current one releases once, the previous one still works for 60 s, an old one never', async () => {
    const student = await newStudent(app, 40);
    const station = await newStation();
    const first = await stationCode(station.token);
    expect(first.code).toMatch(CODE);
    expect(first.printerId).toBe(HELD);
    expect(Date.parse(first.expiresAt) - clock().getTime()).toBeGreaterThan(55_000);
    // the same code within its minute, whoever asks
    expect((await stationCode(station.token)).code).toBe(first.code);

    // wrong code: refused, nothing released
    const held = [await print(student.token), await print(student.token)];
    const wrong = await release(student.token, {
      printerId: HELD,
      stationCode: first.code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA',
    });
    expect(wrong.statusCode).toBe(422);
    expect(body(wrong).code).toBe('RELEASE_CODE_INVALID');

    // one job by its id with the current code
    const one = await release(student.token, { printerId: HELD, stationCode: first.code, printingLogId: held[0]?._id });
    expect(one.statusCode).toBe(200);
    expect(body<StudentReleaseResponse>(one).data.printingLogs.map((l) => [l._id, l.status])).toEqual([
      [held[0]?._id, 'Queued'],
    ]);
    // reused: the code is spent, the other job stays held; the station shows a new code at once
    const reused = await release(student.token, { printerId: HELD, stationCode: first.code });
    expect(reused.statusCode).toBe(422);
    expect(await statusOf(held[1]?._id ?? '')).toBe('Held');
    const second = await stationCode(station.token);
    expect(second.code).not.toBe(first.code);

    // 61 s later the station shows a third code; the second is still taken (the previous one, 60 s more)
    shift = 61_000;
    const third = await stationCode(station.token);
    expect(third.code).not.toBe(second.code);
    const previous = await release(student.token, { printerId: HELD, stationCode: second.code });
    expect(previous.statusCode).toBe(200);
    expect(body<StudentReleaseResponse>(previous).data.printingLogs.map((l) => l._id)).toEqual([held[1]?._id]);

    // two windows after its issue a code is dead, never used or not
    const late = await print(student.token);
    shift = 61_000 + 121_000;
    const old = await release(student.token, { printerId: HELD, stationCode: third.code });
    expect(old.statusCode).toBe(422);
    expect(body(old).code).toBe('RELEASE_CODE_INVALID');
    expect(await statusOf(late._id)).toBe('Held');
    // and a code of this printer's station does nothing at another printer
    const fresh = await stationCode(station.token);
    const atOther = await release(student.token, { printerId: OTHER_HELD, stationCode: fresh.code });
    expect(atOther.statusCode).toBe(422);
    // the fresh one releases every held job of the caller at the printer
    const all = await release(student.token, { printerId: HELD, stationCode: fresh.code });
    expect(all.statusCode).toBe(200);
    expect(body<StudentReleaseResponse>(all).data.printingLogs.map((l) => l._id)).toEqual([late._id]);
  });

  it("a student releases only their own jobs: another's job by id is as unknown as no job, the code not spent", async () => {
    const owner = await newStudent(app, 20);
    const other = await newStudent(app, 20);
    const job = await print(owner.token);
    const station = await newStation();
    const { code } = await stationCode(station.token);
    const theirs = await release(other.token, { printerId: HELD, stationCode: code, printingLogId: job._id });
    const none = await release(other.token, {
      printerId: HELD,
      stationCode: code,
      printingLogId: '00000000-0000-4000-8000-000000000000',
    });
    expect(theirs.statusCode).toBe(404);
    expect(none.statusCode).toBe(404);
    expect(body(theirs).message).toBe(body(none).message);
    expect(await statusOf(job._id)).toBe('Held');
    // the code was not spent by releases that released nothing: the owner uses it
    const mine = await release(owner.token, { printerId: HELD, stationCode: code });
    expect(mine.statusCode).toBe(200);
    expect(await statusOf(job._id)).toBe('Queued');
  });

  it('a revoked station stops at once: its key and its codes', async () => {
    const student = await newStudent(app, 20);
    const job = await print(student.token);
    const station = await newStation();
    const { code } = await stationCode(station.token);
    const revoked = await app.inject({
      method: 'DELETE',
      url: '/v1/spso/release-station',
      headers: bearer(spso),
      payload: { stationId: station.stationId },
    });
    expect(revoked.statusCode).toBe(200);
    for (const answer of [
      await app.inject({ url: '/v1/release-station/code', headers: { 'x-station-token': station.token } }),
      await keypad(station.token, job.releaseCode ?? ''),
      await app.inject({ url: '/v1/release-station/code' }),
      await app.inject({ url: '/v1/release-station/code', headers: { 'x-station-token': 'rs_forged' } }),
    ]) {
      expect(answer.statusCode).toBe(401);
      expect(body(answer).code).toBe('STATION_TOKEN_INVALID');
      expect(body(answer).message).toMatch(VIETNAMESE);
    }
    const phone = await release(student.token, { printerId: HELD, stationCode: code });
    expect(phone.statusCode).toBe(422);
    expect(await statusOf(job._id)).toBe('Held');
    // revoked twice, or an unknown id: 404; not an id: 404 too
    for (const stationId of [station.stationId, 'not-an-id']) {
      const again = await app.inject({
        method: 'DELETE',
        url: '/v1/spso/release-station',
        headers: bearer(spso),
        payload: { stationId },
      });
      expect(again.statusCode).toBe(404);
    }
  });

  it('release is refused while the device reports an error, saying so; the job and the code wait', async () => {
    const student = await newStudent(app, 20);
    const job = await print(student.token);
    const station = await newStation();
    const { code } = await stationCode(station.token);
    await app.db.query(
      `UPDATE printers SET driver_kind = 'ipp', driver_uri = 'ipp://127.0.0.1:9/ipp/print', device_state = 'stopped',
              device_reasons = '{media-jam-error}', device_takes_jobs = false WHERE printer_id = $1`,
      [HELD],
    );
    try {
      for (const answer of [
        await release(student.token, { printerId: HELD, stationCode: code }),
        await keypad(station.token, job.releaseCode ?? ''),
      ]) {
        expect(answer.statusCode).toBe(422);
        expect(body(answer).code).toBe('PRINTER_OFFLINE');
        expect(body(answer).message).toMatch(/báo lỗi/);
      }
      expect(await statusOf(job._id)).toBe('Held');
    } finally {
      await app.db.query(
        `UPDATE printers SET driver_kind = 'simulated', driver_uri = NULL, device_state = NULL, device_reasons = '{}',
                device_takes_jobs = true WHERE printer_id = $1`,
        [HELD],
      );
    }
    const later = await release(student.token, { printerId: HELD, stationCode: code });
    expect(later.statusCode).toBe(200);
    expect(await statusOf(job._id)).toBe('Queued');
  });

  it('code attempts are limited per station and per student (429), and allowed again later', async () => {
    const student = await newStudent(app, 20);
    const station = await newStation();
    const keypadAnswers: number[] = [];
    for (let i = 0; i < 12; i += 1) keypadAnswers.push((await keypad(station.token, 'AAAAAA')).statusCode);
    expect(keypadAnswers.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(keypadAnswers.slice(10)).toEqual([429, 429]);
    const phoneAnswers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      phoneAnswers.push((await release(student.token, { printerId: HELD, stationCode: 'AAAAAA' })).statusCode);
    }
    expect(phoneAnswers.slice(0, 5).every((status) => status === 422)).toBe(true);
    expect(phoneAnswers.slice(5)).toEqual([429, 429]);
    const limited = await keypad(station.token, 'AAAAAA');
    expect(body(limited).message).toMatch(VIETNAMESE);
    // another station is not limited by this one's tries
    expect((await keypad((await newStation()).token, 'AAAAAA')).statusCode).toBe(422);
    shift = 60_000;
    expect((await keypad(station.token, 'AAAAAA')).statusCode).toBe(422);
    expect((await release(student.token, { printerId: HELD, stationCode: 'AAAAAA' })).statusCode).toBe(422);
  });

  it('a held job past its deadline expires and is refunded once; its owner is told 10 minutes before', async () => {
    const student = await newStudent(app, 20);
    const job = await print(student.token);
    const deadline = Date.parse(job.heldUntil ?? '');
    const service = app.services.release;

    // 11 minutes before: nothing yet
    expect(await service.expireHeldJobs(new Date(deadline - 11 * MINUTE))).toEqual({ told: 0, expired: 0 });
    // 9 minutes before: told once, however often the expiry runs
    const told = await service.expireHeldJobs(new Date(deadline - 9 * MINUTE));
    expect(told.told).toBeGreaterThanOrEqual(1);
    await service.expireHeldJobs(new Date(deadline - 8 * MINUTE));
    const notices = await app.db.query<{ action: string; description: string }>(
      `SELECT action, description FROM notices WHERE receiver_id = $1`,
      [student.id],
    );
    expect(notices).toEqual([{ action: 'job-expiring', description: expect.stringMatching(/9 phút/) }]);
    expect(await statusOf(job._id)).toBe('Held');

    // past the deadline: Expired and refunded, once, by runs racing each other
    const at = new Date(deadline + 1000);
    const runs = await Promise.all([
      service.expireHeldJobs(at),
      service.expireHeldJobs(at),
      service.expireHeldJobs(at),
    ]);
    expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBeGreaterThanOrEqual(1);
    expect(await statusOf(job._id)).toBe('Expired');
    expect(await refundsOf(job._id)).toBe(1);
    expect(await balanceOf(app.db, student.id)).toBe(20);
    expect((await service.expireHeldJobs(new Date(deadline + 60 * MINUTE))).expired).toBe(0);
    expect(await refundsOf(job._id)).toBe(1);
    const shown = (await history(student.token)).find((log) => log._id === job._id);
    expect(shown).toMatchObject({ status: 'Expired', releaseCode: null, failureReason: 'expired' });
    // an expired job cannot be released, extended or moved
    const station = await newStation();
    const { code } = await stationCode(station.token);
    expect((await release(student.token, { printerId: HELD, stationCode: code })).statusCode).toBe(404);
  });

  it('two instances on one database expire each job once (schedulers racing)', async () => {
    const students = await Promise.all([newStudent(app, 20), newStudent(app, 20), newStudent(app, 20)]);
    const jobs: StudentPrintingLog[] = [];
    for (const student of students) for (let i = 0; i < 2; i += 1) jobs.push(await print(student.token));
    const second = await secondInstance(t);
    try {
      const at = () => new Date(Date.now() + 61 * MINUTE);
      const a = new ExpiryScheduler({ release: app.services.release, now: at, intervalMs: 60_000 });
      const b = new ExpiryScheduler({ release: second.app.services.release, now: at, intervalMs: 60_000 });
      const results = await Promise.all([a.runOnce(), b.runOnce(), second.app.services.release.expireHeldJobs(at())]);
      const expired = results.reduce((sum, result) => sum + (result?.expired ?? 0), 0);
      expect(expired).toBeGreaterThanOrEqual(jobs.length);
      for (const job of jobs) {
        expect(await statusOf(job._id)).toBe('Expired');
        expect(await refundsOf(job._id)).toBe(1);
      }
      for (const student of students) expect(await balanceOf(app.db, student.id)).toBe(20);
    } finally {
      await second.close();
    }
  });

  it('extends a held job by 30 minutes once; a second time, a queued job or another student’s job are refused', async () => {
    const student = await newStudent(app, 20);
    const other = await newStudent(app, 20);
    const job = await print(student.token);
    const extend = (token: string, printingLogId: string) =>
      app.inject({ method: 'PUT', url: '/v1/student/extend', headers: bearer(token), payload: { printingLogId } });
    const theirs = await extend(other.token, job._id);
    expect(theirs.statusCode).toBe(404);
    const first = await extend(student.token, job._id);
    expect(first.statusCode).toBe(200);
    const extended = body<HeldJobResponse>(first).data.printingLog;
    expect(Date.parse(extended.heldUntil ?? '') - Date.parse(job.heldUntil ?? '')).toBe(30 * MINUTE);
    expect(extended.extended).toBe(true);
    const second = await extend(student.token, job._id);
    expect(second.statusCode).toBe(422);
    expect(body(second).message).toMatch(/một lần/);
    const queued = await print(student.token, DIRECT);
    expect((await extend(student.token, queued._id)).statusCode).toBe(422);
    expect((await extend(student.token, 'not-an-id')).statusCode).toBe(404);
    // the extension is what the expiry reads
    const at = new Date(Date.parse(job.heldUntil ?? '') + 1000);
    await app.services.release.expireHeldJobs(at);
    expect(await statusOf(job._id)).toBe('Held');
  });

  it('moves a held or queued job to a printer that takes it, keeping the charge; refuses one that cannot', async () => {
    const student = await newStudent(app, 40);
    const other = await newStudent(app, 20);
    const move = (token: string, printingLogId: string, printerId: string) =>
      app.inject({
        method: 'PUT',
        url: '/v1/student/move',
        headers: bearer(token),
        payload: { printingLogId, printerId },
      });
    const ledgerRows = async () =>
      (await app.db.one<{ n: number }>('SELECT count(*)::int AS n FROM page_ledger WHERE user_id = $1', [student.id]))
        ?.n;

    const held = await print(student.token, HELD, [{ numVersion: 2, paperSize: 'A3' }]);
    const balance = await balanceOf(app.db, student.id);
    const rows = await ledgerRows();

    // held → direct: Queued there, the code gone, same cost, no ledger row
    const toDirect = await move(student.token, held._id, DIRECT);
    expect(toDirect.statusCode).toBe(200);
    const queued = body<HeldJobResponse>(toDirect).data.printingLog;
    expect(queued).toMatchObject({ printerId: DIRECT, status: 'Queued', releaseCode: null, cost: held.cost });
    // queued → held: Held there with a new code
    const toHeld = await move(student.token, held._id, OTHER_HELD);
    expect(toHeld.statusCode).toBe(200);
    const heldAgain = body<HeldJobResponse>(toHeld).data.printingLog;
    expect(heldAgain).toMatchObject({ printerId: OTHER_HELD, status: 'Held', cost: held.cost });
    expect(heldAgain.releaseCode).toMatch(CODE);
    expect(await balanceOf(app.db, student.id)).toBe(balance);
    expect(await ledgerRows()).toBe(rows);

    // printers that cannot take it: paused, the same one, a device without A3
    expect((await move(student.token, held._id, 'B3-203')).statusCode).toBe(422);
    expect((await move(student.token, held._id, OTHER_HELD)).statusCode).toBe(422);
    await app.db.query(
      `UPDATE printers SET driver_kind = 'ipp', driver_uri = 'ipp://127.0.0.1:9/ipp/print', device_state = 'idle',
              device_capabilities = $2::jsonb WHERE printer_id = $1`,
      [
        DIRECT,
        JSON.stringify({
          makeAndModel: 'A4 only',
          media: ['iso_a4_210x297mm'],
          sides: [],
          colorModes: [],
          formats: [],
          numberUp: [],
          maxCopies: null,
          pageRanges: null,
          orientations: [],
          operations: [],
        }),
      ],
    );
    try {
      const a4Only = await move(student.token, held._id, DIRECT);
      expect(a4Only.statusCode).toBe(422);
      expect(body(a4Only).code).toBe('OPTION_UNSUPPORTED');
    } finally {
      await app.db.query(
        `UPDATE printers SET driver_kind = 'simulated', driver_uri = NULL, device_state = NULL,
                device_capabilities = NULL WHERE printer_id = $1`,
        [DIRECT],
      );
    }
    expect((await move(student.token, held._id, 'NO-SUCH')).statusCode).toBe(404);
    // someone else's job: as unknown as none
    const theirs = await move(other.token, held._id, DIRECT);
    expect(theirs.statusCode).toBe(404);
    expect(await statusOf(held._id)).toBe('Held');
    // a job that ended cannot move
    const done = await print(student.token, DIRECT);
    await app.db.query(`UPDATE printing_logs SET status = 'Completed', finish_date = now() WHERE id = $1`, [done._id]);
    expect((await move(student.token, done._id, HELD)).statusCode).toBe(422);
    // a held job can be cancelled like a queued one: refunded once
    const cancelled = await app.inject({
      method: 'DELETE',
      url: '/v1/student/cancelLog',
      headers: bearer(student.token),
      payload: { printingLogId: held._id },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await refundsOf(held._id)).toBe(1);
  });

  it('checks the roles and the input of every route: 403 for other roles, 400 in Vietnamese for bad bodies', async () => {
    const student = await newStudent(app, 20);
    const studentRoutes = [
      ['POST', '/v1/student/release', { printerId: HELD, stationCode: 'AAAAAA' }],
      ['PUT', '/v1/student/move', { printingLogId: 'x', printerId: HELD }],
      ['PUT', '/v1/student/extend', { printingLogId: 'x' }],
    ] as const;
    for (const [method, url, payload] of studentRoutes) {
      for (const token of [staff, spso]) {
        expect((await app.inject({ method, url, headers: bearer(token), payload })).statusCode).toBe(403);
      }
      expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      const empty = await app.inject({ method, url, headers: bearer(student.token), payload: {} });
      expect(empty.statusCode).toBe(400);
      expect(body(empty).message).toMatch(VIETNAMESE);
    }
    for (const [method, payload] of [
      ['POST', { printerId: HELD }],
      ['DELETE', { stationId: 'x' }],
    ] as const) {
      for (const token of [staff, student.token]) {
        const refused = await app.inject({ method, url: '/v1/spso/release-station', headers: bearer(token), payload });
        expect(refused.statusCode).toBe(403);
      }
    }
    const noPrinter = await app.inject({
      method: 'POST',
      url: '/v1/spso/release-station',
      headers: bearer(spso),
      payload: { printerId: 'NO-SUCH' },
    });
    expect(noPrinter.statusCode).toBe(404);
    const badMode = await app.inject({
      method: 'PUT',
      url: '/v1/spso/printer',
      headers: bearer(spso),
      payload: { printerId: DIRECT, releaseMode: 'later' },
    });
    expect(badMode.statusCode).toBe(400);
    expect(body(badMode).message).toMatch(VIETNAMESE);
    const badCode = await release(student.token, { printerId: HELD, stationCode: 'A0O1IL' });
    expect(badCode.statusCode).toBe(400);
    expect(body(badCode).message).toMatch(VIETNAMESE);
  });

  it('heldJobMinutes: an officer setting (1..1440, 60 by default) that sets the deadline of new held jobs', async () => {
    const config = async () =>
      body<SystemConfigView>(await app.inject({ url: '/v1/spso/systemConfig', headers: bearer(spso) })).data;
    const current = await config();
    expect(current).toMatchObject({ heldJobMinutes: 60, defaultHeldJobMinutes: 60 });
    const put = (heldJobMinutes: unknown) => putSystemConfig(app, spso, { heldJobMinutes });
    for (const bad of [0, 1441, 2.5]) {
      const refused = await put(bad);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).message).toMatch(/Thời gian giữ lệnh in/);
    }
    try {
      expect((await put(15)).statusCode).toBe(200);
      expect((await config()).heldJobMinutes).toBe(15);
      const student = await newStudent(app, 20);
      const job = await print(student.token);
      expect(Date.parse(job.heldUntil ?? '') - Date.now()).toBeLessThanOrEqual(15 * MINUTE);
      expect(Date.parse(job.heldUntil ?? '') - Date.now()).toBeGreaterThan(14 * MINUTE);
    } finally {
      expect((await put(60)).statusCode).toBe(200);
    }
  });

  it('a printer switched back to direct sends its held jobs to the queue', async () => {
    const student = await newStudent(app, 20);
    const job = await print(student.token, OTHER_HELD);
    const set = (releaseMode: string) =>
      app.inject({
        method: 'PUT',
        url: '/v1/spso/printer',
        headers: bearer(spso),
        payload: { printerId: OTHER_HELD, releaseMode },
      });
    expect((await set('direct')).statusCode).toBe(200);
    expect(await statusOf(job._id)).toBe('Queued');
    expect((await set('held')).statusCode).toBe(200);
  });
});
