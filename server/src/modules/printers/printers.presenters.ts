import type {
  AdminPrinter,
  PaperSize,
  PrinterDevice,
  PrintStatus,
  StaffJobEntry,
  StudentPrinterItem,
} from 'shared-api/contracts';
import { toIso, toIsoOrNull } from '../../lib/ids';
import type { PrinterRow } from './printers.repository';
import type { StaffJobRow } from './printer-room.repository';

const iso = toIso;
const isoOrNull = toIsoOrNull;

/** null for a simulated printer; a real one not yet read counts as offline until the monitor hears it. */
export function deviceOf(row: PrinterRow): PrinterDevice | null {
  if (!row.driver_uri) return null;
  return {
    state: row.device_state ?? 'offline',
    reasons: row.device_reasons ?? [],
    checkedAt: isoOrNull(row.device_checked_at),
  };
}

export function toStudentPrinter(row: PrinterRow): StudentPrinterItem {
  return {
    printerId: row.printer_id,
    brand: row.brand,
    model: row.model,
    description: row.description,
    location: { facility: row.facility, department: row.department, room: row.room },
    status: row.status === 1 ? 1 : 0,
    activatedTime: isoOrNull(row.activated_time),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    waiting_amount: row.waiting_amount,
    printed_count: row.printed_count,
    device: deviceOf(row),
    releaseMode: row.release_mode,
  };
}

/** A printer as the staff and officer lists show it: the spec's printingJob and printingQueue id arrays. */
export function toAdminPrinter(row: PrinterRow): AdminPrinter {
  return {
    ...toStudentPrinter(row),
    // created printers are activated at once (migration 5 fills the old nulls): the spec's client reads an ISO string
    activatedTime: iso(row.activated_time ?? row.created_at),
    printingJob: row.job_ids,
    printingQueue: row.queue_ids,
    deviceUri: row.driver_uri,
  };
}

/** A job as staff and officers see it in a queue, a printer's log or a student's history. */
export function toStaffJob(row: StaffJobRow): StaffJobEntry {
  return {
    _id: row.id,
    createdAt: iso(row.created_at),
    finishDate: isoOrNull(row.finish_date),
    status: row.status as PrintStatus,
    failureReason: row.failure_reason,
    user_id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    mssv: row.mssv,
    printerId: row.printer_id,
    document: { title: row.title, pages: row.pages, fileType: row.file_type },
    numVersion: row.num_version,
    paperSize: row.paper_size as PaperSize,
    total_pages: row.total_pages,
  };
}
