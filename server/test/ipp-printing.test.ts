import { createServer, type AddressInfo, type Server } from 'node:net';
import type { NoticeListResponse, PrinterProbeResponse, StudentPrinterListResponse } from 'shared-api/contracts';
import { uploadDirOf } from '../src/config';
import { Dispatcher } from '../src/print-queue/dispatcher';
import { PrinterDrivers } from '../src/print-queue/drivers/driver-registry';
import { deviceUserName } from '../src/print-queue/drivers/ipp/ipp-driver';
import { ippCall } from '../src/print-queue/drivers/ipp/ipp-client';
import { SimulatedDriver } from '../src/print-queue/drivers/simulated-driver';
import { PrinterMonitor } from '../src/print-queue/printer-monitor';
import { bearer, body, createTestApp, DRIVER, loginAs, sleep, type TestApp, expectLedgerInvariant } from './helpers';
import { IppPrinter, ippeveprinterMissing } from './ipp-printer';
import { toolMissing } from './system-tools';
import { makePdf, newStudent, submitPrint } from './printing-fixtures';

/**
 * Real printers, end to end against a real IPP server (CUPS's ippeveprinter): an officer tests the
 * connection and adds the printer by its address, students print to it, and the job reaches the device
 * with the options they chose (read back from the device's side); aborted jobs, jams, a device killed
 * mid-job or away when a job is sent, a send whose answer was lost, and health changes, each with the
 * ledger invariant after. Skipped, with the reason printed, where ippeveprinter cannot run.
 */

const describeWithDevice = toolMissing('ipp-printing.test.ts (ippeveprinter)', ippeveprinterMissing())
  ? describe.skip
  : describe;

describeWithDevice(`printing to real IPP printers (${DRIVER}, ippeveprinter)`, () => {
  let t: TestApp;
  let officer: string;
  const printers: IppPrinter[] = [];
  const dispatchers: Dispatcher[] = [];
  let count = 0;

  beforeAll(async () => {
    t = await createTestApp({ config: { printDispatcher: false } });
    officer = (await loginAs(t.app, 'spso')).accessToken;
  });

  afterEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
    await Promise.all(printers.splice(0).map((p) => p.stop()));
    await expectLedgerInvariant(t.app.db);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function device(options: Parameters<typeof IppPrinter.start>[0] = {}): Promise<IppPrinter> {
    const printer = await IppPrinter.start(options);
    printers.push(printer);
    return printer;
  }

  /** The officer adds a printer by its device address, as the add dialog does. */
  async function addPrinter(deviceUri: string): Promise<string> {
    count += 1;
    const printerId = `IPP-${count}-${Date.now().toString(36).slice(-4)}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/spso/printer',
      headers: bearer(officer),
      payload: {
        printerId,
        brand: 'HP',
        model: 'LaserJet',
        location: { facility: 'CS1', department: 'B1', room: '101' },
        deviceUri,
      },
    });
    expect(response.statusCode).toBe(200);
    return printerId;
  }

  function monitor(): PrinterMonitor {
    return new PrinterMonitor({
      db: t.app.db,
      events: t.app.events,
      instanceId: 'ipp-test-monitor',
      deadlineMs: 2_000,
    });
  }

  function dispatcher(instanceId = 'ipp-test', largeFileBytes?: number): Dispatcher {
    const d = new Dispatcher({
      db: t.app.db,
      events: t.app.events,
      drivers: PrinterDrivers.withIpp(new SimulatedDriver(1), {
        largeFileBytes,
        followMs: 50,
        lookDeadlineMs: 5_000,
        sendDeadlineMs: 10_000,
      }),
      instanceId,
      uploadDir: uploadDirOf(t.app.appConfig),
      pollMs: 50,
      leaseMs: 60_000,
      maxBackoffMs: 500,
    });
    dispatchers.push(d);
    return d;
  }

  const job = (id: string) =>
    t.app.db.one<{
      status: string;
      failure_reason: string | null;
      device_job_id: number | null;
      total_pages: number;
      impressions_completed: number | null;
    }>(
      'SELECT status, failure_reason, device_job_id, total_pages, impressions_completed FROM printing_logs WHERE id = $1',
      [id],
    );

  const balanceOf = async (userId: string) =>
    (await t.app.db.one<{ balance: number }>('SELECT balance FROM users WHERE id = $1', [userId]))?.balance;

  async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      if (await check()) return;
      await sleep(25);
    }
    throw new Error(`${what}: not reached in time`);
  }

  async function print(
    token: string,
    printerId: string,
    options: Record<string, unknown> = {},
    pages = 3,
  ): Promise<{ statusCode: number; id: string; code?: string; message: string }> {
    const response = await submitPrint(t.app, token, [{ name: 'bai-tap.pdf', content: await makePdf(pages) }], {
      printerId,
      documents: [options],
    });
    const envelope = body<{ printingLogs?: { _id: string }[] }>(response);
    return {
      statusCode: response.statusCode,
      id: envelope.data?.printingLogs?.[0]?._id ?? '',
      code: envelope.code,
      message: envelope.message,
    };
  }

  const noticesOf = async (action: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/spso/notices?per_page=50',
      headers: bearer(officer),
    });
    return body<NoticeListResponse>(response).data.allNotices.filter((n) => n.action === action);
  };

  it('the officer tests the connection: make, model, state and what the device can do; a wrong scheme 400, no answer 422 within 5 s', async () => {
    const printer = await device({ makeAndModel: 'HP LaserJet M507' });
    const probe = (deviceUri: string, token = officer) =>
      t.app.inject({ method: 'POST', url: '/v1/spso/printer/probe', headers: bearer(token), payload: { deviceUri } });
    const ok = await probe(printer.uri);
    expect(ok.statusCode).toBe(200);
    const answer = body<PrinterProbeResponse>(ok).data;
    expect(answer).toMatchObject({ makeAndModel: 'HP LaserJet M507', state: 'idle' });
    expect(answer.media).toEqual(expect.arrayContaining(['iso_a4_210x297mm', 'iso_a3_297x420mm']));
    expect(answer.sides).toContain('two-sided-long-edge');
    expect(answer.colorModes).toEqual(expect.arrayContaining(['monochrome', 'color']));
    // ippeveprinter takes any format as application/octet-stream (its -f cannot go with a conf file)
    expect(answer.formats).toContain('application/octet-stream');

    for (const wrong of ['http://localhost:631/ipp/print', 'file:///etc/passwd', 'socket://10.0.0.1:9100']) {
      const refused = await probe(wrong);
      expect(refused.statusCode).toBe(400);
      expect(body(refused).message).toMatch(/ipp:\/\//);
    }
    // nothing listens there: refused at once; a port that accepts and never answers: 422 within 5 s
    const closed = await probe('ipp://127.0.0.1:9/ipp/print');
    expect(closed.statusCode).toBe(422);
    expect(body(closed).code).toBe('DEVICE_UNREACHABLE');
    const silent = await new Promise<Server>((resolve) => {
      const server = createServer(() => undefined).listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const { port } = silent.address() as AddressInfo;
      const started = Date.now();
      const hung = await probe(`ipp://127.0.0.1:${port}/ipp/print`);
      expect(hung.statusCode).toBe(422);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(body(hung).message).toMatch(/5 giây/);
    } finally {
      silent.close();
    }
    // only officers
    const staff = (await loginAs(t.app, 'staff')).accessToken;
    expect((await probe(printer.uri, staff)).statusCode).toBe(403);
    const student = await newStudent(t.app, 1);
    expect((await probe(printer.uri, student.token)).statusCode).toBe(403);
  });

  it("a student's PDF reaches the device with copies, two-sided, n-up, A3, colour, landscape and pages as IPP attributes, and ends Completed", async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    await monitor().check(printerId, printer.uri);
    const student = await newStudent(t.app, 100);
    const sent = await print(
      student.token,
      printerId,
      {
        paperSize: 'A3',
        numVersion: 2,
        numSides: 2,
        pagesPerSheet: 2,
        colorOption: true,
        landScapeOption: true,
        pages: '1-4',
      },
      6,
    );
    expect(sent).toMatchObject({ statusCode: 200, message: expect.any(String) });
    dispatcher().start();
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed');
    const [received] = printer.jobs();
    expect(printer.jobs()).toHaveLength(1);
    expect(received).toMatchObject({
      IPP_COPIES: '2',
      IPP_SIDES: 'two-sided-short-edge',
      IPP_NUMBER_UP: '2',
      IPP_MEDIA: 'iso_a3_297x420mm',
      IPP_PRINT_COLOR_MODE: 'color',
      IPP_ORIENTATION_REQUESTED: 'landscape',
      IPP_PAGE_RANGES: '1-4',
      IPP_DOCUMENT_FORMAT_SUPPLIED: 'application/pdf',
      IPP_JOB_NAME: 'bai-tap.pdf',
      // the device's job list names our job, not the student
      IPP_JOB_ORIGINATING_USER_NAME: deviceUserName(sent.id),
    });
    // 4 pages, 2 a side, 2 sides: 1 sheet a copy, 2 copies of A3 = 4 A4 pages; nothing refunded
    expect(await balanceOf(student.id)).toBe(96);
    expect((await job(sent.id))?.device_job_id).toEqual(expect.any(Number));
  });

  it('portrait two-sided binds on the long edge; one-sided monochrome A4 by default', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 20);
    const a = await print(student.token, printerId, { numSides: 2 });
    const b = await print(student.token, printerId, {});
    // a refusal shows its message here
    expect([a, b].map(({ statusCode, message }) => [statusCode, message])).toEqual([
      [200, expect.any(String)],
      [200, expect.any(String)],
    ]);
    dispatcher().start();
    await until(
      async () => (await job(b.id))?.status === 'Completed' && (await job(a.id))?.status === 'Completed',
      'both',
    );
    const [first, second] = printer.jobs();
    expect(first).toMatchObject({ IPP_SIDES: 'two-sided-long-edge', IPP_ORIENTATION_REQUESTED: 'portrait' });
    expect(second).toMatchObject({
      IPP_SIDES: 'one-sided',
      IPP_MEDIA: 'iso_a4_210x297mm',
      IPP_PRINT_COLOR_MODE: 'monochrome',
      IPP_COPIES: '1',
      IPP_NUMBER_UP: '1',
    });
    expect(second?.IPP_PAGE_RANGES).toBeUndefined();
  });

  it('a large file goes by Create-Job then Send-Document, with the same attributes', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 20);
    const sent = await print(student.token, printerId, { numVersion: 3, numSides: 2 });
    expect(sent).toMatchObject({ statusCode: 200, message: expect.any(String) });
    // every file is "large" for this dispatcher
    dispatcher('ipp-large', 1).start();
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed');
    expect(printer.jobs()).toEqual([expect.objectContaining({ IPP_COPIES: '3', IPP_SIDES: 'two-sided-long-edge' })]);
    expect(printer.log()).toMatch(/Create-Job/);
    expect(printer.log()).toMatch(/Send-Document/);
    expect(printer.log()).not.toMatch(/Print-Job/);
  });

  it('an option the device cannot do is refused before charging, naming it', async () => {
    const printer = await device({ colorModes: ['monochrome'], sides: ['one-sided'] });
    const printerId = await addPrinter(printer.uri);
    await monitor().check(printerId, printer.uri);
    const student = await newStudent(t.app, 20);
    const colour = await print(student.token, printerId, { colorOption: true });
    expect(colour.statusCode).toBe(422);
    expect(colour.code).toBe('OPTION_UNSUPPORTED');
    expect(colour.message).toMatch(/in màu/);
    const duplex = await print(student.token, printerId, { numSides: 2 });
    expect(duplex.message).toMatch(/hai mặt/);
    expect(await balanceOf(student.id)).toBe(20);
    expect(printer.jobs()).toHaveLength(0);
  });

  it('a job the device aborts is Failed with its reason and refunded once', async () => {
    const printer = await device();
    printer.set({ fail: 'Paper jam in tray 2' });
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 10);
    const sent = await print(student.token, printerId);
    expect(await balanceOf(student.id)).toBe(7);
    dispatcher().start();
    await until(async () => (await job(sent.id))?.status === 'Failed', 'job failed');
    expect((await job(sent.id))?.failure_reason).toMatch(/Paper jam in tray 2/);
    expect(await balanceOf(student.id)).toBe(10);
    expect(printer.printedCount()).toBe(0);
  });

  it('a jam: the device printed fewer sheets than charged; the difference is refunded and noted in the ledger', async () => {
    const printer = await device();
    printer.set({ impressions: 2 });
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 20);
    const sent = await print(student.token, printerId, {}, 5);
    expect(await balanceOf(student.id)).toBe(15);
    dispatcher().start();
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed');
    expect(await job(sent.id)).toMatchObject({ total_pages: 2, impressions_completed: 2 });
    // 5 charged, 2 printed: 3 back, written in the ledger with why
    expect(await balanceOf(student.id)).toBe(18);
    const refund = await t.app.db.one<{ delta: number; note: string }>(
      `SELECT delta, note FROM page_ledger WHERE ref_id = $1 AND kind = 'refund'`,
      [sent.id],
    );
    expect(refund?.delta).toBe(3);
    expect(refund?.note).toMatch(/2\/5/);
  });

  it('a device killed mid-job: the job stays in progress, and prints once when the device is back (a new device job, never two)', async () => {
    const printer = await device();
    // long enough that the kill comes before the device finishes, even on a loaded machine (it is killed at once)
    printer.set({ sleep: 20 });
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 10);
    const sent = await print(student.token, printerId, {}, 2);
    dispatcher().start();
    await until(async () => printer.jobs().length === 1, 'the device received the job');
    await printer.kill();
    // the job stays with the device it was given to; the printer shows the device away
    await until(
      async () =>
        (
          await t.app.db.one<{ device_state: string }>('SELECT device_state FROM printers WHERE printer_id = $1', [
            printerId,
          ])
        )?.device_state === 'offline',
      'printer offline',
    );
    expect((await job(sent.id))?.status).toBe('InProgress');
    printer.set({});
    await printer.restart();
    await monitor().check(printerId, printer.uri);
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed after the restart', 30_000);
    // the device lost the first copy with its power: one copy printed in all
    expect(printer.printedCount()).toBe(1);
    expect(await balanceOf(student.id)).toBe(8);
  });

  it('a device away when the job is sent keeps it queued (not failed, not refunded), marks the printer offline, refuses new prints with 422; back, it prints once', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    await monitor().check(printerId, printer.uri);
    const student = await newStudent(t.app, 10);
    await printer.kill();
    const sent = await print(student.token, printerId);
    expect(sent).toMatchObject({ statusCode: 200, message: expect.any(String) });
    dispatcher().start();
    await until(
      async () =>
        (
          await t.app.db.one<{ device_state: string }>('SELECT device_state FROM printers WHERE printer_id = $1', [
            printerId,
          ])
        )?.device_state === 'offline',
      'printer offline',
    );
    expect((await job(sent.id))?.status).toBe('Queued');
    expect((await noticesOf('printer-offline')).some((n) => n.printerId === printerId)).toBe(true);
    // students see it and are refused before any charge
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/student/printers?searchField=${printerId}`,
      headers: bearer(student.token),
    });
    expect(body<StudentPrinterListResponse>(list).data.printers[0]?.device?.state).toBe('offline');
    const refused = await print(student.token, printerId);
    expect(refused.statusCode).toBe(422);
    expect(refused.code).toBe('PRINTER_OFFLINE');
    expect(await balanceOf(student.id)).toBe(7);
    // back: the monitor hears it, the queued job prints once
    await printer.restart();
    await monitor().check(printerId, printer.uri);
    expect((await noticesOf('printer-online')).some((n) => n.printerId === printerId)).toBe(true);
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed');
    expect(printer.jobs()).toHaveLength(1);
    expect(await balanceOf(student.id)).toBe(7);
  });

  it('a send whose answer was lost (a crash after the device took it) is found on the device and followed, never sent again', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 10);
    const sent = await print(student.token, printerId);
    // the crashed instance: claimed, began the send, the device took it, nothing stored after
    await t.app.db.query(
      `UPDATE printing_logs SET status = 'InProgress', claimed_by = 'dead', claimed_at = now() - interval '1 hour',
              send_started_at = now(), attempts = 1 WHERE id = $1`,
      [sent.id],
    );
    await ippCall(
      printer.uri,
      'Print-Job',
      {
        'operation-attributes-tag': {
          'requesting-user-name': deviceUserName(sent.id),
          'job-name': 'bai-tap.pdf',
          'document-format': 'application/pdf',
        },
      },
      { deadlineMs: 5_000, document: await makePdf(3) },
    );
    dispatcher().start();
    await until(async () => (await job(sent.id))?.status === 'Completed', 'job completed');
    expect(printer.jobs()).toHaveLength(1);
    expect((await job(sent.id))?.device_job_id).toBe(1);
    expect(await balanceOf(student.id)).toBe(7);
  });

  it('health: an error the device reports (out of paper) is a notice, shows on the lists and stops new prints; cleared, printing goes on', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    const student = await newStudent(t.app, 10);
    printer.set({ state: '+media-empty-error' });
    const first = await print(student.token, printerId, {}, 1);
    dispatcher().start();
    await until(async () => (await job(first.id))?.status === 'Completed', 'first job');
    await monitor().check(printerId, printer.uri);
    const attention = (await noticesOf('printer-attention')).filter((n) => n.printerId === printerId);
    expect(attention).toHaveLength(1);
    expect(attention[0]?.description).toMatch(/hết giấy/);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/spso/printers?searchField=${printerId}`,
      headers: bearer(officer),
    });
    const row = body<{ printers: { device: { reasons: string[] }; deviceUri: string }[] }>(list).data.printers[0];
    // ippeveprinter names the condition by its own state (-report when idle): the keyword is what counts
    expect(row?.device.reasons).toContain('media-empty-report');
    expect(row?.deviceUri).toBe(printer.uri);
    const refused = await print(student.token, printerId, {}, 1);
    expect(refused.code).toBe('PRINTER_OFFLINE');
    // the same reading again is no new notice
    await monitor().check(printerId, printer.uri);
    expect((await noticesOf('printer-attention')).filter((n) => n.printerId === printerId)).toHaveLength(1);
    // paper put in (the device restarts clear): it takes jobs again, and a print goes through
    printer.set({});
    await printer.restart();
    await monitor().check(printerId, printer.uri);
    const again = await print(student.token, printerId, {}, 1);
    expect(again.statusCode).toBe(200);
    await until(async () => (await job(again.id))?.status === 'Completed', 'printed after the paper came back');
    expect((await noticesOf('printer-attention')).filter((n) => n.printerId === printerId)).toHaveLength(1);
  });

  it('/healthz reports the monitor: printers watched and offline', async () => {
    const printer = await device();
    const printerId = await addPrinter(printer.uri);
    const status = { ok: false, printers: 0, offline: 0, lastRoundAt: null as string | null };
    const m = new PrinterMonitor({
      db: t.app.db,
      events: t.app.events,
      instanceId: 'health-test',
      deadlineMs: 1_000,
      status,
    });
    await printer.kill();
    await m.round();
    expect(status.ok).toBe(true);
    expect(status.printers).toBeGreaterThanOrEqual(1);
    expect(status.offline).toBeGreaterThanOrEqual(1);
    expect(
      (
        await t.app.db.one<{ monitor_owner: string }>('SELECT monitor_owner FROM printers WHERE printer_id = $1', [
          printerId,
        ])
      )?.monitor_owner,
    ).toBe('health-test');
    // another instance does not take a watch that is kept
    const other = new PrinterMonitor({
      db: t.app.db,
      events: t.app.events,
      instanceId: 'other',
      deadlineMs: 1_000,
      status: { ...status },
    });
    await other.round();
    expect(
      (
        await t.app.db.one<{ monitor_owner: string }>('SELECT monitor_owner FROM printers WHERE printer_id = $1', [
          printerId,
        ])
      )?.monitor_owner,
    ).toBe('health-test');
    await m.stop();
    await other.stop();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(body<{ printerMonitor: unknown }>(health).data.printerMonitor).toEqual({
      ok: expect.any(Boolean),
      printers: expect.any(Number),
      offline: expect.any(Number),
    });
  });
});
