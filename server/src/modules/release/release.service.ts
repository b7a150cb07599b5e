import {
  HELD_EXPIRY_NOTICE_MINUTES,
  HELD_EXTENSION_MINUTES,
  isReleaseCode,
  normalizeReleaseCode,
  STATION_CODE_WINDOW_MS,
  type HeldJobResponse,
  type PaperSize,
  type PrintStatus,
  type ReleaseStationCreated,
  type ReleaseStationListResponse,
  type StationCodeResponse,
  type StationReleasedJob,
  type StudentReleaseResponse,
} from 'shared-api/contracts';
import type { Db } from '../../db';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../db/db';
import type { DomainEvents } from '../../events/domain-events';
import { AppError, errors } from '../../lib/errors';
import { UUID, toIso, toIsoOrNull } from '../../lib/ids';
import { hashStationToken, newReleaseCode, newStationToken } from '../../lib/release-codes';
import { SharedTokenBuckets } from '../../lib/shared-token-buckets';
import { deviceTakesJobs } from '../../print-queue/drivers/ipp/ipp-attributes';
import type { AuthUser } from '../../types';
import { applyLedgerEntry } from '../ledger/ledger.repository';
import { noticeJobExpiring } from '../notices/notices.writers';
import type { PrintOptions } from '../print-jobs/print-rules';
import { deviceRefusal, PRINTER_PAUSED_MESSAGE, type PrintJobsService } from '../print-jobs/print-jobs.service';
import { readConfigInForce } from '../system-config/system-config.service';
import * as repo from './release.repository';

/** A station's code is accepted this long after its issue: one window as the code shown, one after. */
const CODE_VALID_MS = 2 * STATION_CODE_WINDOW_MS;
/** Codes of a station kept after they stopped being valid (then forgotten). */
const CODE_KEEP_MS = 60 * 60_000;
/** Tries for a code not taken (a station's codes, the held jobs of a printer). */
const CODE_TRIES = 8;
/** Held jobs expired (and refunded) per transaction; a run repeats until none is left. */
export const EXPIRY_BATCH = 200;
const EXPIRY_MAX_BATCHES = 50;
/** Stations listed per printer (revoked ones last: a printer never needs this many). */
const STATIONS_LISTED = 200;

/** Why an expired job came back (printing_logs.failure_reason, the job-refunded event). */
export const HELD_EXPIRED_REASON = 'expired';

/** How often code attempts may come: a burst, then one every few seconds. */
export interface ReleaseRateLimits {
  /** Release attempts of one student (station codes on the phone). */
  student: { burst: number; perMinute: number };
  /** Job codes typed on one station's keypad. */
  station: { burst: number; perMinute: number };
  /** Wrong station codes tried at one printer, by every student together (a brute force by many accounts). */
  printer: { burst: number; perMinute: number };
}

export const DEFAULT_RELEASE_RATE_LIMITS: ReleaseRateLimits = {
  student: { burst: 5, perMinute: 6 },
  station: { burst: 10, perMinute: 12 },
  printer: { burst: 30, perMinute: 30 },
};

export interface ReleaseServiceDeps {
  db: Db;
  events: DomainEvents;
  printJobs: Pick<PrintJobsService, 'studentLogs' | 'uploadLimits'>;
  /** The clock of codes, deadlines and rate limits (tests move it). */
  now?: () => Date;
  rateLimits?: ReleaseRateLimits;
}

/** What one run of the expiry did. */
export interface ExpiryResult {
  /** Owners told that a held job expires within 10 minutes. */
  told: number;
  /** Held jobs past their deadline, now Expired and refunded. */
  expired: number;
}

export type ReleaseService = ReturnType<typeof createReleaseService>;

const releaseCodeInvalid = (message: string) => new AppError(422, 'RELEASE_CODE_INVALID', message);
const stationTokenInvalid = () =>
  new AppError(
    401,
    'STATION_TOKEN_INVALID',
    'Khóa của máy nhận lệnh in không hợp lệ hoặc đã bị thu hồi: hãy nhờ cán bộ quản lý cấp khóa mới',
  );
const jobNotFound = () => errors.notFound('Không tìm thấy yêu cầu in của bạn');

/** 'Nguyễn Văn' + 'An' → 'N. V. An': who a station may name, no more. */
export function shortOwnerName(lastName: string | null, firstName: string | null): string {
  const initials = (lastName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]?.toUpperCase() ?? ''}.`);
  const name = [...initials, (firstName ?? '').trim()].filter(Boolean).join(' ');
  return name || '—';
}

/** A job's options as the device checks read them. */
function optionsOf(job: repo.OwnJobRow): PrintOptions {
  return {
    paperSize: job.paper_size as PaperSize,
    numVersion: job.num_version,
    colorOption: job.color_option,
    landScapeOption: job.landscape_option,
    pagesPerSheet: job.pages_per_sheet as PrintOptions['pagesPerSheet'],
    numSides: job.num_sides as PrintOptions['numSides'],
    pages: job.page_ranges ?? 'all',
  };
}

/** 429 with the wait in seconds. */
function tooMany(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, 'TOO_MANY_REQUESTS', `Bạn đã thử mã quá nhiều lần. Vui lòng thử lại sau ${seconds} giây`, {
    retryAfterSeconds: seconds,
  });
}

/**
 * Release at the printer: release stations (an officer's key per station, the codes a station shows),
 * the release of held jobs (by the station's code on the student's phone, or by a job's code on the
 * station's keypad), the student's extension and move of their own jobs, and the expiry of held jobs
 * (refunded once, in the transaction that ends them).
 */
export function createReleaseService(deps: ReleaseServiceDeps) {
  const { db, events, printJobs } = deps;
  const now = deps.now ?? (() => new Date());
  const limits = deps.rateLimits ?? DEFAULT_RELEASE_RATE_LIMITS;
  const clockMs = () => now().getTime();
  // Every one of these guards a code against guessing: counted in PostgreSQL, so a guesser spreading tries
  // over several instances meets the same limit as on one.
  const buckets = (name: string, limit: { burst: number; perMinute: number }) =>
    new SharedTokenBuckets(db, `release:${name}`, limit.perMinute / 60, limit.burst, clockMs);
  const studentAttempts = buckets('student', limits.student);
  const stationAttempts = buckets('station', limits.station);
  const printerAttempts = buckets('printer', limits.printer);

  /** 422 unless the printer takes jobs now: active, and its device (if any) not offline, stopped or in error. */
  function refuseUnlessPrinting(printer: repo.PrinterForRelease): void {
    if (printer.status !== 1) throw errors.businessRule(PRINTER_PAUSED_MESSAGE);
    if (!printer.is_device || printer.device_state === null) return;
    if (!deviceTakesJobs(printer.device_state, printer.device_reasons ?? [])) {
      const why = printer.device_state === 'offline' ? 'không kết nối được' : 'đang báo lỗi';
      throw errors.printerOffline(
        `Máy in ${printer.printer_id} hiện ${why}: chưa thể nhận lệnh in. Lệnh in của bạn vẫn được giữ, hãy thử lại khi máy in hoạt động trở lại hoặc chuyển sang máy in khác`,
      );
    }
  }

  /** The deadline of a job held from now (the officers' held_job_minutes). */
  async function heldFromNow(t: Db): Promise<Date> {
    const { held_job_minutes: minutes } = await readConfigInForce(t);
    return new Date(now().getTime() + minutes * 60_000);
  }

  /** After a commit that changed jobs of these students at these printers. */
  function jobsChanged(userIds: Iterable<string>, printerIds: string[]): void {
    for (const userId of new Set(userIds)) {
      for (const printerId of printerIds) events.emit('job-changed', { userId, printerId });
    }
    for (const printerId of printerIds) events.emit('printer-changed', { printerId });
  }

  return {
    /** POST /v1/spso/release-station: a station for a printer in service; its key is shown once. */
    async createStation(actor: AuthUser, printerId: string): Promise<ReleaseStationCreated> {
      const printer = await repo.findPrinterForRelease(db, printerId.trim());
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${printerId.trim()}"`);
      const token = newStationToken();
      const stationId = await repo.insertStation(db, printer.printer_id, hashStationToken(token), actor.id);
      return { token, stationId };
    },

    /**
     * GET /v1/spso/release-station?printerId=: the printer's stations (never their keys), in use first,
     * newest first, each with when it last took a code. 404 for a printer not in service.
     */
    async listStations(printerId: string): Promise<ReleaseStationListResponse> {
      const printer = await repo.findPrinterForRelease(db, printerId.trim());
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${printerId.trim()}"`);
      const rows = await repo.listStations(db, printer.printer_id, STATIONS_LISTED);
      return {
        stations: rows.map((row) => ({
          stationId: row.id,
          printerId: row.printer_id,
          createdAt: toIso(row.created_at),
          revokedAt: toIsoOrNull(row.revoked_at),
          lastSeenAt: toIsoOrNull(row.last_seen_at),
        })),
      };
    },

    /** DELETE /v1/spso/release-station: the key stops working at once (404 unknown or revoked already). */
    async revokeStation(actor: AuthUser, stationId: string): Promise<null> {
      const id = stationId.trim();
      const notFound = () => errors.notFound('Không tìm thấy máy nhận lệnh in (hoặc đã bị thu hồi)');
      if (!UUID.test(id)) throw notFound();
      const revoked = await repo.revokeStation(db, id, actor.id);
      if (!revoked) throw notFound();
      return null;
    },

    /** The station whose key this is (the X-Station-Token header); 401 when missing, unknown or revoked. */
    async stationFor(token: string | undefined): Promise<{ id: string; printerId: string }> {
      if (!token || token.length > 200) throw stationTokenInvalid();
      const station = await repo.findStationByTokenHash(db, hashStationToken(token.trim()));
      if (!station) throw stationTokenInvalid();
      return { id: station.id, printerId: station.printer_id };
    },

    /**
     * GET /v1/release-station/code: the code the station shows now. A code is shown for 60 s (or until
     * it is used), then the next is issued; it is taken for 60 s more. Issued under the station's row
     * lock, so two instances answer the same code.
     */
    async stationCode(station: { id: string; printerId: string }): Promise<StationCodeResponse> {
      const at = now();
      const shown = await db.tx(async (t) => {
        if (!(await repo.lockStation(t, station.id))) throw stationTokenInvalid();
        const current = await repo.currentStationCode(t, station.id, new Date(at.getTime() - STATION_CODE_WINDOW_MS));
        if (current) return { code: current.code, issuedAt: new Date(current.issued_at) };
        await repo.deleteStaleStationCodes(t, station.id, new Date(at.getTime() - CODE_KEEP_MS));
        for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
          const code = newReleaseCode();
          const validUntil = new Date(at.getTime() + CODE_VALID_MS);
          if (await repo.insertStationCode(t, { stationId: station.id, code, issuedAt: at, validUntil })) {
            return { code, issuedAt: at };
          }
        }
        throw new Error('no free station code');
      });
      return {
        code: shown.code,
        printerId: station.printerId,
        expiresAt: new Date(shown.issuedAt.getTime() + STATION_CODE_WINDOW_MS).toISOString(),
      };
    },

    /**
     * POST /v1/release-station/release: the job whose release code was typed on the station's keypad
     * goes to the queue. A wrong code, a code of a job elsewhere or expired answer the same 422.
     */
    async releaseAtStation(station: { id: string; printerId: string }, input: string): Promise<StationReleasedJob> {
      const code = normalizeReleaseCode(input);
      if (!isReleaseCode(code)) throw errors.badRequest('Mã nhận gồm 6 ký tự in trên điện thoại của bạn');
      if (!(await stationAttempts.take(station.id))) throw tooMany(await stationAttempts.waitMs(station.id));
      const printer = await repo.findPrinterForRelease(db, station.printerId);
      if (!printer) throw stationTokenInvalid();
      refuseUnlessPrinting(printer);
      const released = await db.tx(async (t) => {
        const locked = await repo.findPrinterForRelease(t, station.printerId, true);
        if (!locked) throw stationTokenInvalid();
        refuseUnlessPrinting(locked);
        return repo.releaseByCode(t, locked.printer_id, code, now());
      });
      if (!released) throw releaseCodeInvalid('Mã nhận không đúng hoặc lệnh in đã hết hạn. Hãy kiểm tra lại mã');
      jobsChanged([released.user_id], [printer.printer_id]);
      const job = await repo.findStationJob(db, released.id);
      if (!job) throw releaseCodeInvalid('Mã nhận không đúng hoặc lệnh in đã hết hạn. Hãy kiểm tra lại mã');
      return {
        _id: job.id,
        status: job.status as PrintStatus,
        printerId: job.printer_id,
        owner: shortOwnerName(job.last_name, job.first_name),
        paperSize: job.paper_size as PaperSize,
        numVersion: job.num_version,
        total_pages: job.total_pages,
        createdAt: toIso(job.created_at),
      };
    },

    /**
     * POST /v1/student/release: the caller's held jobs at the printer (one, or all) go to its queue when
     * `stationCode` is a code a station of that printer shows now (or showed within the last 60 s) and
     * was not used yet; the code is used by it. Nothing released (no such job): the code stays unused.
     */
    async releaseOwn(
      user: AuthUser,
      body: { printerId: string; stationCode: string; printingLogId?: string },
    ): Promise<StudentReleaseResponse> {
      const code = normalizeReleaseCode(body.stationCode);
      if (!isReleaseCode(code)) throw errors.badRequest('Mã tại máy in gồm 6 ký tự hiện trên máy nhận lệnh in');
      const logId = body.printingLogId?.trim() || null;
      if (logId !== null && !UUID.test(logId)) throw jobNotFound();
      if (!(await studentAttempts.take(user.id))) throw tooMany(await studentAttempts.waitMs(user.id));
      const printer = await repo.findPrinterForRelease(db, body.printerId.trim());
      if (!printer) throw errors.notFound(`Không tìm thấy máy in "${body.printerId.trim()}"`);
      const wait = await printerAttempts.waitMs(printer.printer_id);
      if (wait > 0) throw tooMany(wait);
      refuseUnlessPrinting(printer);
      const ids = await db.tx(async (t) => {
        const locked = await repo.findPrinterForRelease(t, printer.printer_id, true);
        if (!locked) throw errors.notFound(`Không tìm thấy máy in "${printer.printer_id}"`);
        refuseUnlessPrinting(locked);
        const at = now();
        const used = await repo.useStationCode(t, locked.printer_id, code, at, user.id);
        // nothing written yet: the wrong code is counted after this transaction (its rollback would undo it)
        if (!used) return null;
        const released = await repo.releaseOwnHeldJobs(t, { userId: user.id, printerId: locked.printer_id, logId, at });
        if (released.length === 0) {
          // rolled back: the code is not used up by a release that released nothing
          throw errors.notFound(
            logId
              ? 'Không tìm thấy lệnh in đang giữ của bạn tại máy in này'
              : 'Bạn không có lệnh in nào đang giữ tại máy in này',
          );
        }
        return released;
      });
      if (ids === null) {
        await printerAttempts.take(printer.printer_id);
        throw releaseCodeInvalid(
          'Mã tại máy in không đúng, đã hết hạn hoặc đã được dùng: hãy quét lại mã QR đang hiện trên máy nhận lệnh in',
        );
      }
      jobsChanged([user.id], [printer.printer_id]);
      return { printingLogs: await printJobs.studentLogs(ids) };
    },

    /** PUT /v1/student/extend: a held job of the caller's waits 30 minutes more, once (again: 422). */
    async extend(user: AuthUser, printingLogId: string): Promise<HeldJobResponse> {
      const id = printingLogId.trim();
      if (!UUID.test(id)) throw jobNotFound();
      await db.tx(async (t) => {
        const job = await repo.lockOwnJob(t, id, user.id);
        if (!job) throw jobNotFound();
        if (job.status !== 'Held') throw errors.businessRule('Chỉ gia hạn được lệnh in đang chờ nhận tại máy in');
        if (job.held_extended_at !== null) {
          throw errors.businessRule(
            `Lệnh in này đã được gia hạn ${HELD_EXTENSION_MINUTES} phút; chỉ gia hạn được một lần`,
          );
        }
        if (!(await repo.extendHeldJob(t, id, HELD_EXTENSION_MINUTES, now()))) {
          throw errors.businessRule('Lệnh in này đã hết hạn nhận tại máy in');
        }
      });
      events.emit('job-changed', { userId: user.id });
      const [log] = await printJobs.studentLogs([id]);
      if (!log) throw jobNotFound();
      return { printingLog: log };
    },

    /**
     * PUT /v1/student/move: a Held or Queued job of the caller's goes to another active printer that can
     * take it (its device, if any, working and able to print the job's options; the file type allowed):
     * same cost, same file. Held there with a new code at a held printer, Queued at a direct one.
     */
    async move(user: AuthUser, printingLogId: string, printerId: string): Promise<HeldJobResponse> {
      const id = printingLogId.trim();
      if (!UUID.test(id)) throw jobNotFound();
      const asked = printerId.trim();
      const { allowedTypes } = await printJobs.uploadLimits();
      const moved = await db.tx(async (t) => {
        const job = await repo.lockOwnJob(t, id, user.id);
        if (!job) throw jobNotFound();
        if (job.status !== 'Held' && job.status !== 'Queued') {
          throw errors.businessRule('Chỉ chuyển được lệnh in đang đợi hoặc đang chờ nhận tại máy in');
        }
        const target = await repo.findPrinterForRelease(t, asked, true);
        if (!target) throw errors.notFound(`Không tìm thấy máy in "${asked}"`);
        if (target.printer_id === job.printer_id) throw errors.businessRule('Lệnh in đã ở máy in này');
        if (target.status !== 1) throw errors.businessRule(PRINTER_PAUSED_MESSAGE);
        const refusal = deviceRefusal(target, [{ options: optionsOf(job), fileType: job.file_type }]);
        if (refusal) throw refusal;
        if (!allowedTypes.includes(job.file_type) || job.storage_path === null) {
          throw errors.businessRule(`Máy in ${target.printer_id} không nhận được tệp này; hãy gửi lại tệp`);
        }
        const heldUntil = target.release_mode === 'held' ? await heldFromNow(t) : null;
        for (let attempt = 1; ; attempt += 1) {
          const held = heldUntil ? { releaseCode: newReleaseCode(), heldUntil } : null;
          try {
            const done = await t.tx((s) => repo.moveJob(s, id, target.printer_id, held));
            if (!done) throw errors.businessRule('Chỉ chuyển được lệnh in đang đợi hoặc đang chờ nhận tại máy in');
            return { from: job.printer_id, to: target.printer_id };
          } catch (error) {
            if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION || attempt >= CODE_TRIES) throw error;
          }
        }
      });
      jobsChanged([user.id], [moved.from, moved.to]);
      const [log] = await printJobs.studentLogs([id]);
      if (!log) throw jobNotFound();
      return { printingLog: log };
    },

    /**
     * The expiry at `at`: the owners of held jobs expiring within 10 minutes are told (once each), then
     * every held job past its deadline becomes Expired and is refunded in full in the same transaction.
     * Safe with any number of instances: rows are claimed by conditional UPDATEs over SKIP LOCKED rows,
     * and the ledger takes one refund per job.
     */
    async expireHeldJobs(at: Date = now()): Promise<ExpiryResult> {
      const result: ExpiryResult = { told: 0, expired: 0 };
      const horizon = new Date(at.getTime() + HELD_EXPIRY_NOTICE_MINUTES * 60_000);
      const toldUsers = new Set<string>();
      for (let batch = 0; batch < EXPIRY_MAX_BATCHES; batch += 1) {
        const told = await db.tx(async (t) => {
          const rows = await repo.markExpiringJobs(t, at, horizon, EXPIRY_BATCH);
          for (const row of rows) {
            // a job already past its deadline expires below: no notice saying it will
            if (new Date(row.held_until).getTime() <= at.getTime()) continue;
            const minutes = Math.max(1, Math.ceil((new Date(row.held_until).getTime() - at.getTime()) / 60_000));
            await noticeJobExpiring(t, { userId: row.user_id, printerId: row.printer_id, title: row.title, minutes });
          }
          return rows.filter((row) => new Date(row.held_until).getTime() > at.getTime());
        });
        for (const row of told) {
          toldUsers.add(row.user_id);
          events.emit('job-expiring', {
            userId: row.user_id,
            printingLogId: row.id,
            printerId: row.printer_id,
            title: row.title,
            minutes: Math.max(1, Math.ceil((new Date(row.held_until).getTime() - at.getTime()) / 60_000)),
          });
        }
        result.told += told.length;
        if (told.length < EXPIRY_BATCH) break;
      }
      for (const userId of toldUsers) events.emit('job-changed', { userId });

      for (let batch = 0; batch < EXPIRY_MAX_BATCHES; batch += 1) {
        const expired = await db.tx(async (t) => {
          const rows = await repo.expireHeldJobs(t, at, EXPIRY_BATCH);
          const refunded: repo.ExpiredJobRow[] = [];
          for (const row of rows) {
            const entry = await applyLedgerEntry(t, {
              userId: row.user_id,
              kind: 'refund',
              delta: row.cost,
              refType: 'printing_log',
              refId: row.id,
              note: 'Lệnh in không được nhận tại máy in trước hạn: hoàn trang',
            });
            if (entry.applied) refunded.push(row);
          }
          return { rows, refunded };
        });
        result.expired += expired.rows.length;
        for (const row of expired.refunded) {
          events.emit('ledger-written', { userId: row.user_id });
          events.emit('job-changed', { userId: row.user_id, printerId: row.printer_id });
          events.emit('job-refunded', {
            userId: row.user_id,
            printingLogId: row.id,
            printerId: row.printer_id,
            title: row.title,
            pages: row.cost,
            reason: HELD_EXPIRED_REASON,
          });
        }
        if (expired.rows.length < EXPIRY_BATCH) break;
      }
      return result;
    },
  };
}
