import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CONFIG_FILE_TYPES_MAX, CONFIG_PASSWORD_MAX } from 'shared-api/contracts';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { CONFIG_TEXTS } from './system-config.texts';

const Day = Type.String({ maxLength: 10, description: 'YYYY-MM-DD' });

const SystemConfigData = Type.Object({
  currentBalance: Type.Integer(),
  defaultBalance: Type.Integer(),
  startDate1: Day,
  startDate2: Day,
  currentA4Price: Type.Integer(),
  defaultA4Price: Type.Integer(),
  currentFileType: Type.Array(Type.String()),
  defaultFileType: Type.Array(Type.String()),
  isDefault: Type.Boolean(),
  retentionHours: Type.Integer({ description: 'Giờ giữ tệp đã tải lên sau khi các lệnh in kết thúc, 1..720' }),
  defaultRetentionHours: Type.Integer(),
  heldJobMinutes: Type.Integer({ description: 'Phút một lệnh in ở máy in giữ lệnh chờ sinh viên nhận, 1..1440' }),
  defaultHeldJobMinutes: Type.Integer(),
  inactiveFileTypes: Type.Array(
    Type.Object({
      type: Type.String(),
      reason: Type.Union([Type.Literal('needs-libreoffice'), Type.Literal('unsupported')]),
    }),
    { description: 'Loại được phép nhưng máy chủ này chưa xử lý được (không hiện cho sinh viên)' },
  ),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  updatedBy: Type.Union([Type.Object({ firstName: Type.String(), lastName: Type.String() }), Type.Null()]),
});

// Types only: the ranges and the messages of each rule are the form's own (systemConfigProblems), so a
// refusal reads like the page's ('Giá một trang A4 phải từ 100 đến 1000 VND').
const SystemConfigBody = Type.Object({
  currentBalance: Type.Number({ description: `Số trang mỗi học kỳ, 1..2000` }),
  startDate1: Day,
  startDate2: Day,
  currentA4Price: Type.Number({ description: 'VND, 100..1000' }),
  currentFileType: Type.Array(Type.String({ maxLength: 20 }), { maxItems: CONFIG_FILE_TYPES_MAX * 2 }),
  isDefault: Type.Boolean(),
  retentionHours: Type.Optional(
    Type.Number({ description: 'Giờ giữ tệp sau khi in xong, 1..720 (bỏ trống: giữ giá trị hiện tại)' }),
  ),
  heldJobMinutes: Type.Optional(
    Type.Number({ description: 'Phút giữ lệnh in chờ nhận tại máy in, 1..1440 (bỏ trống: giữ giá trị hiện tại)' }),
  ),
  password: Type.String({ maxLength: CONFIG_PASSWORD_MAX, description: 'Mật khẩu của chính cán bộ đang đăng nhập' }),
});
type SystemConfigBody = Static<typeof SystemConfigBody>;

/** The officers' system configuration (spec: /Config): read it; change it with their own password. */
export default async function systemConfigRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.systemConfig;
  app.get(
    '/v1/spso/systemConfig',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Cấu hình hệ thống; inactiveFileTypes: loại file máy chủ này chưa xử lý được',
        response: responses(SystemConfigData),
      },
    },
    async () => ok(await service.get()),
  );
  app.put<{ Body: SystemConfigBody }>(
    '/v1/spso/systemConfig',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary:
          'Cập nhật cấu hình (xác nhận bằng mật khẩu của chính cán bộ; sai: 422 WRONG_PASSWORD, sai nhiều lần: 429)',
        body: SystemConfigBody,
        response: responses(SystemConfigData),
      },
    },
    async (request) => ok(await service.update(currentUser(request), request.body, request.ip), CONFIG_TEXTS.saved),
  );
}
