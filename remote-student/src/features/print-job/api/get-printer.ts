import { apiClient, type ApiEnvelope, type StudentPrinterDetail } from 'shared-api';

/** GET /v1/student/printer?printerId=: location, status, waiting count and the allowed file types. */
export async function getPrinter(printerId: string, signal?: AbortSignal): Promise<StudentPrinterDetail> {
  const res = await apiClient.get<ApiEnvelope<StudentPrinterDetail>>('/v1/student/printer', {
    params: { printerId },
    signal,
  });
  return res.data.data;
}
