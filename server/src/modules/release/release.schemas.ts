import { Type, type Static } from '@sinclair/typebox';
import { PRINT_STATUSES } from 'shared-api/contracts';
import { Nullable } from '../../lib/schemas';
import { PrintingLog } from '../print-jobs/print-jobs.schemas';

const PrinterIdInput = Type.String({ minLength: 1, maxLength: 64, description: 'Mã máy in' });
const LogIdInput = Type.String({ minLength: 1, maxLength: 100, description: 'Mã yêu cầu in' });
const CodeInput = (description: string) => Type.String({ minLength: 1, maxLength: 20, description });

export const StationCreateBody = Type.Object({ printerId: PrinterIdInput });
export type StationCreateBody = Static<typeof StationCreateBody>;

export const StationCreatedData = Type.Object({
  token: Type.String({ description: 'Khóa của máy nhận lệnh in (header X-Station-Token): chỉ hiện một lần' }),
  stationId: Type.String(),
});

export const StationRevokeBody = Type.Object({ stationId: Type.String({ minLength: 1, maxLength: 100 }) });
export type StationRevokeBody = Static<typeof StationRevokeBody>;

export const StationListQuery = Type.Object({ printerId: PrinterIdInput });
export type StationListQuery = Static<typeof StationListQuery>;

export const StationListData = Type.Object({
  stations: Type.Array(
    Type.Object({
      stationId: Type.String(),
      printerId: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
      revokedAt: Nullable(Type.String({ format: 'date-time' })),
      lastSeenAt: Nullable(
        Type.String({
          format: 'date-time',
          description:
            'Lần cuối máy nhận lệnh in lấy mã mới (chậm nhất 60 giây so với lần hỏi cuối); null: chưa lần nào',
        }),
      ),
    }),
  ),
});

export const StationHeaders = Type.Object({
  'x-station-token': Type.Optional(
    Type.String({ maxLength: 200, description: 'Khóa của máy nhận lệnh in (cán bộ quản lý cấp)' }),
  ),
});
export type StationHeaders = Static<typeof StationHeaders>;

export const StationCodeData = Type.Object({
  code: Type.String({ description: 'Mã 6 ký tự hiện trên máy nhận lệnh in (và trong mã QR), đổi mỗi 60 giây' }),
  printerId: Type.String(),
  expiresAt: Type.String({
    format: 'date-time',
    description: 'Lúc mã này được thay bằng mã mới (mã cũ vẫn dùng được thêm 60 giây)',
  }),
});

export const StationReleaseBody = Type.Object({ releaseCode: CodeInput('Mã nhận 6 ký tự của lệnh in') });
export type StationReleaseBody = Static<typeof StationReleaseBody>;

export const StationReleasedData = Type.Object({
  _id: Type.String(),
  status: Type.String({ enum: [...PRINT_STATUSES] }),
  printerId: Type.String(),
  owner: Type.String({ description: 'Tên chủ lệnh in, rút gọn (N. V. An)' }),
  paperSize: Type.String({ enum: ['A4', 'A3'] }),
  numVersion: Type.Integer(),
  total_pages: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const StudentReleaseBody = Type.Object({
  printerId: PrinterIdInput,
  stationCode: CodeInput('Mã tại máy in: đọc từ mã QR hoặc màn hình của máy nhận lệnh in'),
  printingLogId: Type.Optional(LogIdInput),
});
export type StudentReleaseBody = Static<typeof StudentReleaseBody>;

export const StudentReleaseData = Type.Object({ printingLogs: Type.Array(PrintingLog) });

export const MoveBody = Type.Object({ printingLogId: LogIdInput, printerId: PrinterIdInput });
export type MoveBody = Static<typeof MoveBody>;

export const ExtendBody = Type.Object({ printingLogId: LogIdInput });
export type ExtendBody = Static<typeof ExtendBody>;

export const HeldJobData = Type.Object({ printingLog: PrintingLog });
