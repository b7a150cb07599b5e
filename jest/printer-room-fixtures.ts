/** Printers and jobs as the staff and officer routes answer them, for the printer room's page tests. */
import type { AdminPrinter, StaffJobEntry } from 'shared-api';

export function printer(id: string, extra: Partial<AdminPrinter> = {}): AdminPrinter {
  return {
    printerId: id,
    brand: 'HP',
    model: 'LaserJet M404',
    description: 'Máy in tầng 1',
    location: { facility: 'CS1', department: 'B1', room: '109' },
    status: 1,
    activatedTime: '2024-05-01T18:30:00.000Z',
    createdAt: '2024-05-01T18:30:00.000Z',
    updatedAt: '2024-05-01T18:30:00.000Z',
    device: null,
    printingJob: [],
    printingQueue: [],
    waiting_amount: 0,
    printed_count: 0,
    ...extra,
  };
}

export function job(id: string, extra: Partial<StaffJobEntry> = {}): StaffJobEntry {
  return {
    _id: id,
    createdAt: '2024-05-02T03:04:05.000Z',
    finishDate: null,
    status: 'Queued',
    failureReason: null,
    user_id: 'u1',
    firstName: 'An',
    lastName: 'Nguyễn Văn',
    mssv: '2110001',
    printerId: 'P001',
    document: { title: `${id}.pdf`, pages: 5, fileType: 'pdf' },
    numVersion: 2,
    paperSize: 'A4',
    total_pages: 10,
    ...extra,
  };
}

/** Three printers: an active one with work waiting, a paused one on the other campus, an idle one. */
export const PRINTERS: AdminPrinter[] = [
  printer('P001', {
    printingJob: ['j1'],
    printingQueue: ['j2', 'j3'],
    waiting_amount: 3,
    printed_count: 12,
  }),
  printer('P002', {
    status: 0,
    location: { facility: 'CS2', department: 'H6', room: '305' },
    activatedTime: '2024-03-10T01:00:00.000Z',
  }),
  printer('P003', { location: { facility: 'CS1', department: 'B4', room: '201' } }),
];
