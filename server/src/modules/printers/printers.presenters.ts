import type { StudentPrinterItem } from 'shared-api/contracts';
import { toIso, toIsoOrNull } from '../../lib/ids';
import type { PrinterRow } from './printers.repository';

const iso = toIso;
const isoOrNull = toIsoOrNull;

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
  };
}
