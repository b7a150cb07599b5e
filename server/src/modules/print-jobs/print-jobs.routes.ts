import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadDirOf } from '../../config';
import { ok, responses } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { assertCleanText, textProblem } from '../../lib/input';
import { SharedSlots } from '../../lib/shared-slots';
import { contentMismatch, CostlyDocumentError, isCountableExtension, SNIFF_BYTES } from '../../documents/page-count';
import { currentUser } from '../../lib/current-user';
import { CancelBody, CancelData, FilterLogsData, FilterLogsQuery, SubmitData } from './print-jobs.schemas';
import {
  CANCEL_OK_MESSAGE,
  extensionOf,
  fileTypeRefusal,
  MAX_FILES_PER_REQUEST,
  SUBMIT_OK_MESSAGE,
  type PrintUpload,
  type SpooledFile,
  type UploadLimits,
} from './print-jobs.service';

const FIELD_BYTES = 1_048_576;
/** The documents field: JSON options of at most MAX_FILES_PER_REQUEST documents. */
const DOCUMENTS_MAX_CHARS = 100_000;
const FILENAME_MAX_CHARS = 255;
const megabytes = (bytes: number) => `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
/** The wait after a student's second costly document in a row, doubling with each further one. */
const STRIKE_FIRST_WAIT_MS = 15_000;
const STRIKE_MAX_WAIT_MS = 10 * 60_000;
/**
 * A request refused before its body was read is still received up to this size (and thrown away), so
 * that the client, still sending, reads the answer instead of a reset connection; a larger one is cut.
 */
const DRAIN_MAX_BYTES = 64 * 1_048_576;
/** A student's upload slot of an instance that stopped renewing it (it died mid-upload) counts this long. */
const UPLOAD_SLOT_STALE_MS = 60_000;

/** 429: the student already has `held` uploads being received (of `max`). */
const tooManyUploads = (held: number, max: number) =>
  new AppError(
    429,
    'TOO_MANY_REQUESTS',
    `Bạn đang gửi ${held} yêu cầu in cùng lúc (tối đa ${max}). Hãy đợi các yêu cầu trước hoàn tất rồi gửi lại`,
  );

/**
 * Lets a refused upload's body arrive and be thrown away (bounded by its declared length), so the
 * answer reaches a client still sending: closing at once resets the connection under it and a browser
 * shows a network error instead of the message. True when it drains; false when the connection should close.
 */
function discardBody(raw: IncomingMessage): boolean {
  const declared = Number(raw.headers['content-length']);
  if (!Number.isFinite(declared) || declared > DRAIN_MAX_BYTES) return false;
  raw.resume();
  return true;
}

/**
 * Uploads being received at once, per student and in all. A request beyond either cap is refused
 * before its body is read (429 for the student's own cap, 503 for the server's), and its slot is given
 * back however it ends (accepted, refused, or the connection lost).
 *
 * With several instances the student's cap is also held in PostgreSQL (SharedSlots, in the route): this
 * per-process count only answers early. The total (UPLOADS_IN_FLIGHT) stays per instance on purpose: it
 * protects one process's memory and CPU (spooling, page counting), which another instance's uploads do not use.
 */
export class UploadGate {
  private total = 0;
  private readonly perUser = new Map<string, number>();
  /**
   * Documents of each student refused after using up the counter's budget, and until when they wait. Per
   * instance, like the total: the waits protect this process's counting workers, and a costly document
   * sent to another instance costs that instance, which strikes the student there.
   */
  private readonly strikes = new Map<string, { count: number; until: number }>();

  constructor(
    private readonly limits: { perUser: number; total: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A document of this student's used up the counter's time or memory budget. The first is free (a
   * genuinely heavy file); from the second in a row each waits longer before the next upload: 15 s,
   * 30 s, 1 min… up to 10 min. Nobody holds the upload slots with such files for long.
   */
  strike(userId: string): void {
    const count = (this.strikes.get(userId)?.count ?? 0) + 1;
    const waitMs = count < 2 ? 0 : Math.min(STRIKE_MAX_WAIT_MS, STRIKE_FIRST_WAIT_MS * 2 ** (count - 2));
    this.strikes.set(userId, { count, until: this.now() + waitMs });
  }

  /** A document of the student's was counted: the strikes are forgiven. */
  forgive(userId: string): void {
    this.strikes.delete(userId);
  }

  /** Takes a slot for the user, or throws 429/503; the returned function gives it back (once). */
  acquire(userId: string): () => void {
    const strike = this.strikes.get(userId);
    const waitMs = strike ? strike.until - this.now() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new AppError(
        429,
        'TOO_MANY_REQUESTS',
        `Các tệp bạn gửi gần đây quá phức tạp để đếm số trang. Vui lòng đợi ${seconds} giây rồi gửi lại (hoặc lưu lại tệp thành PDF đơn giản hơn)`,
        { retryAfterSeconds: seconds },
      );
    }
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser) throw tooManyUploads(mine, this.limits.perUser);
    if (this.total >= this.limits.total) {
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        'Máy chủ đang nhận quá nhiều tệp cùng lúc. Vui lòng thử lại sau ít phút',
      );
    }
    this.total += 1;
    this.perUser.set(userId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total -= 1;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    };
  }

  /** Uploads being received (for tests). */
  get inFlight(): number {
    return this.total;
  }
}

/**
 * Receives one file part straight to disk: written as it arrives to a generated name in the upload
 * folder (the file the job prints, once accepted) and hashed on the way; only the first SNIFF_BYTES
 * are kept, to check the content against the extension as soon as they are in (415 then, abandoning
 * the rest of the body). Memory per upload is bounded whatever its size.
 */
async function spoolFile(
  file: Readable,
  uploadDir: string,
  extension: string,
  label: string,
  requestBytesLeft: number,
  totalTooLarge: () => AppError,
): Promise<SpooledFile> {
  const spoolPath = path.join(uploadDir, `${crypto.randomUUID()}.part`);
  const hash = crypto.createHash('sha256');
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let checked = false;
  let size = 0;
  const check = (): Error | null => {
    checked = true;
    return contentMismatch(Buffer.concat(head, headBytes), extension, label);
  };
  const tap = new Transform({
    transform(chunk: Uint8Array, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (size > requestBytesLeft) return callback(totalTooLarge());
      if (!checked) {
        head.push(chunk);
        headBytes += chunk.length;
        if (headBytes >= SNIFF_BYTES) {
          const refusal = check();
          head.length = 0;
          if (refusal) return callback(refusal);
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      // a short file: checked once whole (an empty one is refused later, saying it is empty)
      callback(!checked && size > 0 ? check() : null);
    },
  });
  // busboy stops the file at max_file_bytes but reads the rest of the part before ending it: stopped
  // here at once instead, so the refusal does not wait for the whole body
  file.once('limit', () =>
    tap.destroy(Object.assign(new Error('request file too large'), { code: 'FST_REQ_FILE_TOO_LARGE' })),
  );
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
  return { path: spoolPath, sha256: hash.digest('hex'), size };
}

/** Removes the received files not taken as documents (a refused request, or any left over). */
async function removeSpooled(upload: PrintUpload): Promise<void> {
  await Promise.all(
    upload.files.map((file) => fs.promises.rm(file.spooled.path, { force: true }).catch(() => undefined)),
  );
}

/**
 * Reads the multipart print request: `file` parts (one per document), `documents` (JSON array of
 * options) and `printerId`. Each part is checked as it arrives: text fields and file names by the
 * shared text rule (400 naming the field), the file's type by its extension (415) before its first
 * byte is read and by its first bytes (415) after, the sizes (413) while it streams to disk. Nothing
 * of a file is kept in memory but its first bytes. On an error the received files are removed.
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
        if (part.fieldname !== 'file' && part.fieldname !== 'files') {
          throw new AppError(400, 'VALIDATION_FAILED', 'Trường tệp không được hỗ trợ (dùng "file")');
        }
        const number = upload.files.length + 1;
        const problem = textProblem(part.filename, { maxLength: FILENAME_MAX_CHARS });
        if (problem) throw new AppError(400, 'VALIDATION_FAILED', `Tên tệp thứ ${number} (trường "file") ${problem}`);
        const filename = part.filename || `tai-lieu-${number}`;
        current = filename;
        const ext = extensionOf(filename);
        const refusal = fileTypeRefusal(filename, limits);
        if (refusal) throw refusal;
        if (!isCountableExtension(ext)) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Máy chủ chưa hỗ trợ đếm trang cho loại tệp .${ext}`);
        }
        const spooled = await spoolFile(part.file, uploadDir, ext, filename, limits.maxRequestBytes - total, () =>
          tooLarge(`Tổng dung lượng các tệp vượt quá giới hạn ${megabytes(limits.maxRequestBytes)} cho một yêu cầu`),
        );
        upload.files.push({ filename, spooled });
        total += spooled.size;
        if (total > limits.maxRequestBytes) {
          throw tooLarge(
            `Tổng dung lượng các tệp vượt quá giới hạn ${megabytes(limits.maxRequestBytes)} cho một yêu cầu`,
          );
        }
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.fieldname === 'printerId') upload.printerId = assertCleanText(value, 'printerId', { maxLength: 200 });
        else if (part.fieldname === 'documents') {
          upload.documents = assertCleanText(value, 'documents', { maxLength: DOCUMENTS_MAX_CHARS, multiline: true });
        }
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

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;

/** The submission's Idempotency-Key header (optional: the spec's own client sends none); 400 when malformed. */
function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      'Header Idempotency-Key không hợp lệ: 1 đến 128 ký tự chữ, số hoặc . _ : - (một khóa cho mỗi lần gửi)',
    );
  }
  return header;
}

export default async function printJobsRoutes(app: FastifyInstance): Promise<void> {
  const uploadDir = uploadDirOf(app.appConfig);
  const service = app.services.printJobs;
  const uploads = new UploadGate(app.appConfig.uploadsInFlight);
  // a student's uploads in flight on every instance: the cap holds whichever instances they reach
  const studentSlots = new SharedSlots(app.db, {
    instanceId: app.appConfig.instanceId,
    staleMs: UPLOAD_SLOT_STALE_MS,
  });
  app.addHook('onClose', async () => studentSlots.stop());
  const takeStudentSlot = async (userId: string): Promise<() => Promise<void>> => {
    const slot = await studentSlots.acquire(userId, app.appConfig.uploadsInFlight.perUser);
    if (!slot.ok) throw tooManyUploads(slot.held, app.appConfig.uploadsInFlight.perUser);
    return slot.release;
  };

  // multipart only in this plugin's scope; limits are per request from system_config
  await app.register(multipart, { throwFileSizeLimit: true });

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
          'nội dung không khớp đuôi tệp (kiểm tra ngay từ những byte đầu), 422 máy in tạm dừng / tệp hỏng hoặc mã hóa / ' +
          'cây trang không hợp lệ / quá 10.000 trang / không đủ số trang (data.missing; số dư 0 bị từ chối trước khi nhận tệp), ' +
          '429 quá 2 yêu cầu in cùng lúc của một sinh viên, 503 máy chủ đang nhận quá nhiều tệp. ' +
          'Header Idempotency-Key (tùy chọn, 1–128 ký tự A-Z a-z 0-9 . _ : -, một khóa mới cho mỗi lần gửi, giữ nguyên ' +
          'khi gửi lại): gửi lại cùng khóa trả về kết quả lần đầu (header Idempotency-Replayed: true) và không trừ trang ' +
          'lần nữa; cùng khóa với một yêu cầu khác: 409.',
        consumes: ['multipart/form-data'],
        response: responses(SubmitData),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const idempotencyKey = readIdempotencyKey(request.headers['idempotency-key']);
      let bodyStarted = false;
      let bodyRead = false;
      let release: (() => void) | undefined;
      let releaseSlot: (() => Promise<void>) | undefined;
      try {
        release = uploads.acquire(user.id);
        releaseSlot = await takeStudentSlot(user.id);
        // before the body: a student who cannot pay a single page sends nothing to count
        await service.requireBalance(user.id, 1);
        const limits = await service.uploadLimits();
        await fs.promises.mkdir(uploadDir, { recursive: true, mode: 0o700 });
        bodyStarted = true;
        const upload = await readPrintUpload(request, limits, uploadDir);
        bodyRead = true;
        try {
          const { answer, replayed } = await service.submit(user, upload, limits, idempotencyKey);
          uploads.forgive(user.id);
          if (replayed) void reply.header('idempotency-replayed', 'true');
          return ok(answer, SUBMIT_OK_MESSAGE);
        } finally {
          // the accepted files were renamed to their documents' names: what is left was refused
          await removeSpooled(upload);
        }
      } catch (error) {
        if (error instanceof CostlyDocumentError) uploads.strike(user.id);
        // refused before the body was touched (a cap, the balance): the body is let in and thrown away so
        // the client reads this answer; refused part-way through it, or too large to take: the connection
        // is closed after the answer rather than the rest received for nothing
        if (!bodyRead && (bodyStarted || !discardBody(request.raw))) void reply.header('connection', 'close');
        throw error;
      } finally {
        release?.();
        // a slot not given back (the database away) stops counting once stale
        await releaseSlot?.().catch((error: unknown) => request.log.warn({ err: error }, 'upload slot not released'));
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
