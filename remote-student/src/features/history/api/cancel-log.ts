import { apiDelete, type CancelLogResponse } from 'shared-api';

/** DELETE /v1/student/cancelLog { printingLogId }: the cancelled log and the balance after the refund. */
export async function cancelLog(printingLogId: string): Promise<CancelLogResponse> {
  return apiDelete<CancelLogResponse>('/v1/student/cancelLog', { data: { printingLogId } });
}
