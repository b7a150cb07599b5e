import type { PaperSize, PrintStatus, StudentPrintingLog } from 'shared-api/contracts';
import { toIso, toIsoOrNull } from '../../lib/ids';
import type { LogRow } from './print-jobs.repository';

const iso = toIso;
const isoOrNull = toIsoOrNull;

/**
 * A printing log as its owner reads it (history, detail, the answers of the student routes): a held
 * job's release code and deadline are the owner's only, never in a staff or officer list.
 */
export function toStudentLog(row: LogRow): StudentPrintingLog {
  const location = { facility: row.facility, department: row.department, room: row.room };
  return {
    _id: row.id,
    status: row.status as PrintStatus,
    finishDate: isoOrNull(row.finish_date),
    paperSize: row.paper_size as PaperSize,
    numVersion: row.num_version,
    colorOption: row.color_option,
    landScapeOption: row.landscape_option,
    pagesPerSheet: row.pages_per_sheet,
    numSides: row.num_sides,
    pages: row.page_ranges ?? 'all',
    selectedPages: row.selected_pages,
    document: { title: row.title, pages: row.pages, fileType: row.file_type },
    user_id: row.user_id,
    printerId: row.printer_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    printers: [{ printerId: row.printer_id, location }],
    total_pages: row.total_pages,
    cost: row.cost,
    position: row.position,
    queuePosition: row.position,
    // the service fills it from the queue estimate (queue-estimate module) for a Queued job
    estimatedStart: null,
    failureReason: row.failure_reason,
    heldUntil: row.status === 'Held' ? isoOrNull(row.held_until) : null,
    releaseCode: row.status === 'Held' ? row.release_code : null,
    extended: row.held_extended_at !== null,
  };
}
