import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { currentUser } from '../../plugins/auth';
import {
  CancelBody,
  CancelData,
  FilterLogsData,
  FilterLogsQuery,
  PrinterDetail,
  PrinterListData,
  PrinterListQuery,
  PrinterQuery,
  SubmitData,
} from './printing.schemas';
import {
  CANCEL_OK_MESSAGE,
  createPrintingService,
  MAX_FILES_PER_REQUEST,
  SUBMIT_OK_MESSAGE,
  uploadDirFor,
  type PrintUpload,
  type SpooledFile,
  type UploadLimits,
} from './printing.service';

const FIELD_BYTES = 1_048_576;
const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);

/**
 * Receives one file part: written as it arrives to a generated name in the upload folder (the file the
 * job prints, once accepted) and hashed on the way, while kept in memory for the type and page checks.
 * Writing and hashing overlap receiving instead of following it.
 */
async function spoolFile(file: Readable, uploadDir: string): Promise<{ buffer: Buffer; spooled: SpooledFile }> {
  const spoolPath = path.join(uploadDir, `${crypto.randomUUID()}.part`);
  const hash = crypto.createHash('sha256');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const tap = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      hash.update(chunk);
      chunks.push(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(file, tap, fs.createWriteStream(spoolPath, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await fs.promises.rm(spoolPath, { force: true }).catch(() => undefined);
    throw error;
  }
  if ((file as Readable & { truncated?: boolean }).truncated) {
    await fs.promises.rm(spoolPath, { force: true }).catch(() => undefined);
    throw Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' });
  }
  return { buffer: Buffer.concat(chunks, size), spooled: { path: spoolPath, sha256: hash.digest('hex') } };
}

/** Removes the received files not taken as documents (a refused request, or any left over). */
async function removeSpooled(upload: PrintUpload): Promise<void> {
  await Promise.all(
    upload.files.map((file) =>
      file.spooled ? fs.promises.rm(file.spooled.path, { force: true }).catch(() => undefined) : undefined,
    ),
  );
}

/**
 * Reads the multipart print request: `file` parts (one per document), `documents` (JSON array of
 * options) and `printerId`. Files are held in memory within the configured limits (and written to the
 * upload folder as they arrive, see spoolFile): one file over max_file_bytes or the whole request over
 * max_request_bytes answers 413 before anything else. On an error the received files are removed.
 */
async function readPrintUpload(request: FastifyRequest, limits: UploadLimits, uploadDir: string): Promise<PrintUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Yêu cầu in phải gửi dạng multipart/form-data (các trường file, documents, printerId)',
    );
  }
  const declared = Number(request.headers['content-length']);
  // boundaries, headers and the two text fields: a little room over the files themselves
  if (Number.isFinite(declared) && declared > limits.maxRequestBytes + FIELD_BYTES) {
    throw tooLarge(`Tổng dung lượng các tệp vượt quá giới hạn ${megabytes(limits.maxRequestBytes)} cho một yêu cầu`);
  }
  const upload: PrintUpload = { printerId: undefined, documents: undefined, files: [] };
  let total = 0;
  let current = '';
  try {
    const parts = request.parts({
      limits: {
        fileSize: limits.maxFileBytes,
        files: MAX_FILES_PER_REQUEST,
        fields: 20,
        fieldSize: FIELD_BYTES,
        parts: MAX_FILES_PER_REQUEST + 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        current = part.filename;
        if (part.fieldname !== 'file' && part.fieldname !== 'files') {
          throw new AppError(
            400,
            'VALIDATION_FAILED',
            `Trường tệp "${part.fieldname}" không được hỗ trợ (dùng "file")`,
          );
        }
        const { buffer, spooled } = await spoolFile(part.file, uploadDir);
        upload.files.push({ filename: part.filename || `tai-lieu-${upload.files.length + 1}`, buffer, spooled });
        total += buffer.length;
        if (total > limits.maxRequestBytes) {
          throw tooLarge(
            `Tổng dung lượng các tệp vượt quá giới hạn ${megabytes(limits.maxRequestBytes)} cho một yêu cầu`,
          );
        }
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.fieldname === 'printerId') upload.printerId = value;
        else if (part.fieldname === 'documents') upload.documents = value;
      }
    }
  } catch (error) {
    await removeSpooled(upload);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw tooLarge(`Tệp "${current}" vượt quá dung lượng cho phép (${megabytes(limits.maxFileBytes)} mỗi tệp)`);
    }
    if (code === 'FST_FILES_LIMIT')
      throw tooLarge(`Chỉ được gửi tối đa ${MAX_FILES_PER_REQUEST} tệp trong một yêu cầu`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw tooLarge('Yêu cầu có quá nhiều trường dữ liệu');
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError(400, 'BAD_REQUEST', 'Dữ liệu gửi lên (multipart) không hợp lệ hoặc bị gián đoạn');
  }
  return upload;
}

export default async function printingRoutes(app: FastifyInstance): Promise<void> {
  const uploadDir = uploadDirFor(app.appConfig.dataDir);
  const service = createPrintingService({ db: app.db, realtime: app.realtime, uploadDir });

  // Every change of a printer or a queue emits update-printer-list (the realtime convention): the
  // in-memory student list (and the cached histories showing queue positions) is dropped at the same
  // moment, whichever module made the change.
  const emitPrinterListChanged = app.realtime.emitPrinterListChanged.bind(app.realtime);
  app.realtime.emitPrinterListChanged = () => {
    service.invalidatePrinters();
    emitPrinterListChanged();
  };
  // Likewise every change of a student's job emits update-student-history for them (submit, cancel, each
  // dispatcher state change): their cached history answers are dropped first.
  const emitStudentHistoryChanged = app.realtime.emitStudentHistoryChanged.bind(app.realtime);
  app.realtime.emitStudentHistoryChanged = (userId) => {
    service.invalidateStudentHistory(userId);
    emitStudentHistoryChanged(userId);
  };

  // multipart only in this plugin's scope; limits are per request from system_config
  await app.register(multipart, { throwFileSizeLimit: true });

  app.get<{ Querystring: PrinterListQuery }>(
    '/v1/student/printers',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Danh sách máy in cho sinh viên (kèm số yêu cầu đang chờ và loại tệp được phép)',
        querystring: PrinterListQuery,
        response: responses(PrinterListData),
      },
    },
    async (request) => ok(await service.listPrinters(request.query)),
  );

  app.get<{ Querystring: PrinterQuery }>(
    '/v1/student/printer',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Thông tin một máy in (vị trí, số yêu cầu đang chờ, loại tệp được phép)',
        description: 'Không có máy in này: 404.',
        querystring: PrinterQuery,
        response: responses(PrinterDetail),
      },
    },
    async (request) => ok(await service.printer(request.query.printerId)),
  );

  app.post(
    '/v1/student/printing',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Gửi yêu cầu in (multipart: file, documents, printerId)',
        description:
          'Mỗi phần "file" là một tài liệu; "documents" là mảng JSON tùy chọn in theo cùng thứ tự ' +
          '(paperSize A4|A3, numVersion 1..999, colorOption, landScapeOption, pagesPerSheet 1|2|4, numSides 1|2, ' +
          "pages 'all' hoặc '1-3,5'). Máy chủ tự đếm số trang. Chi phí = ceil(trang / (trang mỗi tờ × số mặt)) × số bản, " +
          'gấp đôi cho A3. Tất cả tài liệu được nhận và trừ trang trong một giao dịch, hoặc không tài liệu nào. ' +
          'Lỗi: 400 tùy chọn sai, 404 máy in không tồn tại, 413 tệp quá lớn, 415 loại tệp không được phép hoặc ' +
          'nội dung không khớp đuôi tệp, 422 máy in tạm dừng / tệp hỏng hoặc mã hóa / không đủ số trang (data.missing).',
        consumes: ['multipart/form-data'],
        response: responses(SubmitData),
      },
    },
    async (request) => {
      const user = currentUser(request);
      const limits = await service.uploadLimits();
      await fs.promises.mkdir(uploadDir, { recursive: true, mode: 0o700 });
      const upload = await readPrintUpload(request, limits, uploadDir);
      try {
        return ok(await service.submit(user, upload, limits), SUBMIT_OK_MESSAGE);
      } finally {
        // the accepted files were renamed to their documents' names: what is left was refused
        await removeSpooled(upload);
      }
    },
  );

  app.get<{ Querystring: FilterLogsQuery }>(
    '/v1/student/filterLogs',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Lịch sử in của chính sinh viên (lọc, tìm theo tên tệp) và tổng số tờ A3/A4 đã in',
        querystring: FilterLogsQuery,
        response: responses(FilterLogsData),
      },
    },
    async (request) => ok(await service.filterLogs(currentUser(request), request.query)),
  );

  app.delete<{ Body: CancelBody }>(
    '/v1/student/cancelLog',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Hủy một yêu cầu in đang đợi của chính mình và hoàn lại số trang',
        description: 'Không tồn tại: 404. Của sinh viên khác: 403. Đã bắt đầu in hoặc đã kết thúc: 422.',
        body: CancelBody,
        response: responses(CancelData),
      },
    },
    async (request) => ok(await service.cancel(currentUser(request), request.body.printingLogId), CANCEL_OK_MESSAGE),
  );
}
