import type { PaperSize, PrintStatus, StudentPrintingLog } from 'shared-api/contracts';
import { toIso, toIsoOrNull } from '../../lib/ids';
import type { LogRow } from './print-jobs.repository';

const iso = toIso;
const isoOrNull = toIsoOrNull;

/** A printing log as the student's history shows it. */
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
    failureReason: row.failure_reason,
  };
}
