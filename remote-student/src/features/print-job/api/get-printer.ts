import { apiGet, type StudentPrinterDetail } from 'shared-api';

/** GET /v1/student/printer?printerId=: location, status, waiting count and the allowed file types. */
export async function getPrinter(printerId: string, signal?: AbortSignal): Promise<StudentPrinterDetail> {
  return apiGet<StudentPrinterDetail>('/v1/student/printer', { params: { printerId }, signal });
}
