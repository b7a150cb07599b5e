import type { AxiosError } from 'axios';
import { apiPost, type PrintDocumentOption, type StudentPrintingResponse } from 'shared-api';

export interface PrintDocument {
  file: File;
  options: PrintDocumentOption;
}

/**
 * The multipart body of POST /v1/student/printing: one `file` part per document, then `documents`,
 * the JSON array of their options in the same order, and `printerId`.
 */
export function printingForm(printerId: string, documents: readonly PrintDocument[]): FormData {
  const form = new FormData();
  for (const doc of documents) form.append('file', doc.file, doc.file.name);
  form.append('documents', JSON.stringify(documents.map((doc) => doc.options)));
  form.append('printerId', printerId);
  return form;
}

/**
 * POST /v1/student/printing: the created logs and the new balance. `onProgress` gets 0..100.
 * `submissionKey` names this submission (Idempotency-Key): sent again, the server answers the first result
 * and charges nothing, so a retry after a lost answer never prints twice.
 */
export async function submitPrinting(
  printerId: string,
  documents: readonly PrintDocument[],
  submissionKey: string,
  onProgress?: (percent: number) => void,
): Promise<StudentPrintingResponse> {
  return apiPost<StudentPrintingResponse>('/v1/student/printing', printingForm(printerId, documents), {
    headers: { 'Idempotency-Key': submissionKey },
    // Uploads of large documents may take longer than the client's default timeout.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

/**
 * True when the server refused the print because the printer's device is offline or stopped (422 with code
 * PRINTER_OFFLINE): nothing was charged, and the printer page should say the printer cannot be reached.
 */
export function isPrinterOffline(error: unknown): boolean {
  const response = (error as AxiosError<{ code?: string }> | undefined)?.response;
  return response?.status === 422 && response.data?.code === 'PRINTER_OFFLINE';
}
