import { apiGet, type StudentPrinterItem, type StudentPrinterListResponse, type StudentPrintingLog } from 'shared-api';

/** A printer takes a moved job when it is active and its device (if real) is not stopped or unreachable. */
function takesJobs(printer: StudentPrinterItem): boolean {
  return printer.status === 1 && printer.device?.state !== 'offline' && printer.device?.state !== 'stopped';
}

/**
 * GET /v1/student/printers (active ones): the printers a job may move to, i.e. every other printer that
 * takes jobs now. The server checks again (a printer that cannot take it answers 422).
 */
export async function getMoveTargets(log: StudentPrintingLog, signal?: AbortSignal): Promise<StudentPrinterItem[]> {
  const list = await apiGet<StudentPrinterListResponse>('/v1/student/printers', {
    params: { per_page: 100, sortDirection: 1, status: 1 },
    signal,
  });
  return list.printers.filter((printer) => printer.printerId !== log.printerId && takesJobs(printer));
}
