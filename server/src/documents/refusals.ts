import { AppError } from '../lib/errors';

/**
 * The refusals every document check shares (sniffing, Office checks, conversion, PDF counting), so a
 * student reads the same Vietnamese words whichever step refused the file.
 */

export const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const unprocessable = (message: string) => new AppError(422, 'BUSINESS_RULE', message);

/**
 * A document refused only after it used up a budget (the counter's time or memory, the converter's
 * time): the upload route counts these per student (one who keeps sending them waits before the next
 * upload).
 */
export class CostlyDocumentError extends AppError {
  constructor(message: string) {
    super(422, 'BUSINESS_RULE', message);
  }
}

/** An Office type on a server without the LibreOffice application that converts it. */
export const libreOfficeMissing = (extension: string, label: string) =>
  unsupported(
    `Máy chủ chưa cài đặt công cụ chuyển đổi tài liệu (LibreOffice) nên chưa in được tệp .${extension}. Hãy chuyển "${label}" sang PDF rồi gửi lại`,
  );

/** An Office file LibreOffice could not turn into a PDF (it crashed, ran out of memory, wrote nothing). */
export const conversionFailed = (label: string) =>
  unprocessable(
    `Không chuyển đổi được tệp "${label}" sang PDF (tệp có thể bị hỏng hoặc quá phức tạp). Hãy lưu lại tệp rồi gửi lại, hoặc gửi bản PDF`,
  );
