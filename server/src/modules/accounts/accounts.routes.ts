import multipart from '@fastify/multipart';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_CHANGES_SHOWN } from 'shared-api/contracts';
import { currentUser } from '../../lib/current-user';
import { ok, responses } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { Nullable } from '../../lib/schemas';
import { ACCOUNT_TEXTS } from './accounts.texts';
import { decodeCsv, IMPORT_MAX_BYTES } from './student-import';

const RoleSchema = Type.Union([Type.Literal('student'), Type.Literal('staff'), Type.Literal('spso')]);
const FacilitySchema = Type.Union([Type.Literal('CS1'), Type.Literal('CS2')]);

const Account = Type.Object({
  id: Type.String(),
  email: Type.String(),
  mssv: Nullable(Type.String()),
  firstName: Type.String(),
  lastName: Type.String(),
  role: RoleSchema,
  disabled: Type.Boolean(),
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
  source: Type.Union([Type.Literal('password'), Type.Literal('cas'), Type.Literal('oidc')]),
  facility: Type.Union([FacilitySchema, Type.Null()]),
  mustChangePassword: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});

const AccountsQuery = Type.Object({
  role: Type.Optional(Type.Union([RoleSchema, Type.Literal('')], { description: 'Lọc theo vai trò' })),
  searchField: Type.Optional(
    Type.String({ maxLength: 100, description: 'Mã số, đầu e-mail, hoặc họ tên (có dấu hoặc không, từ đầu một từ)' }),
  ),
  disabled: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
type AccountsQuery = Static<typeof AccountsQuery>;

const AccountsData = Type.Object({
  users: Type.Array(Account),
  total: Type.Integer({ description: 'Số tài khoản khớp bộ lọc (mọi trang)' }),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

const NewAccountBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 320 }),
  firstName: Type.String({ maxLength: 100 }),
  lastName: Type.String({ maxLength: 100 }),
  role: Type.Union([Type.Literal('staff'), Type.Literal('spso')], {
    description: 'Chỉ cấp tài khoản nhân viên hoặc quản trị; sinh viên đến từ đăng nhập trường hoặc nhập danh sách',
  }),
  facility: Type.Optional(Type.Union([FacilitySchema, Type.Null()])),
});
type NewAccountBody = Static<typeof NewAccountBody>;

const AccountChangeBody = Type.Object({
  id: Type.String({ format: 'uuid' }),
  disabled: Type.Optional(Type.Boolean()),
  resetPassword: Type.Optional(Type.Boolean()),
});
type AccountChangeBody = Static<typeof AccountChangeBody>;

const ImportData = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
  changes: Type.Array(
    Type.Object({
      line: Type.Integer(),
      mssv: Type.String(),
      email: Type.String(),
      lastName: Type.String(),
      firstName: Type.String(),
      action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
      fields: Type.Optional(Type.Array(Type.String())),
    }),
    { description: `Các dòng sẽ ghi (hoặc đã ghi), tối đa ${IMPORT_CHANGES_SHOWN} dòng đầu` },
  ),
  applied: Type.Boolean(),
});

/** The import's file (a CSV of at most IMPORT_MAX_BYTES, kept in memory) and its dryRun field. */
async function readImport(request: FastifyRequest): Promise<{ text: string; dryRun: boolean }> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', ACCOUNT_TEXTS.importNeedsFile);
  }
  let bytes: Buffer | null = null;
  let dryRun = true;
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw new AppError(400, 'VALIDATION_FAILED', ACCOUNT_TEXTS.importNeedsFile);
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'dryRun') {
        // only an explicit false writes: a client that forgets the field gets a dry run
        dryRun = String(part.value).trim().toLowerCase() !== 'false';
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', ACCOUNT_TEXTS.importTooLarge(IMPORT_MAX_BYTES / 1024 / 1024));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'VALIDATION_FAILED', ACCOUNT_TEXTS.importNeedsFile);
    request.log.info({ err: error }, 'malformed multipart body');
    throw new AppError(400, 'BAD_REQUEST', 'Dữ liệu gửi lên (multipart) không hợp lệ hoặc bị gián đoạn');
  }
  if (!bytes) throw new AppError(400, 'VALIDATION_FAILED', ACCOUNT_TEXTS.importNeedsFile);
  const text = decodeCsv(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  if (text === null) throw new AppError(400, 'VALIDATION_FAILED', ACCOUNT_TEXTS.importNotUtf8);
  return { text, dryRun };
}

/** The officers' accounts page: list, issue, disable and enable, reset, import (issue 20). */
export default async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.accounts;
  await app.register(multipart);

  app.get<{ Querystring: AccountsQuery }>(
    '/v1/spso/users',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Danh sách tài khoản (tìm theo mã số, tên, e-mail; lọc vai trò, bị vô hiệu hóa)',
        querystring: AccountsQuery,
        response: responses(AccountsData),
      },
    },
    async (request) => ok(await service.list(request.query), ACCOUNT_TEXTS.listed),
  );

  app.post<{ Body: NewAccountBody }>(
    '/v1/spso/users',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Cấp tài khoản nhân viên hoặc quản trị (mật khẩu tạm thời, chỉ hiện một lần)',
        description:
          'E-mail đã có tài khoản: 409 EMAIL_TAKEN. Người dùng phải đổi mật khẩu tạm thời ở lần đăng nhập đầu.',
        body: NewAccountBody,
        response: responses(Type.Object({ user: Account, temporaryPassword: Type.String() })),
      },
    },
    async (request, reply) => {
      const created = await service.create(currentUser(request), request.body);
      reply.header('Cache-Control', 'no-store');
      return ok(created, ACCOUNT_TEXTS.created);
    },
  );

  app.put<{ Body: AccountChangeBody }>(
    '/v1/spso/users',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Vô hiệu hóa, kích hoạt lại tài khoản, hoặc cấp lại mật khẩu tạm thời',
        description:
          'Vô hiệu hóa kết thúc ngay mọi phiên đăng nhập và socket của tài khoản. Không thể vô hiệu hóa quản trị viên cuối cùng (409 LAST_OFFICER) hay chính mình (422).',
        body: AccountChangeBody,
        response: responses(
          Type.Composite([Account, Type.Object({ temporaryPassword: Type.Optional(Type.String()) })]),
        ),
      },
    },
    async (request, reply) => {
      const { account, message } = await service.change(currentUser(request), request.body);
      reply.header('Cache-Control', 'no-store');
      return ok(account, message);
    },
  );

  app.post(
    '/v1/spso/users/import',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Nhập danh sách sinh viên từ tệp CSV của phòng đào tạo (multipart: file, dryRun)',
        description:
          'CSV UTF-8 (có hoặc không BOM), dòng tiêu đề: mssv, email, lastName, firstName, major, classes. dryRun (mặc định true) chỉ kiểm tra. Có dòng sai thì không ghi gì; ghi một lần cho cả tệp, chạy lại cùng tệp không đổi gì.',
        consumes: ['multipart/form-data'],
        response: responses(ImportData),
      },
    },
    async (request) => {
      const { text, dryRun } = await readImport(request);
      const result = await service.importStudents(currentUser(request), text, dryRun);
      const message = result.applied
        ? ACCOUNT_TEXTS.importApplied
        : result.errors.length > 0
          ? ACCOUNT_TEXTS.importRefused
          : ACCOUNT_TEXTS.importChecked;
      return ok(result, message);
    },
  );
}
