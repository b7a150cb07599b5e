import { Type, type Static } from '@sinclair/typebox';
import {
  DEVICE_URI_MAX,
  LONG_QUEUE_MINUTES,
  PRINTER_DESCRIPTION_MAX,
  PRINTER_ID_MAX,
  PRINTER_ID_PATTERN,
  PRINTER_NAME_MAX,
  PRINT_STATUSES,
  RELEASE_MODES,
} from 'shared-api/contracts';
import { Location, NO_FILTER, Nullable } from '../../lib/schemas';

export const PrinterDevice = Type.Object(
  {
    state: Type.String({ enum: ['idle', 'processing', 'stopped', 'offline'] }),
    reasons: Type.Array(Type.String(), {
      description: 'IPP printer-state-reasons (media-empty-error, toner-low-warning…)',
    }),
    checkedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { description: 'Trạng thái thiết bị (máy in thật); null với máy in mô phỏng' },
);

const ReleaseModeValue = Type.Union(
  RELEASE_MODES.map((mode) => Type.Literal(mode)),
  { description: 'direct: in ngay khi gửi; held: giữ lại đến khi sinh viên nhận tại máy in (mã nhận)' },
);

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
  device: Type.Union([PrinterDevice, Type.Null()]),
  releaseMode: ReleaseModeValue,
});

const WaitMinutes = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
  description: 'Số phút đến khi một yêu cầu gửi bây giờ bắt đầu in (null: máy in không in được lúc này)',
});

/** A printer as students read it: with how long its queue is and, when long, a printer nearby. */
export const StudentPrinterWithWait = Type.Composite([
  StudentPrinter,
  Type.Object({
    estimatedWaitMinutes: Type.Optional(WaitMinutes),
    longQueue: Type.Optional(Type.Boolean({ description: `Hàng đợi dài: phải đợi hơn ${LONG_QUEUE_MINUTES} phút` })),
    suggestedPrinter: Type.Optional(
      Type.Union([
        Type.Object(
          { printerId: Type.String(), location: Location, estimatedWaitMinutes: WaitMinutes },
          { description: 'Máy in hoạt động gần nhất trong cùng tòa nhà có hàng đợi ngắn hơn' },
        ),
        Type.Null(),
      ]),
    ),
  }),
]);

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
  printers: Type.Array(StudentPrinterWithWait),
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
  StudentPrinterWithWait,
  Type.Object({ currentFileType: Type.Array(Type.String()) }),
]);

// ---- the printer room of staff and officers ----

const adminPrinterFields = {
  ...StudentPrinter.properties,
  activatedTime: Type.String({ format: 'date-time' }),
  printingJob: Type.Array(Type.String(), { description: 'Mã yêu cầu đang in (0 hoặc 1)' }),
  printingQueue: Type.Array(Type.String(), { description: 'Mã các yêu cầu đang đợi, theo thứ tự in' }),
  deviceUri: Type.Optional(
    Nullable(Type.String({ description: 'Địa chỉ IPP của thiết bị (chỉ danh sách của cán bộ quản lý)' })),
  ),
};
export const AdminPrinter = Type.Object(adminPrinterFields);

export const AdminPrinterListQuery = Type.Object({
  status: Type.Optional(Type.String({ enum: ['0', '1', ...NO_FILTER], description: '1 hoạt động, 0 tạm dừng' })),
  facility: Type.Optional(
    Type.String({ enum: ['CS1', 'CS2', '100', ...NO_FILTER], description: 'CS1 hoặc CS2 (100 hoặc rỗng: tất cả)' }),
  ),
  sortDirection: Type.Optional(
    Type.String({
      enum: ['1', '-1', ...NO_FILTER],
      description: 'Thời điểm kích hoạt: 1 cũ nhất trước (mặc định), -1 mới nhất trước',
    }),
  ),
  searchField: Type.Optional(
    Type.String({ maxLength: 100, description: 'Một phần mã máy in, không phân biệt hoa thường' }),
  ),
});
export type AdminPrinterListQuery = Static<typeof AdminPrinterListQuery>;

export const AdminPrinterListData = Type.Object({
  printers: Type.Array(AdminPrinter),
  totalPrinter: Type.Integer({ description: 'Số máy in đang phục vụ (mọi bộ lọc)' }),
  activatedPrinter: Type.Integer({ description: 'Số máy in đang hoạt động (mọi bộ lọc)' }),
  currentFileType: Type.Array(Type.String(), { description: 'Loại tệp sinh viên được gửi in' }),
});

export const StaffJob = Type.Object({
  _id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  finishDate: Nullable(Type.String({ format: 'date-time' })),
  status: Type.String({ enum: [...PRINT_STATUSES] }),
  failureReason: Nullable(Type.String()),
  user_id: Nullable(Type.String()),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  mssv: Nullable(Type.String()),
  printerId: Type.String(),
  document: Type.Object({ title: Type.String(), pages: Type.Integer(), fileType: Type.String() }),
  numVersion: Type.Integer(),
  paperSize: Type.String({ enum: ['A4', 'A3'] }),
  total_pages: Type.Integer({ description: 'Số tờ khổ paperSize dùng cho mọi bản in' }),
  queuePosition: Type.Optional(
    Type.Union([Type.Integer(), Type.Null()], { description: 'Hàng đợi: 1 = in tiếp theo; null với yêu cầu đang in' }),
  ),
  estimatedStart: Type.Optional(
    Nullable(
      Type.String({
        format: 'date-time',
        description:
          'Hàng đợi: thời điểm dự kiến bắt đầu in (theo tốc độ học từ nhật ký in của máy); null nếu chưa biết',
      }),
    ),
  ),
});

export const PrintingQueueData = Type.Object({
  printingJob: Type.Array(StaffJob, { description: 'Yêu cầu đang in (0 hoặc 1)' }),
  printingQueue: Type.Array(StaffJob, { description: 'Các yêu cầu đang đợi, theo thứ tự in' }),
});

const DateBound = (description: string) =>
  Type.Optional(Type.String({ maxLength: 40, format: 'date-filter', description }));
const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
};

export const PrintingLogQuery = Type.Object({
  printerId: Type.String({ minLength: 1, maxLength: 64 }),
  startDate: DateBound('Từ ngày YYYY-MM-DD (giờ Việt Nam); rỗng: không giới hạn'),
  endDate: DateBound('Đến ngày YYYY-MM-DD (cả ngày đó); rỗng: không giới hạn. Ngày đảo ngược được đổi chỗ'),
  ...Paging,
});
export type PrintingLogQuery = Static<typeof PrintingLogQuery>;

export const PrintingLogData = Type.Object({
  printingLog: Type.Array(StaffJob, { description: 'Mới nhất trước' }),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

export const StudentHistoryQuery = Type.Object({
  studentId: Type.String({ minLength: 1, maxLength: 20, description: 'Mã số sinh viên (mssv)' }),
  start: DateBound('Từ ngày YYYY-MM-DD (giờ Việt Nam)'),
  end: DateBound('Đến ngày YYYY-MM-DD (cả ngày đó)'),
  ...Paging,
});
export type StudentHistoryQuery = Static<typeof StudentHistoryQuery>;

export const StudentHistoryData = Type.Object({
  student: Type.Object({
    _id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    mssv: Type.String(),
    major: Nullable(Type.String()),
    classes: Nullable(Type.String()),
  }),
  printingLogs: Type.Array(StaffJob),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

const PrinterStatusValue = Type.Union([Type.Literal(0), Type.Literal(1)], { description: '1 hoạt động, 0 tạm dừng' });
const PrinterIdInput = Type.String({ minLength: 1, maxLength: 64, description: 'Mã máy in' });
const NewPrinterId = Type.String({
  minLength: 2,
  maxLength: PRINTER_ID_MAX,
  pattern: PRINTER_ID_PATTERN,
  description: '2 đến 20 chữ cái, chữ số hoặc dấu -',
});
const LocationInput = Type.Object(
  {
    facility: Type.String({ maxLength: 20, description: 'CS1 hoặc CS2' }),
    department: Type.String({ maxLength: 20, description: 'Tòa nhà của cơ sở (B1–B5, H1, H3, H6)' }),
    // the spec's add-printer dialog sends the room as a number (109): taken and stored as text
    room: Type.Union([Type.String({ maxLength: 20 }), Type.Integer({ minimum: 0, maximum: 999_999 })], {
      description: 'Phòng trong danh sách phòng của tòa nhà ("109" hoặc 109)',
    }),
  },
  { additionalProperties: false },
);
const DescriptionText = Type.String({ maxLength: PRINTER_DESCRIPTION_MAX });

export const PrinterStatusBody = Type.Object({ printerId: PrinterIdInput, status: PrinterStatusValue });
export type PrinterStatusBody = Static<typeof PrinterStatusBody>;

const RequiredName = Type.String({ minLength: 1, maxLength: PRINTER_NAME_MAX, pattern: '\\S' });

export const PrinterCreateBody = Type.Object({
  printerId: NewPrinterId,
  brand: RequiredName,
  model: RequiredName,
  location: LocationInput,
  description: Type.Optional(DescriptionText),
  status: Type.Optional(PrinterStatusValue),
  deviceUri: Type.Optional(
    Nullable(
      Type.String({
        maxLength: DEVICE_URI_MAX,
        description: 'Địa chỉ IPP của thiết bị (ipp:// hoặc ipps://); null hoặc rỗng: máy in mô phỏng',
      }),
    ),
  ),
  releaseMode: Type.Optional(ReleaseModeValue),
});
export type PrinterCreateBody = Static<typeof PrinterCreateBody>;

export const PrinterUpdateBody = Type.Object({
  printerId: PrinterIdInput,
  brand: Type.Optional(RequiredName),
  model: Type.Optional(RequiredName),
  location: Type.Optional(LocationInput),
  description: Type.Optional(DescriptionText),
  status: Type.Optional(PrinterStatusValue),
  deviceUri: Type.Optional(
    Nullable(
      Type.String({
        maxLength: DEVICE_URI_MAX,
        description: 'Địa chỉ IPP của thiết bị (ipp:// hoặc ipps://); null hoặc rỗng: máy in mô phỏng',
      }),
    ),
  ),
  releaseMode: Type.Optional(ReleaseModeValue),
});
export type PrinterUpdateBody = Static<typeof PrinterUpdateBody>;

export const PrinterIdBody = Type.Object({ printerId: PrinterIdInput });
export type PrinterIdBody = Static<typeof PrinterIdBody>;

export const PrinterChangeData = Type.Object({
  ...adminPrinterFields,
  jobsFailed: Type.Integer({ description: 'Yêu cầu đang đợi bị hủy và hoàn trang (khi tạm dừng)' }),
  pagesRefunded: Type.Integer({ description: 'Số trang A4 đã hoàn' }),
});

export const PrinterProbeBody = Type.Object({
  deviceUri: Type.String({ minLength: 1, maxLength: DEVICE_URI_MAX, description: 'ipp:// hoặc ipps://' }),
});
export type PrinterProbeBody = Static<typeof PrinterProbeBody>;

export const PrinterProbeData = Type.Object({
  makeAndModel: Type.String(),
  state: Type.String({ enum: ['idle', 'processing', 'stopped'] }),
  stateReasons: Type.Array(Type.String()),
  media: Type.Array(Type.String()),
  sides: Type.Array(Type.String()),
  colorModes: Type.Array(Type.String()),
  formats: Type.Array(Type.String()),
});
