import type { PrintingLogResponse, PrintingQueueResponse, StudentHistoryResponse } from 'shared-api/contracts';
import type { Db } from '../../db';
import { errors } from '../../lib/errors';
import { parseDateBound } from '../print-jobs/print-jobs.service';
import type { QueueEstimateService } from '../queue-estimate/queue-estimate.service';
import { toStaffJob } from './printers.presenters';
import type { PrintersService } from './printers.service';
import {
  findStudentByCode,
  listPendingJobs,
  listPrinterJobs,
  listStudentJobs,
  type JobRange,
  findPrinterId,
} from './printer-room.repository';
import type { PrintingLogQuery, StudentHistoryQuery } from './printers.schemas';

export type PrinterRoomService = ReturnType<typeof createPrinterRoomService>;

/**
 * A date range of a filter (YYYY-MM-DD in Vietnam time, whole days, either end open) with its page. Ends
 * given in the wrong order are swapped: 'from 20 to 10' reads as 'from 10 to 20'.
 */
export function jobRange(
  start: string | undefined,
  end: string | undefined,
  names: [string, string],
  paging: { page?: number; per_page?: number },
): JobRange & { page: number; perPage: number } {
  let from = parseDateBound(start, names[0], false);
  let to = parseDateBound(end, names[1], true);
  if (from && to && from >= to) {
    from = parseDateBound(end, names[1], false);
    to = parseDateBound(start, names[0], true);
  }
  const page = paging.page ?? 1;
  const perPage = paging.per_page ?? 100;
  return { from, to, limit: perPage, offset: (page - 1) * perPage, page, perPage };
}

/** What staff and officers read in the printer room: a printer's queue and log, a student's history. */
export function createPrinterRoomService(db: Db, printers: PrintersService, queueEstimate: QueueEstimateService) {
  return {
    /**
     * The job printing and the jobs waiting, in print order, each waiting job with its position and
     * estimated start (null while the printer cannot print). 404 for an unknown or retired printer.
     */
    async queue(printerId: string): Promise<PrintingQueueResponse> {
      // the printer as stored (its id in any case names it)
      const printer = await printers.adminPrinter(printerId);
      const rows = (await listPendingJobs(db, printer.printerId)).map(toStaffJob);
      const { jobs } = await queueEstimate.estimate([printer.printerId]);
      return {
        printingJob: rows
          .filter((r) => r.status === 'InProgress')
          .map((r) => ({ ...r, queuePosition: null, estimatedStart: null })),
        printingQueue: rows
          .filter((r) => r.status === 'Queued')
          .map((r, i) => {
            // a job sent between the two reads has no estimate yet: its place in this list
            const estimate = jobs.get(r._id);
            return {
              ...r,
              queuePosition: estimate?.position ?? i + 1,
              estimatedStart: estimate?.estimatedStart?.toISOString() ?? null,
            };
          }),
      };
    },

    /** A printer's log in a date range, newest first, paged. Retired printers keep their log. */
    async log(query: PrintingLogQuery): Promise<PrintingLogResponse> {
      const range = jobRange(query.startDate, query.endDate, ['startDate', 'endDate'], query);
      const printerId = await findPrinterId(db, query.printerId);
      if (!printerId) throw errors.notFound(`Không tìm thấy máy in "${query.printerId}"`);
      const { rows, total } = await listPrinterJobs(db, printerId, range);
      return { printingLog: rows.map(toStaffJob), total, page: range.page, per_page: range.perPage };
    },

    /** A student (by code) and their jobs in a date range, newest first, paged. 404 for an unknown code. */
    async studentHistory(query: StudentHistoryQuery): Promise<StudentHistoryResponse> {
      const range = jobRange(query.start, query.end, ['start', 'end'], query);
      const code = query.studentId.trim();
      const student = code ? await findStudentByCode(db, code) : undefined;
      if (!student) throw errors.notFound(`Không tìm thấy sinh viên có mã số "${code}"`);
      const { rows, total } = await listStudentJobs(db, student.id, range);
      return {
        student: {
          _id: student.id,
          firstName: student.first_name,
          lastName: student.last_name,
          mssv: student.mssv,
          major: student.major,
          classes: student.classes,
        },
        printingLogs: rows.map(toStaffJob),
        total,
        page: range.page,
        per_page: range.perPage,
      };
    },
  };
}
