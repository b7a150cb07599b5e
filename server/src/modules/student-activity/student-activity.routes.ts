import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ADJUSTMENT_REASON_MAX, STUDENT_LIST_PER_PAGE, STUDENT_LIST_PER_PAGE_MAX } from 'shared-api/contracts';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { NO_FILTER, Nullable } from '../../lib/schemas';
import { ACTIVITY_TEXTS } from './student-activity.texts';

const Sort = (description: string) => Type.Optional(Type.String({ enum: ['1', '-1', ...NO_FILTER], description }));

const StudentListQuery = Type.Object({
  studentId: Type.Optional(Type.String({ maxLength: 20, description: 'Một phần mã số sinh viên' })),
  studentName: Type.Optional(Type.String({ maxLength: 100, description: 'Một phần họ tên, có dấu hoặc không dấu' })),
  sortName: Sort('Theo tên (tên trước, rồi họ và tên đệm): 1 A–Z, -1 Z–A'),
  sortPayment: Sort('Theo tổng tiền đã trả: 1 tăng dần, -1 giảm dần'),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: STUDENT_LIST_PER_PAGE_MAX, default: STUDENT_LIST_PER_PAGE }),
  ),
});
type StudentListQuery = Static<typeof StudentListQuery>;

const StudentRecord = Type.Object({
  _id: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  mssv: Type.String(),
  major: Nullable(Type.String()),
  classes: Nullable(Type.String()),
  total_payment: Type.Number({ description: 'VND đã thanh toán' }),
  printedA4: Type.Integer(),
  printedA3: Type.Integer(),
  balance: Type.Integer(),
});

const StudentListEnvelope = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  data: Type.Array(StudentRecord),
  total: Type.Integer({ description: 'Số sinh viên khớp tìm kiếm (mọi trang)' }),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

const StudentCodeQuery = Type.Object({
  studentId: Type.String({ minLength: 1, maxLength: 20, description: 'Mã số sinh viên (mssv)' }),
});
type StudentCodeQuery = Static<typeof StudentCodeQuery>;

const StudentLedgerQuery = Type.Object({
  studentId: Type.String({ minLength: 1, maxLength: 20, description: 'Mã số sinh viên (mssv)' }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
type StudentLedgerQuery = Static<typeof StudentLedgerQuery>;

const DetailRow = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD (giờ Việt Nam)' }),
  fileNames: Type.Array(Type.String()),
  quantity: Type.Integer({ description: 'Số yêu cầu in đã in xong trong ngày' }),
  page_Quantity: Type.Object({ A4: Type.Integer(), A3: Type.Integer() }),
});

const LedgerEntry = Type.Object({
  _id: Type.String(),
  kind: Type.String(),
  delta: Type.Integer(),
  balance_after: Type.Integer(),
  note: Nullable(Type.String()),
  semester_key: Nullable(Type.String()),
  ref_type: Nullable(Type.String()),
  ref_id: Nullable(Type.String()),
  created_at: Type.String({ format: 'date-time' }),
  createdBy: Type.Union([Type.Object({ firstName: Type.String(), lastName: Type.String() }), Type.Null()]),
});

const StudentLedgerData = Type.Object({
  student: Type.Object({
    _id: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    mssv: Type.String(),
    major: Nullable(Type.String()),
    classes: Nullable(Type.String()),
    balance: Type.Integer(),
  }),
  entries: Type.Array(LedgerEntry),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
  balance: Type.Integer(),
});

const AdjustmentBody = Type.Object({
  studentId: Type.String({ minLength: 1, maxLength: 20, description: 'Mã số sinh viên (mssv)' }),
  pages: Type.Integer({ description: 'Số trang cộng (dương) hoặc trừ (âm), khác 0, tối đa 2000' }),
  reason: Type.String({ maxLength: ADJUSTMENT_REASON_MAX * 2, description: 'Lý do (5 đến 500 ký tự)' }),
  requestId: Type.String({ format: 'uuid', description: 'Mã yêu cầu: gửi lại cùng mã không điều chỉnh lần nữa' }),
});
type AdjustmentBody = Static<typeof AdjustmentBody>;

const AdjustmentData = Type.Object({ entry: LedgerEntry, balance: Type.Integer(), applied: Type.Boolean() });

/** Student activity for the officers: the list, a student's printing by day and page movements, adjustments. */
export default async function studentActivityRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.studentActivity;

  app.get<{ Querystring: StudentListQuery }>(
    '/v1/spso/students',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Danh sách sinh viên (tìm theo mã và tên không dấu, sắp theo tên và tổng tiền, theo trang)',
        querystring: StudentListQuery,
        response: { ...responses(StudentRecord), 200: StudentListEnvelope },
      },
    },
    async (request) => {
      const { students, total, page, per_page } = await service.list(request.query);
      return { ...ok(students), total, page, per_page };
    },
  );

  app.get<{ Querystring: StudentCodeQuery }>(
    '/v1/spso/detailStudent',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Lịch sử in của một sinh viên theo ngày (tên tệp, số yêu cầu, số tờ A4 và A3); 404 khi không có',
        querystring: StudentCodeQuery,
        response: responses(Type.Array(DetailRow)),
      },
    },
    async (request) => ok(await service.detail(request.query.studentId)),
  );

  app.get<{ Querystring: StudentLedgerQuery }>(
    '/v1/spso/studentLedger',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Số dư và biến động số trang của một sinh viên, mới nhất trước (kèm người điều chỉnh)',
        querystring: StudentLedgerQuery,
        response: responses(StudentLedgerData),
      },
    },
    async (request) =>
      ok(await service.ledger(request.query.studentId, request.query.page ?? 1, request.query.per_page ?? 20)),
  );

  app.post<{ Body: AdjustmentBody }>(
    '/v1/spso/adjustment',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Điều chỉnh số trang của sinh viên, có lý do; một lần cho mỗi requestId; số dư không được âm (422)',
        body: AdjustmentBody,
        response: responses(AdjustmentData),
      },
    },
    async (request) => ok(await service.adjust(currentUser(request), request.body), ACTIVITY_TEXTS.adjusted),
  );
}
