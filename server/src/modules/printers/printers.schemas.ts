import { Type, type Static } from '@sinclair/typebox';
import { Location, NO_FILTER, Nullable } from '../print-jobs/print-jobs.schemas';

export const StudentPrinter = Type.Object({
  printerId: Type.String(),
  brand: Type.String(),
  model: Type.String(),
  description: Type.String(),
  location: Location,
  status: Type.Integer({ description: '1 Hoạt động, 0 Tạm dừng' }),
  activatedTime: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  waiting_amount: Type.Integer({ description: 'Số yêu cầu đang đợi và đang in' }),
  printed_count: Type.Integer({ description: 'Số yêu cầu đã in xong' }),
});

export const PrinterListQuery = Type.Object({
  status: Type.Optional(Type.String({ enum: ['0', '1', ...NO_FILTER], description: '1 hoạt động, 0 tạm dừng' })),
  facility: Type.Optional(
    Type.String({ maxLength: 20, description: 'CS1 hoặc CS2; giá trị khác (100, rỗng) là tất cả' }),
  ),
  sortDirection: Type.Optional(
    Type.String({
      enum: ['1', '-1', ...NO_FILTER],
      description: 'Thứ tự mã máy in: 1 tăng dần (mặc định), -1 giảm dần',
    }),
  ),
  sortName: Type.Optional(Type.String({ enum: ['1', '-1', ...NO_FILTER], description: 'Tên máy in: 1 A-Z, -1 Z-A' })),
  sortPrinted: Type.Optional(
    Type.String({ enum: ['1', '-1', ...NO_FILTER], description: 'Số lượt in: 1 tăng dần, -1 giảm dần' }),
  ),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  searchField: Type.Optional(Type.String({ maxLength: 100, description: 'Một phần mã máy in' })),
});
export type PrinterListQuery = Static<typeof PrinterListQuery>;

export const PrinterListData = Type.Object({
  printers: Type.Array(StudentPrinter),
  /** Printers matching the filter (before paging). */
  total: Type.Integer(),
  totalPrinter: Type.Integer(),
  activatedPrinter: Type.Integer(),
  currentFileType: Type.Array(Type.String()),
});

export const PrinterQuery = Type.Object({
  printerId: Type.String({ minLength: 1, maxLength: 64 }),
});
export type PrinterQuery = Static<typeof PrinterQuery>;

export const PrinterDetail = Type.Composite([
  StudentPrinter,
  Type.Object({ currentFileType: Type.Array(Type.String()) }),
]);
