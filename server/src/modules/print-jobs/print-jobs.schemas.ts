import { Type, type Static } from '@sinclair/typebox';
import { PRINT_STATUSES } from 'shared-api/contracts';
import { Location, NO_FILTER, Nullable } from '../../lib/schemas';

export const PrintingLog = Type.Object({
  _id: Type.String(),
  status: Type.String({ enum: [...PRINT_STATUSES] }),
  finishDate: Nullable(Type.String({ format: 'date-time' })),
  paperSize: Type.String({ enum: ['A4', 'A3'] }),
  numVersion: Type.Integer(),
  colorOption: Type.Boolean(),
  landScapeOption: Type.Boolean(),
  pagesPerSheet: Type.Integer(),
  numSides: Type.Integer(),
  pages: Type.String({ description: "'all' hoặc phạm vi trang, ví dụ 1-3,5" }),
  selectedPages: Type.Integer({ description: 'Số trang được chọn của một bản' }),
  document: Type.Object({ title: Type.String(), pages: Type.Integer(), fileType: Type.String() }),
  user_id: Type.String(),
  printerId: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  printers: Type.Array(Type.Object({ printerId: Type.String(), location: Location })),
  total_pages: Type.Integer({ description: 'Số tờ giấy (khổ của yêu cầu)' }),
  cost: Type.Integer({ description: 'Số trang A4 đã trừ (A3 tính gấp đôi)' }),
  position: Type.Union([Type.Integer(), Type.Null()], { description: 'Vị trí trong hàng đợi (chỉ khi Đang đợi)' }),
  queuePosition: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], {
      description: 'Như position: 1 = in tiếp theo; null nếu không Đang đợi',
    }),
  ),
  estimatedStart: Type.Optional(
    Nullable(
      Type.String({
        format: 'date-time',
        description:
          'Đang đợi: thời điểm dự kiến bắt đầu in, theo tốc độ của máy in học từ nhật ký in; null nếu chưa biết',
      }),
    ),
  ),
  failureReason: Nullable(Type.String()),
  heldUntil: Type.Optional(
    Nullable(Type.String({ format: 'date-time', description: 'Lệnh in đang giữ: hạn nhận tại máy in' })),
  ),
  releaseCode: Type.Optional(
    Nullable(Type.String({ description: 'Lệnh in đang giữ: mã nhận 6 ký tự (chỉ chủ lệnh in thấy)' })),
  ),
  extended: Type.Optional(Type.Boolean({ description: 'Đã gia hạn thêm 30 phút (chỉ một lần)' })),
});

export const SubmitData = Type.Object({
  printingLogs: Type.Array(PrintingLog),
  totalCost: Type.Integer({ description: 'Tổng số trang A4 đã trừ' }),
  balance: Type.Integer({ description: 'Số dư mới' }),
});

export const FilterLogsQuery = Type.Object({
  status: Type.Optional(Type.String({ enum: [...PRINT_STATUSES, ...NO_FILTER] })),
  facility: Type.Optional(Type.String({ maxLength: 20 })),
  sortDirection: Type.Optional(
    Type.String({ enum: ['1', '-1', ...NO_FILTER], description: '-1 mới nhất trước (mặc định), 1 cũ nhất trước' }),
  ),
  startDate: Type.Optional(
    Type.String({ maxLength: 40, format: 'date-filter', description: 'YYYY-MM-DD (giờ Việt Nam) hoặc ISO 8601' }),
  ),
  endDate: Type.Optional(
    Type.String({
      maxLength: 40,
      format: 'date-filter',
      description: 'YYYY-MM-DD (cả ngày đó, giờ Việt Nam) hoặc ISO 8601',
    }),
  ),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  searchField: Type.Optional(Type.String({ maxLength: 255, description: 'Một phần tên tệp' })),
});
export type FilterLogsQuery = Static<typeof FilterLogsQuery>;

export const FilterLogsData = Type.Object({
  printingLogs: Type.Array(PrintingLog),
  printedA3: Type.Integer({ description: 'Số tờ A3 đã in xong' }),
  printedA4: Type.Integer({ description: 'Số tờ A4 đã in xong' }),
});

export const CancelBody = Type.Object({
  printingLogId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type CancelBody = Static<typeof CancelBody>;

export const CancelData = Type.Object({
  printingLog: PrintingLog,
  balance: Type.Integer({ description: 'Số dư mới' }),
});
