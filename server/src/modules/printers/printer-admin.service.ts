import {
  isDeviceUri,
  locationProblem,
  PRINTER_DISABLED_REASON,
  type Location,
  type PrinterChangeAction,
  type PrinterChangeResponse,
  type PrinterProbeResponse,
  type Role,
} from 'shared-api/contracts';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import type { AuthUser } from '../../lib/auth-user';
import { errors } from '../../lib/errors';
import { applyLedgerEntry } from '../ledger/ledger.repository';
import { noticePrinterChange } from '../notices/notices.writers';
import { DeviceUnreachableError, PrintDriverError } from '../../print-queue/drivers/driver';
import { IppDriver, probeAnswer } from '../../print-queue/drivers/ipp/ipp-driver';
import { toAdminPrinter } from './printers.presenters';
import type { PrintersService } from './printers.service';
import {
  countPendingJobs,
  failQueuedJobs,
  insertPrinter,
  releaseAllHeldJobs,
  lockPrinter,
  recordPrinterChange,
  retirePrinterRow,
  updatePrinterFields,
  type PrinterFields,
  type PrinterStateRow,
} from './printer-room.repository';
import type { PrinterCreateBody, PrinterUpdateBody } from './printers.schemas';

export type PrinterAdminService = ReturnType<typeof createPrinterAdminService>;

const LOCATION_MESSAGES = {
  facility: 'Cơ sở không hợp lệ: chọn Cơ sở 1 (CS1) hoặc Cơ sở 2 (CS2)',
  department: 'Tòa nhà không thuộc cơ sở đã chọn',
  room: 'Phòng không có trong danh sách phòng của tòa nhà',
} as const;

/** 400 with the wrong part named, unless the location is on the campus list (shared with the dialogs). */
/** A location as sent (the spec's client sends the room as a number) as stored: text, and on the list. */
function checkedLocation(input: { facility: string; department: string; room: string | number }): Location {
  const location = { facility: input.facility, department: input.department, room: String(input.room) };
  const problem = locationProblem(location);
  if (problem) throw errors.badRequest(LOCATION_MESSAGES[problem]);
  return location;
}

/** A device address as stored: ipp:// or ipps:// with a host, or null (blank: a simulated printer); else 400. */
export function checkedDeviceUri(input: string | null): string | null {
  const value = input?.trim() ?? '';
  if (value === '') return null;
  if (!isDeviceUri(value)) {
    throw errors.badRequest(
      'Địa chỉ thiết bị phải có dạng ipp://máy-in:631/ipp/print hoặc ipps://… (chỉ IPP được hỗ trợ)',
    );
  }
  return value;
}

const notFound = (printerId: string) => errors.notFound(`Không tìm thấy máy in "${printerId}"`);

/** The fields of a locked printer row. */
function fieldsOf(row: PrinterStateRow): PrinterFields {
  return {
    brand: row.brand,
    model: row.model,
    description: row.description,
    facility: row.facility,
    department: row.department,
    room: row.room,
    status: row.status === 1 ? 1 : 0,
    deviceUri: row.device_uri,
    releaseMode: row.release_mode,
  };
}

/** { field: [before, after] } for every field that changed. */
function diff(before: PrinterFields, after: PrinterFields): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof PrinterFields)[]) {
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  }
  return changes;
}

interface ChangeOutcome {
  printerId: string;
  changeId: number | null;
  action: PrinterChangeAction | null;
  refunded: { userId: string; pages: number; jobId: string; title: string }[];
  /** The roles a notice of the change went to. */
  told: Role[];
  /** Owners of held jobs sent to the queue (the printer switched from held to direct). */
  released?: string[];
}

/**
 * Every change to a printer, in one place: status switches (staff and officers), adds, edits and
 * retirements (officers). Each runs in one transaction with the printer row locked, writes who did what
 * in printer_changes, and after the commit raises printer-changed (with the change, for the notices),
 * then job-changed and ledger-written for every student a disable refunded.
 */
/** How long a connection test waits for the device. */
export const PROBE_DEADLINE_MS = 5_000;

export function createPrinterAdminService(deps: {
  db: Db;
  events: DomainEvents;
  printers: PrintersService;
  /** ipps:// devices with self-signed certificates (most printers) are accepted. */
  allowSelfSigned?: boolean;
}) {
  const { db, events, printers } = deps;

  function actorRole(actor: AuthUser): 'staff' | 'spso' {
    if (actor.role !== 'staff' && actor.role !== 'spso') throw errors.forbidden();
    return actor.role;
  }

  async function answer(actor: AuthUser, outcome: ChangeOutcome): Promise<PrinterChangeResponse> {
    const jobsFailed = outcome.refunded.length;
    events.emit('printer-changed', {
      printerId: outcome.printerId,
      change:
        outcome.changeId !== null && outcome.action !== null
          ? { id: outcome.changeId, action: outcome.action, actorId: actor.id, jobsFailed }
          : undefined,
    });
    if (outcome.told.length > 0) events.emit('notices-changed', { roles: outcome.told });
    for (const userId of new Set([...outcome.refunded.map((r) => r.userId), ...(outcome.released ?? [])])) {
      events.emit('ledger-written', { userId });
      events.emit('job-changed', { userId, printerId: outcome.printerId });
    }
    // each owner is told which of their files came back and why (they did not cancel it themselves)
    for (const job of outcome.refunded) {
      events.emit('job-refunded', {
        userId: job.userId,
        printingLogId: job.jobId,
        printerId: outcome.printerId,
        title: job.title,
        pages: job.pages,
        reason: PRINTER_DISABLED_REASON,
      });
    }
    const pagesRefunded = outcome.refunded.reduce((sum, r) => sum + r.pages, 0);
    const printer = await printers.adminPrinter(outcome.printerId).catch(() => undefined);
    if (!printer) throw notFound(outcome.printerId);
    const { deviceUri, ...row } = printer;
    return { ...row, ...(actor.role === 'spso' ? { deviceUri } : {}), jobsFailed, pagesRefunded };
  }

  /**
   * Applies `next` to the locked printer. A switch to paused fails every Queued job ('printer disabled')
   * and refunds each once, in this transaction (the job printing is left to finish); a switch to active
   * sets the activation time. Nothing changed: nothing recorded.
   */
  async function change(
    actor: AuthUser,
    input: string,
    next: (current: PrinterFields) => PrinterFields,
  ): Promise<PrinterChangeResponse> {
    const role = actorRole(actor);
    const outcome = await db.tx(async (t): Promise<ChangeOutcome> => {
      const row = await lockPrinter(t, input);
      if (!row || row.retired_at !== null) throw notFound(input);
      // the id as stored, whatever case it was asked in
      const printerId = row.printer_id;
      const before = fieldsOf(row);
      const after = next(before);
      const changes = diff(before, after);
      if (Object.keys(changes).length === 0) return { printerId, changeId: null, action: null, refunded: [], told: [] };
      const refunded: ChangeOutcome['refunded'] = [];
      if (before.status === 1 && after.status === 0) {
        for (const job of await failQueuedJobs(t, printerId, PRINTER_DISABLED_REASON)) {
          const entry = await applyLedgerEntry(t, {
            userId: job.user_id,
            kind: 'refund',
            delta: job.cost,
            refType: 'printing_log',
            refId: job.id,
            note: 'Máy in bị tạm dừng: hoàn trang yêu cầu đang đợi',
            createdBy: actor.id,
          });
          if (entry.applied) refunded.push({ userId: job.user_id, pages: job.cost, jobId: job.id, title: job.title });
        }
      }
      // switched from held to direct: the jobs waiting for their owners print as the others do
      const released =
        before.releaseMode === 'held' && after.releaseMode === 'direct' ? await releaseAllHeldJobs(t, printerId) : [];
      await updatePrinterFields(t, printerId, after);
      const action: PrinterChangeAction =
        before.status !== after.status ? (after.status === 1 ? 'enable' : 'disable') : 'update';
      const change = {
        printerId,
        actorId: actor.id,
        actorRole: role,
        action,
        changes,
        jobsFailed: refunded.length,
        pagesRefunded: refunded.reduce((sum, r) => sum + r.pages, 0),
      };
      const changeId = await recordPrinterChange(t, change);
      const told = await noticePrinterChange(t, { ...change, id: changeId });
      return { printerId, changeId, action, refunded, told, released: released.map((job) => job.user_id) };
    });
    return answer(actor, outcome);
  }

  return {
    /** PUT /v1/staff/printer: the status switch (staff and officers). */
    setStatus(actor: AuthUser, printerId: string, status: 0 | 1): Promise<PrinterChangeResponse> {
      return change(actor, printerId.trim(), (current) => ({ ...current, status }));
    },

    /** PUT /v1/spso/printer: any of brand, model, location, description and status (officers). */
    update(actor: AuthUser, body: PrinterUpdateBody): Promise<PrinterChangeResponse> {
      const location = body.location ? checkedLocation(body.location) : undefined;
      return change(actor, body.printerId.trim(), (current) => ({
        brand: body.brand?.trim() ?? current.brand,
        model: body.model?.trim() ?? current.model,
        description: body.description?.trim() ?? current.description,
        facility: location?.facility ?? current.facility,
        department: location?.department ?? current.department,
        room: location?.room ?? current.room,
        status: body.status ?? current.status,
        deviceUri: body.deviceUri === undefined ? current.deviceUri : checkedDeviceUri(body.deviceUri),
        releaseMode: body.releaseMode ?? current.releaseMode,
      }));
    },

    /** POST /v1/spso/printer: a new printer, active unless said otherwise. 409 when the id is taken. */
    async create(actor: AuthUser, body: PrinterCreateBody): Promise<PrinterChangeResponse> {
      const role = actorRole(actor);
      const location = checkedLocation(body.location);
      const printerId = body.printerId.trim();
      const fields: PrinterFields = {
        brand: body.brand.trim(),
        model: body.model.trim(),
        description: body.description?.trim() ?? '',
        facility: location.facility,
        department: location.department,
        room: location.room,
        status: body.status ?? 1,
        deviceUri: checkedDeviceUri(body.deviceUri ?? null),
        releaseMode: body.releaseMode ?? 'direct',
      };
      const { changeId, told } = await db.tx(async (t) => {
        const taken = await t.one<{ retired: boolean }>(
          'SELECT retired_at IS NOT NULL AS retired FROM printers WHERE lower(printer_id) = lower($1)',
          [printerId],
        );
        const inserted = taken ? false : await insertPrinter(t, { printerId, ...fields });
        if (!inserted) {
          throw errors.conflict(
            taken?.retired
              ? `Mã máy in "${printerId}" đã dùng cho một máy in đã ngừng sử dụng; hãy chọn mã khác`
              : `Mã máy in "${printerId}" đã tồn tại`,
          );
        }
        const change = {
          printerId,
          actorId: actor.id,
          actorRole: role,
          action: 'create' as const,
          changes: { ...fields },
        };
        const id = await recordPrinterChange(t, change);
        return { changeId: id, told: await noticePrinterChange(t, { ...change, id, jobsFailed: 0, pagesRefunded: 0 }) };
      });
      return answer(actor, { printerId, changeId, action: 'create', refunded: [], told });
    },

    /**
     * DELETE /v1/spso/printer: retires the printer. Refused (409) while it has jobs waiting or printing;
     * its log, counters and changes stay, and its id is not reused.
     */
    async retire(actor: AuthUser, printerId: string): Promise<PrinterChangeResponse> {
      const role = actorRole(actor);
      const asked = printerId.trim();
      const result = await db.tx(async (t) => {
        const row = await lockPrinter(t, asked);
        if (!row || row.retired_at !== null) throw notFound(asked);
        const id = row.printer_id;
        const pending = await countPendingJobs(t, id);
        if (pending > 0) {
          throw errors.conflict(
            `Máy in "${id}" còn ${pending} yêu cầu đang đợi hoặc đang in: tạm dừng máy in và chờ hết yêu cầu trước khi xóa`,
          );
        }
        const retired = await retirePrinterRow(t, id, actor.id);
        if (!retired) throw notFound(id);
        const change = {
          printerId: id,
          actorId: actor.id,
          actorRole: role,
          action: 'retire' as const,
          changes: { status: [row.status, 0], retired: [false, true] },
        };
        const changeId = await recordPrinterChange(t, change);
        const told = await noticePrinterChange(t, { ...change, id: changeId, jobsFailed: 0, pagesRefunded: 0 });
        return { retired, changeId, told, id };
      });
      const { id } = result;
      events.emit('printer-changed', {
        printerId: id,
        change: { id: result.changeId, action: 'retire', actorId: actor.id, jobsFailed: 0 },
      });
      events.emit('notices-changed', { roles: result.told });
      // the retired printer is gone from the lists: the answer is the retired row
      return { ...toAdminPrinter(result.retired), jobsFailed: 0, pagesRefunded: 0 };
    },

    /**
     * POST /v1/spso/printer/probe: asks the device at this address what it is and can do, within 5 s.
     * 400 for an address that is not ipp:// or ipps://; 422 when the device does not answer or refuses.
     */
    async probe(deviceUri: string): Promise<PrinterProbeResponse> {
      const uri = checkedDeviceUri(deviceUri);
      if (!uri) throw errors.badRequest('Hãy nhập địa chỉ thiết bị (ipp:// hoặc ipps://)');
      try {
        // the deadline is the request's own (its error says so); nothing else cuts it short
        const driver = new IppDriver(uri, { allowSelfSigned: deps.allowSelfSigned });
        return probeAnswer(await driver.read(new AbortController().signal, PROBE_DEADLINE_MS));
      } catch (error) {
        if (error instanceof DeviceUnreachableError || error instanceof PrintDriverError) {
          throw errors.deviceUnreachable(`Không kết nối được máy in tại ${uri}: ${error.message}`);
        }
        throw error;
      }
    },
  };
}
