import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {
  CancelLogResponse,
  NotEnoughPagesData,
  StudentFilterLogsResponse,
  StudentPrintingLog,
  StudentPrintingResponse,
} from 'shared-api/contracts';
import { normalizeFileType } from 'shared-api/contracts';
import type { Db } from '../../db';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/db';
import { newReleaseCode } from '../../lib/release-codes';
import { readConfigInForce } from '../system-config/system-config.service';
import { parseDateBound as parseDate } from '../../lib/dates';
import { AppError, errors } from '../../lib/errors';
import { printOptionsOf, type PrintOptions as DriverPrintOptions } from '../../print-queue/drivers/driver';
import {
  deviceTakesJobs,
  unsupportedOption,
  documentFormatOf,
  unsupportedOptionText,
  type DeviceCapabilities,
} from '../../print-queue/drivers/ipp/ipp-attributes';
import { UUID } from '../../lib/ids';
import { direction, facilityFilter, filterValue } from '../../lib/list-filters';
import { toStudentLog } from './print-jobs.presenters';
import { applyLedgerEntry } from '../ledger/ledger.repository';
import { parsePageRanges, printCost, selectedPageCount, validatePrintOptions, type PrintOptions } from './print-rules';
import { countPages, type PageCountOptions } from '../../documents/page-count';
import { activeFileTypes, inactiveFileTypes, type DocumentTools } from '../../documents/file-types';
import { libreOfficeMissing } from '../../documents/refusals';
import { StudentAnswerCache } from '../../lib/student-answer-cache';
import type { DomainEvents } from '../../events/domain-events';
import type { QueueEstimateService } from '../queue-estimate/queue-estimate.service';
import { cancelQueuedJob } from '../../print-queue/queue.repository';
import type { AuthUser } from '../../types';
import {
  findBalance,
  findLogOwner,
  findLogsByIds,
  findPrinterStatus,
  findPrinterStatusForShare,
  type PrinterForPrint,
  findSubmission,
  insertDocument,
  insertPrintingLog,
  insertSubmission,
  type NewPrintingLog,
  listStudentLogs,
  lockBalance,
  printedTotals,
} from './print-jobs.repository';
import type { FilterLogsQuery } from './print-jobs.schemas';

/** A job's options as the printer drivers read them. */
function driverOptions(options: PrintOptions): DriverPrintOptions {
  return printOptionsOf({
    paperSize: options.paperSize,
    copies: options.numVersion,
    numSides: options.numSides,
    pagesPerSheet: options.pagesPerSheet,
    color: options.colorOption,
    landscape: options.landScapeOption,
    pageRanges: options.pages === 'all' ? null : options.pages,
  });
}

/**
 * 422 before any charge when the printer has a device that cannot print now (offline, stopped, an error
 * such as out of paper: PRINTER_OFFLINE) or cannot do one of the options (OPTION_UNSUPPORTED, the option
 * named: never dropped in silence). A device not read yet is given the job (the send will tell).
 */
export function deviceRefusal(
  printer: PrinterForPrint,
  documents: { options: PrintOptions; fileType: string }[],
): AppError | null {
  if (!printer.is_device || printer.device_state === null) return null;
  if (!deviceTakesJobs(printer.device_state, printer.device_reasons ?? [])) {
    const why = printer.device_state === 'offline' ? 'không kết nối được' : 'đang báo lỗi';
    return errors.printerOffline(
      `Máy in ${printer.printer_id} hiện ${why}, chưa trừ trang nào: hãy chọn máy in khác hoặc thử lại sau`,
    );
  }
  const caps = printer.device_capabilities as DeviceCapabilities | null;
  if (!caps) return null;
  for (const { options, fileType } of documents) {
    // checked in the format the device will receive (an Office file goes as its converted PDF)
    const problem = unsupportedOption(driverOptions(options), caps, documentFormatOf(fileType));
    if (problem) return errors.optionUnsupported(unsupportedOptionText(printer.printer_id, problem));
  }
  return null;
}

/** The spec's toast for a paused printer. */
export const PRINTER_PAUSED_MESSAGE = 'Máy in đang Tạm dừng!';
export const SUBMIT_OK_MESSAGE = 'Yêu cầu in ấn đã được xác nhận!';
export const CANCEL_OK_MESSAGE = 'Hủy yêu cầu in thành công';
/** Files of one request, at most. */
export const MAX_FILES_PER_REQUEST = 50;
/** How stale a student's cached history may get when another instance changes it. */
export const HISTORY_CACHE_TTL_MS = 2_000;
/** Cached history answers (student × query), at most; the least recently used go first. */
export const HISTORY_CACHE_MAX_ENTRIES = 10_000;

/** A received file, written to the upload folder (a temporary name) as it arrived, with its SHA-256. */
export interface SpooledFile {
  path: string;
  sha256: string;
  size: number;
}

/** One uploaded file: on disk only (never held in memory); accepted, it is renamed, not written again. */
export interface UploadedFile {
  filename: string;
  spooled: SpooledFile;
}

/** The multipart request of POST /v1/student/printing. */
export interface PrintUpload {
  printerId: string | undefined;
  /** JSON array of per-file options, in the order of the files. */
  documents: string | undefined;
  files: UploadedFile[];
}

/** Upload rules from system_config, read per request (an officer may change them any time). */
export interface UploadLimits {
  allowedTypes: string[];
  /** Types the officers allow that this server cannot convert (no LibreOffice): refused saying so. */
  needsLibreOffice: string[];
  maxFileBytes: number;
  maxRequestBytes: number;
}

/** The same memory as a plain Uint8Array (the Buffer type and some libraries' typings disagree). */
const asBytes = (buffer: Buffer): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);

/** A date bound of a filter (lib/dates: a real day in 2000..2100), or null for "no filter". */
export function parseDateBound(value: string | undefined, name: string, end: boolean): Date | null {
  const text = filterValue(value);
  return text ? parseDate(text, name, end) : null;
}

/** A file name's extension, lower case, without the dot ('' when none). */
export function extensionOf(filename: string): string {
  return path.extname(filename).slice(1).toLowerCase();
}

/**
 * The 415 for a file whose type this server does not take now, or null: an Office type the officers
 * allow but this server cannot convert says that LibreOffice is missing (and to send a PDF), any other
 * lists the allowed types.
 */
export function fileTypeRefusal(filename: string, limits: UploadLimits): AppError | null {
  const ext = extensionOf(filename);
  if (ext && limits.allowedTypes.includes(ext)) return null;
  if (ext && limits.needsLibreOffice.includes(ext)) return libreOfficeMissing(ext, filename);
  return new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Loại tệp của "${filename}" không được phép in. Các loại được phép: ${limits.allowedTypes.join(', ')}`,
  );
}

/** Tries for a release code no other held job of the printer has (the partial unique index says). */
const RELEASE_CODE_TRIES = 8;

/**
 * Inserts a printing log; with a deadline (a held printer) it is Held with a new release code, drawn
 * again in the rare case another held job at that printer has it (the insert runs in a savepoint).
 */
async function insertWithReleaseCode(
  db: Db,
  heldUntil: Date | null,
  make: (held: NewPrintingLog['held']) => NewPrintingLog,
): Promise<string> {
  if (heldUntil === null) return insertPrintingLog(db, make(undefined));
  for (let attempt = 1; ; attempt += 1) {
    const held = { releaseCode: newReleaseCode(), heldUntil };
    try {
      return await db.tx((t) => insertPrintingLog(t, make(held)));
    } catch (error) {
      if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION || attempt >= RELEASE_CODE_TRIES) throw error;
    }
  }
}

/** Reuses a 400 from the cost rules with the document named in front. */
function withLabel<T>(label: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) {
      throw new AppError(400, error.code, `${label}: ${error.message}`, error.data);
    }
    throw error;
  }
}

function parseDocuments(raw: string | undefined, fileCount: number): unknown[] {
  if (raw === undefined || raw.trim() === '') return Array.from({ length: fileCount }, () => ({}));
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', 'Trường "documents" phải là một mảng JSON các tùy chọn in');
  }
  if (!Array.isArray(parsed)) {
    if (parsed && typeof parsed === 'object' && fileCount === 1) return [parsed];
    throw new AppError(400, 'VALIDATION_FAILED', 'Trường "documents" phải là một mảng JSON các tùy chọn in');
  }
  if (parsed.length !== fileCount) {
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Số tùy chọn in trong "documents" (${parsed.length}) không khớp với số tệp gửi lên (${fileCount})`,
    );
  }
  return parsed;
}

/** 422 with the missing count; `atLeast` when the cost is the least the request could cost (before counting). */
function notEnoughPages(required: number, balance: number, atLeast: boolean): AppError {
  const data: NotEnoughPagesData = { required, balance, missing: required - balance };
  return new AppError(
    422,
    'BUSINESS_RULE',
    `Không đủ số trang in: cần ${atLeast ? 'ít nhất ' : ''}${required} trang A4, số dư còn ${balance} trang, thiếu ${data.missing} trang. Vui lòng mua thêm giấy`,
    data,
  );
}

interface PreparedDocument {
  title: string;
  fileType: string;
  sizeBytes: number;
  pages: number;
  options: PrintOptions;
  selectedPages: number;
  sheets: number;
  cost: number;
  printableExtension: string;
  /** The converted PDF (Office files); absent when the received file is what prints. */
  convertedPdf: Buffer | undefined;
  /** The received file on disk, when it is what prints (not converted). */
  spooled: SpooledFile | undefined;
}

/** What a submission answers, and whether it is the answer of an earlier one with the same key. */
export interface SubmitResult {
  answer: StudentPrintingResponse;
  replayed: boolean;
}

/** Another request with the same Idempotency-Key committed first (rolls this one back). */
class SubmissionTaken extends Error {}

/**
 * What makes two submissions the same request: the printer, the options and each file's name and size.
 * A key sent again with another request is refused rather than answered with the first one's result.
 */
function submissionFingerprint(printerId: string, upload: PrintUpload): string {
  const files = upload.files.map((file) => [file.filename, file.spooled.size]);
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([printerId, upload.documents ?? null, files]))
    .digest('hex');
}

export interface PrintJobsServiceDeps {
  db: Db;
  events: DomainEvents;
  uploadDir: string;
  /** LibreOffice on this machine (soffice and its applications): which Office types are taken. */
  documents: DocumentTools;
  /** Counting options: the LibreOffice converter (none: Office types are refused), the PDF pool, limits. */
  pageCount?: PageCountOptions;
  historyCacheTtlMs?: number;
  historyCacheMaxEntries?: number;
  /** The clock of held jobs' deadlines (tests move it); the release service shares it. */
  now?: () => Date;
  /** Where each Queued job stands and when it should start (the history's queuePosition, estimatedStart). */
  queueEstimate: QueueEstimateService;
}

export type PrintJobsService = ReturnType<typeof createPrintJobsService>;

export function createPrintJobsService(deps: PrintJobsServiceDeps) {
  const { db, events, uploadDir } = deps;
  const now = deps.now ?? (() => new Date());

  // filterLogs answers per student and normalized query; an answer showing a Queued job holds its queue
  // position and estimated start, which any queue change (another job sent, started, done) may move
  const historyCache = new StudentAnswerCache<StudentFilterLogsResponse>(
    deps.historyCacheTtlMs ?? HISTORY_CACHE_TTL_MS,
    deps.historyCacheMaxEntries ?? HISTORY_CACHE_MAX_ENTRIES,
    (answer) => answer.printingLogs.some((log) => log.status === 'Queued'),
  );

  // Whichever module changed a printer, a queue or a student's job, these caches drop what went stale
  // before anyone is told to reload.
  events.on('printer-changed', () => historyCache.invalidateVolatile(), 'state');
  events.on('job-changed', ({ userId }) => historyCache.invalidateUser(userId), 'state');

  /**
   * The logs with each Queued job's estimated start filled in: one read of the pending jobs of their
   * printers (none when no log is Queued). queuePosition stays the log's own position (the same order).
   */
  async function withEstimates(logs: StudentPrintingLog[]): Promise<StudentPrintingLog[]> {
    const printerIds = [...new Set(logs.filter((log) => log.status === 'Queued').map((log) => log.printerId))];
    if (printerIds.length === 0) return logs;
    const { jobs } = await deps.queueEstimate.estimate(printerIds);
    return logs.map((log) => {
      if (log.status !== 'Queued') return log;
      const start = jobs.get(log._id)?.estimatedStart ?? null;
      return { ...log, estimatedStart: start === null ? null : start.toISOString() };
    });
  }

  /** After a commit that changed a queue and the student's pages. */
  function queueChanged(userId: string, printerId?: string): void {
    events.emit('ledger-written', { userId });
    events.emit('job-changed', { userId, printerId });
    events.emit('printer-changed', { printerId });
  }

  async function storeFiles(prepared: PreparedDocument[]): Promise<{ names: string[]; hashes: string[] }> {
    await fs.promises.mkdir(uploadDir, { recursive: true, mode: 0o700 });
    const names: string[] = [];
    const hashes: string[] = [];
    try {
      for (const doc of prepared) {
        const name = `${crypto.randomUUID()}.${doc.printableExtension}`;
        const converted = doc.convertedPdf;
        if (!converted) {
          if (!doc.spooled) throw new Error('a document with nothing to store');
          // written and hashed while it was received: only its final name is given here
          await fs.promises.rename(doc.spooled.path, path.join(uploadDir, name));
          names.push(name);
          hashes.push(doc.spooled.sha256);
          continue;
        }
        await fs.promises.writeFile(path.join(uploadDir, name), asBytes(converted), {
          flag: 'wx',
          mode: 0o600,
        });
        names.push(name);
        hashes.push(crypto.createHash('sha256').update(asBytes(converted)).digest('hex'));
      }
    } catch (error) {
      await removeFiles(names);
      throw error;
    }
    return { names, hashes };
  }

  async function removeFiles(names: string[]): Promise<void> {
    await Promise.all(
      names.map((name) => fs.promises.rm(path.join(uploadDir, name), { force: true }).catch(() => undefined)),
    );
  }

  /**
   * The answer of a submission already received under this key (its logs as they are now, the balance
   * now), undefined when the key is new; 409 when the key was used for another request.
   */
  async function replay(userId: string, key: string, fingerprint: string): Promise<SubmitResult | undefined> {
    const earlier = await findSubmission(db, userId, key);
    if (!earlier) return undefined;
    if (earlier.fingerprint !== fingerprint) {
      throw new AppError(
        409,
        'CONFLICT',
        'Khóa Idempotency-Key này đã được dùng cho một yêu cầu in khác. Hãy tạo khóa mới cho mỗi yêu cầu',
      );
    }
    const logs = await withEstimates((await findLogsByIds(db, earlier.log_ids)).map(toStudentLog));
    const balance = (await findBalance(db, userId)) ?? 0;
    return {
      answer: { printingLogs: logs, totalCost: earlier.total_cost, balance },
      replayed: true,
    };
  }

  return {
    /** Cached history answers (tests). */
    get historyCacheSize(): number {
      return historyCache.size;
    },

    /** Logs by id as their owner reads them (the answers of the release routes), in queue order. */
    async studentLogs(ids: readonly string[]): Promise<StudentPrintingLog[]> {
      return withEstimates((await findLogsByIds(db, ids)).map(toStudentLog));
    },

    /** The upload rules of system_config. */
    async uploadLimits(): Promise<UploadLimits> {
      const row = await readConfigInForce(db);
      if (!row) throw new Error('system_config is empty');
      const configured = row.current_file_type.map(normalizeFileType);
      return {
        // the configured types this server can take (an Office type without its LibreOffice is left out)
        allowedTypes: activeFileTypes(configured, deps.documents.officeApps),
        needsLibreOffice: inactiveFileTypes(configured, deps.documents.officeApps)
          .filter((entry) => entry.reason === 'needs-libreoffice')
          .map((entry) => entry.type),
        maxFileBytes: row.max_file_bytes,
        maxRequestBytes: row.max_request_bytes,
      };
    },

    /**
     * The student printer list from memory: filters (status, facility, part of the id), sorts (print
     * count, then name, then id in sortDirection) and one page of per_page.
     */
    /**
     * Refuses (422, as when the charge fails) a student whose balance is under `least` pages, read
     * without a lock: the early check that spares counting a document the student cannot pay for.
     */
    async requireBalance(userId: string, least: number): Promise<void> {
      const balance = await findBalance(db, userId);
      if (balance === undefined) throw errors.unauthenticated('Tài khoản không tồn tại hoặc đã bị vô hiệu hóa');
      if (balance < least) throw notEnoughPages(least, balance, true);
    },

    /**
     * Accepts a print request: the printer must exist (404) and be active (422); each file's extension
     * must be allowed and its content must match it (415); options are checked (400); pages are counted
     * here. Then, in one transaction, every document is stored, queued and charged (one ledger row per
     * job), or none is: not enough pages answers 422 with the missing count.
     */
    async submit(
      user: AuthUser,
      upload: PrintUpload,
      limits: UploadLimits,
      idempotencyKey: string | null = null,
    ): Promise<SubmitResult> {
      const askedId = upload.printerId?.trim();
      if (!askedId) throw new AppError(400, 'VALIDATION_FAILED', 'Thiếu trường bắt buộc "printerId"');
      const fingerprint = submissionFingerprint(askedId.toLowerCase(), upload);
      if (idempotencyKey !== null) {
        // a repeat of a submission already charged: its answer again, nothing counted or charged
        const earlier = await replay(user.id, idempotencyKey, fingerprint);
        if (earlier) return earlier;
      }
      const printer = await findPrinterStatus(db, askedId);
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${askedId}"`);
      if (printer.status !== 1) throw errors.businessRule(PRINTER_PAUSED_MESSAGE);
      // the id as stored ('b1-109' names B1-109)
      const printerId = printer.printer_id;
      if (upload.files.length === 0)
        throw new AppError(400, 'VALIDATION_FAILED', 'Chưa có tệp nào để in (trường "file")');

      for (const file of upload.files) {
        const refusal = fileTypeRefusal(file.filename, limits);
        if (refusal) throw refusal;
      }
      const rawOptions = parseDocuments(upload.documents, upload.files.length);
      const validated = upload.files.map((file, i) => ({
        file,
        options: validatePrintOptions(rawOptions[i], `Tài liệu ${i + 1} ("${file.filename}")`),
      }));
      // a real printer that cannot print now, or cannot do an option: refused before anything is read or charged
      const deviceProblem = deviceRefusal(
        printer,
        validated.map(({ file, options }) => ({ options, fileType: extensionOf(file.filename) })),
      );
      if (deviceProblem) throw deviceProblem;

      // Before any document is read: a student who cannot pay even one page of each is refused here, so
      // a hostile document from a student without pages costs the server nothing (the charge below stays
      // the authority, under the row lock).
      const least = validated.reduce((sum, { options }) => sum + printCost(1, options).cost, 0);
      await this.requireBalance(user.id, least);

      const prepared: PreparedDocument[] = [];
      for (const [i, { file, options }] of validated.entries()) {
        const ext = extensionOf(file.filename);
        const counted = await countPages(file.spooled.path, ext, file.filename, deps.pageCount);
        const label = `Tài liệu ${i + 1} ("${file.filename}")`;
        const selectedPages = withLabel(label, () => selectedPageCount(parsePageRanges(options.pages), counted.pages));
        const { sheets, cost } = printCost(selectedPages, options);
        prepared.push({
          title: file.filename,
          fileType: ext,
          sizeBytes: file.spooled.size,
          pages: counted.pages,
          options,
          selectedPages,
          sheets,
          cost,
          printableExtension: counted.printableExtension,
          convertedPdf: counted.convertedPdf,
          spooled: counted.convertedPdf ? undefined : file.spooled,
        });
      }
      const totalCost = prepared.reduce((sum, doc) => sum + doc.cost, 0);

      const stored = await storeFiles(prepared);
      let result: { ids: string[]; balance: number };
      try {
        result = await db.tx(async (t) => {
          const locked = await findPrinterStatusForShare(t, printerId);
          if (!locked) throw errors.notFound(`Không tìm thấy máy in "${printerId}"`);
          if (locked.status !== 1) throw errors.businessRule(PRINTER_PAUSED_MESSAGE);
          const lockedProblem = deviceRefusal(
            locked,
            prepared.map((doc) => ({ options: doc.options, fileType: doc.fileType })),
          );
          if (lockedProblem) throw lockedProblem;
          const balance = await lockBalance(t, user.id);
          if (balance === undefined) throw errors.unauthenticated('Tài khoản không tồn tại hoặc đã bị vô hiệu hóa');
          if (balance < totalCost) throw notEnoughPages(totalCost, balance, false);
          // a held printer: each job waits for its owner until the deadline the officers set
          const heldUntil =
            locked.release_mode === 'held'
              ? new Date(now().getTime() + (await readConfigInForce(t)).held_job_minutes * 60_000)
              : null;
          const ids: string[] = [];
          let after = balance;
          for (const [i, doc] of prepared.entries()) {
            const storagePath = stored.names[i];
            const sha256 = stored.hashes[i];
            if (storagePath === undefined || sha256 === undefined) throw new Error('stored files out of step');
            const documentId = await insertDocument(t, {
              ownerId: user.id,
              title: doc.title,
              fileType: doc.fileType,
              pages: doc.pages,
              sizeBytes: doc.sizeBytes,
              storagePath,
              sha256,
            });
            const logId = await insertWithReleaseCode(t, heldUntil, (held) => ({
              held,
              userId: user.id,
              printerId,
              documentId,
              paperSize: doc.options.paperSize,
              numVersion: doc.options.numVersion,
              colorOption: doc.options.colorOption,
              landScapeOption: doc.options.landScapeOption,
              pagesPerSheet: doc.options.pagesPerSheet,
              numSides: doc.options.numSides,
              pageRanges: doc.options.pages === 'all' ? null : doc.options.pages,
              selectedPages: doc.selectedPages,
              totalPages: doc.sheets,
              cost: doc.cost,
            }));
            const entry = await applyLedgerEntry(t, {
              userId: user.id,
              kind: 'charge',
              delta: -doc.cost,
              refType: 'printing_log',
              refId: logId,
              note: `In "${doc.title}" tại máy ${printerId}`,
            });
            if (!entry.applied) throw new Error(`printing log ${logId} was already charged`);
            after = entry.balance;
            ids.push(logId);
          }
          if (idempotencyKey !== null) {
            const first = await insertSubmission(t, {
              userId: user.id,
              key: idempotencyKey,
              fingerprint,
              logIds: ids,
              totalCost,
            });
            // the same submission committed meanwhile (a retry racing the first send): undo this one
            if (!first) throw new SubmissionTaken();
          }
          return { ids, balance: after };
        });
      } catch (error) {
        await removeFiles(stored.names);
        if (error instanceof SubmissionTaken && idempotencyKey !== null) {
          const earlier = await replay(user.id, idempotencyKey, fingerprint);
          if (earlier) return earlier;
        }
        throw error;
      }

      queueChanged(user.id, printerId);
      const logs = await withEstimates((await findLogsByIds(db, result.ids)).map(toStudentLog));
      return {
        answer: { printingLogs: logs, totalCost, balance: result.balance },
        replayed: false,
      };
    },

    /**
     * The caller's own logs with filters, plus the A3 and A4 sheets printed. Served from memory per
     * student and normalized query; dropped when update-student-history is emitted for the student.
     */
    async filterLogs(user: AuthUser, query: FilterLogsQuery): Promise<StudentFilterLogsResponse> {
      const perPage = query.per_page ?? 100;
      const page = query.page ?? 1;
      const filter = {
        userId: user.id,
        status: filterValue(query.status),
        facility: facilityFilter(query.facility),
        from: parseDateBound(query.startDate, 'startDate', false),
        to: parseDateBound(query.endDate, 'endDate', true),
        search: filterValue(query.searchField),
        direction: direction(query.sortDirection, -1),
        limit: perPage,
        offset: (page - 1) * perPage,
      };
      const key = JSON.stringify([
        filter.status,
        filter.facility,
        filter.from?.toISOString() ?? null,
        filter.to?.toISOString() ?? null,
        filter.search,
        filter.direction,
        filter.limit,
        filter.offset,
      ]);
      return historyCache.get(user.id, key, async () => {
        const rows = await listStudentLogs(db, filter);
        const totals = await printedTotals(db, user.id);
        // a Queued job's estimate is volatile like its position: the cache drops it on any queue change
        const printingLogs = await withEstimates(rows.map(toStudentLog));
        return { printingLogs, printedA3: totals.a3, printedA4: totals.a4 };
      });
    },

    /**
     * Cancels the caller's own Queued (or Held) job and refunds it in full, once: 404 unknown, 403 another
     * student's, 422 once it is no longer Queued (printing, printed, cancelled, or claimed by the
     * dispatcher in the same instant: the conditional UPDATE lets exactly one of the two win).
     */
    async cancel(user: AuthUser, printingLogId: string): Promise<CancelLogResponse> {
      const id = printingLogId.trim();
      const notFound = () => errors.notFound('Không tìm thấy yêu cầu in');
      if (!UUID.test(id)) throw notFound();
      const balance = await db.tx(async (t) => {
        const owner = await findLogOwner(t, id);
        if (!owner) throw notFound();
        if (owner.user_id !== user.id) throw errors.forbidden('Bạn không thể hủy yêu cầu in của người khác');
        const cancelled = await cancelQueuedJob(t, id, user.id);
        if (!cancelled) {
          throw errors.businessRule(
            'Chỉ hủy được yêu cầu in đang đợi hoặc đang giữ; yêu cầu này đã bắt đầu in hoặc đã kết thúc',
          );
        }
        const entry = await applyLedgerEntry(t, {
          userId: cancelled.user_id,
          kind: 'refund',
          delta: cancelled.cost,
          refType: 'printing_log',
          refId: cancelled.id,
          note: 'Hủy yêu cầu in',
          createdBy: user.id,
        });
        return entry.balance;
      });
      queueChanged(user.id);
      const [log] = await findLogsByIds(db, [id]);
      if (!log) throw notFound();
      return { printingLog: toStudentLog(log), balance };
    },
  };
}
