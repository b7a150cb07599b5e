import { IppPrinter, ippeveprinterMissing } from '../../server/test/ipp-printer';
import { assert, newPage, screenshot, type Journey, type SuiteService } from '../support/harness';
import { makePdf } from '../support/pdf';
import { ensureBalance, signInStudent, toast } from '../support/student';
import { chooseInDialog, printerRow, signIn } from './printer-room';
import { chooseFile, confirmPrint, historyRow, openPrinter } from './printing';

/**
 * A real printer (CUPS's ippeveprinter on loopback): an officer adds it by its IPP address and tests the
 * connection in the dialog, a student prints a PDF to it, and the job reaches the device with the chosen
 * options and shows 'Đã in'. Where ippeveprinter cannot run, the suite says why and is left out.
 */

const MAKE_AND_MODEL = 'E2E IPP Everywhere 1000';
let device: IppPrinter | null = null;

/** Why this suite cannot run here (null: it can). */
export const ippSuiteMissing = ippeveprinterMissing;

/** Starts the device before the portal (the monitor reads it every 2 s, jobs are followed every 200 ms). */
export async function startIppService(): Promise<SuiteService> {
  device = await IppPrinter.start({ makeAndModel: MAKE_AND_MODEL });
  const started = device;
  return {
    env: () => ({ PRINTER_MONITOR_INTERVAL: '2s', IPP_FOLLOW_INTERVAL: '200ms' }),
    async stop() {
      await started.stop();
      device = null;
    },
  };
}

export const ippJourneys: Journey[] = [
  {
    name: 'real printer: an officer adds an IPP printer and tests the connection; a student prints to it and the device receives the job with its options',
    async run(ctx) {
      assert(device, 'the IPP device was not started');
      const printer = device;
      const officer = await newPage(ctx);
      const p = officer.page;
      await signIn(p, ctx.url, 'spso@hcmut.edu.vn');
      await p.goto(`${ctx.url}/#/ManageSpso`);
      await p.getByRole('heading', { name: 'QUẢN LÝ HỆ THỐNG MÁY IN', exact: true }).waitFor();
      const printerId = `IPP-${String(Date.now()).slice(-6)}`;
      await p.getByRole('button', { name: 'Thêm máy in' }).click();
      const dialog = p.getByRole('dialog', { name: 'Thêm máy in' });
      await dialog.waitFor();
      await dialog.getByLabel('Mã máy in').fill(printerId);
      await dialog.getByLabel('Hãng').fill('CUPS');
      await dialog.getByLabel('Mẫu máy').fill('ippeveprinter');
      await chooseInDialog(p, dialog, 'Cơ sở', 'Cơ sở 1');
      await chooseInDialog(p, dialog, 'Tòa', 'B1');
      await chooseInDialog(p, dialog, 'Phòng', '101');
      await dialog.getByLabel('Địa chỉ thiết bị (IPP)').fill(printer.uri);
      await dialog.getByRole('button', { name: 'Kiểm tra kết nối' }).click();
      // the device's own answer, shown in the dialog
      await dialog.getByText(MAKE_AND_MODEL).waitFor({ timeout: 10_000 });
      await screenshot(p, 'ipp-add-printer-probe');
      await dialog.getByRole('button', { name: 'Hoàn tất' }).click();
      await toast(p, 'Thêm máy in thành công').waitFor();
      // the monitor reads the device: the table shows it ready
      await printerRow(p, printerId).getByText('Sẵn sàng').waitFor({ timeout: 15_000 });
      await screenshot(p, 'ipp-printer-ready');

      const student = await newPage(ctx);
      const s = student.page;
      await signInStudent(s, ctx.url);
      await ensureBalance(s, 6);
      const name = `e2e-ipp-${Date.now()}.pdf`;
      await openPrinter(s, ctx.url, printerId);
      const cost = await chooseFile(s, await makePdf(name, 5), name, { copies: 2, perSheet: 2 });
      await confirmPrint(s, cost);
      const row = historyRow(s, name);
      await row.getByText('Đã in', { exact: true }).waitFor({ timeout: 30_000 });
      await screenshot(s, 'ipp-history-printed');

      const jobs = printer.jobs();
      assert(jobs.length === 1, `the device received ${jobs.length} jobs`);
      const [job] = jobs;
      assert(
        job?.IPP_COPIES === '2' && job.IPP_NUMBER_UP === '2' && job.IPP_JOB_NAME === name,
        `the device received ${JSON.stringify(job)}`,
      );
      const errors = [...officer.errors, ...student.errors];
      assert(errors.length === 0, `console errors: ${errors.join(' | ')}`);
      await student.close();
      await officer.close();
    },
  },
];
