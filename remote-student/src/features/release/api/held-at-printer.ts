import { apiGet, type StudentFilterLogsResponse, type StudentPrintingLog } from 'shared-api';

/**
 * GET /v1/student/filterLogs?status=Held: the caller's held jobs (the server answers a student their own
 * jobs only), kept to those waiting at `printerId`, oldest first (the order they were sent).
 */
export async function getHeldAtPrinter(printerId: string, signal?: AbortSignal): Promise<StudentPrintingLog[]> {
  const { printingLogs } = await apiGet<StudentFilterLogsResponse>('/v1/student/filterLogs', {
    params: { status: 'Held', per_page: 100, sortDirection: 1 },
    signal,
  });
  return printingLogs.filter((log) => log.status === 'Held' && log.printerId === printerId);
}
