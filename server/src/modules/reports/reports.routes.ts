import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REPORT_FIRST_YEAR } from 'shared-api/contracts';
import { ok, responses } from '../../lib/envelope';
import type { ReportFile } from './reports.service';
import { Location, NO_FILTER } from '../../lib/schemas';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1));

const Year = Type.Integer({
  minimum: REPORT_FIRST_YEAR,
  maximum: 9999,
  description: `Năm báo cáo, từ ${REPORT_FIRST_YEAR} đến năm hiện tại (giờ Việt Nam)`,
});

const ReportQuery = Type.Object({
  year: Year,
  month: Type.Optional(
    Type.String({ enum: [...MONTHS, ...NO_FILTER], description: 'Tháng 1..12; bỏ trống (hoặc all, null): cả năm' }),
  ),
  sortDirection: Type.Optional(
    Type.String({
      enum: ['1', '-1', ...NO_FILTER],
      description: 'Thứ tự các dòng: 1 tháng mới nhất trước (mặc định), -1 tháng cũ nhất trước',
    }),
  ),
});
type ReportQuery = Static<typeof ReportQuery>;

const YearQuery = Type.Object({ year: Year });
type YearQuery = Static<typeof YearQuery>;

const PrinterRow = Type.Object({
  date: Type.String({ description: 'Tháng, YYYY-MM (giờ Việt Nam)' }),
  printerId: Type.String(),
  location: Location,
  printed: Type.Integer({ description: 'Số yêu cầu in xong' }),
  totalA3Pages: Type.Integer({ description: 'Số tờ A3' }),
  totalA4Pages: Type.Integer({ description: 'Số tờ A4' }),
});

const ReportData = Type.Object({
  total_pages: Type.Integer({ description: 'total_A4 + total_A3' }),
  total_A3: Type.Integer(),
  total_A4: Type.Integer(),
  total_Printed: Type.Integer({ description: 'Số yêu cầu in xong trong kỳ' }),
  avg_A3: Type.Number({ description: 'Trung bình mỗi máy in hoạt động trong kỳ, làm tròn 2 chữ số' }),
  avg_A4: Type.Number(),
  avg_Printed: Type.Number(),
  printerCount: Type.Integer({ description: 'Số máy in hoạt động trong kỳ (mẫu số của các giá trị trung bình)' }),
  all_printers: Type.Array(PrinterRow, { description: 'Mỗi máy in mỗi tháng một dòng; cộng lại bằng các tổng' }),
  years: Type.Array(Type.Integer(), { description: 'Các năm có dữ liệu đến năm nay, mới nhất trước' }),
});

const YearData = Type.Array(Type.Integer(), { minItems: 12, maxItems: 12, description: 'Tháng 1 đến tháng 12' });

const StoredReportSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  period: Type.String({ enum: ['month', 'year'] }),
  year: Type.Integer(),
  month: Type.Union([Type.Integer({ minimum: 1, maximum: 12 }), Type.Null()]),
  generatedAt: Type.String({ format: 'date-time' }),
  total_pages: Type.Integer(),
  total_A3: Type.Integer(),
  total_A4: Type.Integer(),
  total_Printed: Type.Integer(),
});
const ArchiveData = Type.Object({ reports: Type.Array(StoredReportSchema) });

const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
type FileParams = Static<typeof FileParams>;
const FileQuery = Type.Object({
  format: Type.Optional(Type.String({ enum: ['csv', 'pdf'], default: 'csv', description: 'csv (mặc định) hoặc pdf' })),
});
type FileQuery = Static<typeof FileQuery>;
const FILE_RESPONSES = {
  200: {
    description: 'Tệp báo cáo (Content-Disposition: attachment)',
    content: {
      'text/csv': { schema: { type: 'string' } },
      'application/pdf': { schema: { type: 'string', format: 'binary' } },
    },
  },
  '4xx': Type.Ref('ErrorEnvelope'),
  '5xx': Type.Ref('ErrorEnvelope'),
};

/** The officers' reports: live figures of a month or a year, the twelve months of a year, the archive. */
export default async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const { reports } = app;

  app.get<{ Querystring: ReportQuery }>(
    '/v1/spso/reports',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Báo cáo in ấn của một tháng hoặc một năm: tổng, trung bình mỗi máy in, từng máy in theo tháng',
        description:
          'Lượt in: yêu cầu hoàn thành có thời điểm xong trong kỳ (giờ Việt Nam); số trang: số tờ theo khổ. ' +
          'Năm ngoài khoảng, tháng hoặc thứ tự lạ: 400.',
        querystring: ReportQuery,
        response: responses(ReportData),
      },
    },
    async (request) => ok(await reports.report(request.query)),
  );

  app.get<{ Querystring: YearQuery }>(
    '/v1/spso/viewReport',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Tổng số trang (A4 + A3) của từng tháng trong năm, tháng 1 trước',
        querystring: YearQuery,
        response: responses(YearData),
      },
    },
    async (request) => ok(await reports.yearTotals(request.query.year)),
  );

  app.get(
    '/v1/spso/report-archive',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Các báo cáo đã lưu (mỗi tháng và mỗi năm đã kết thúc), kỳ mới nhất trước',
        response: responses(ArchiveData),
      },
    },
    async () => ok(await reports.archive()),
  );

  app.get<{ Params: FileParams; Querystring: FileQuery }>(
    '/v1/spso/report-archive/:id',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Tải một báo cáo đã lưu: CSV (UTF-8 có BOM) hoặc PDF',
        description: 'Không có báo cáo này: 404. Định dạng khác csv, pdf: 400.',
        params: FileParams,
        querystring: FileQuery,
        response: FILE_RESPONSES,
      },
    },
    async (request, reply) => sendFile(reply, await reports.file(request.params.id, request.query.format ?? 'csv')),
  );

  app.get<{ Querystring: ReportQuery & FileQuery }>(
    '/v1/spso/report-download',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Tải báo cáo đang xem (số liệu hiện tại của năm hoặc tháng): CSV (UTF-8 có BOM) hoặc PDF',
        description: 'Cùng tham số với /v1/spso/reports, thêm format csv|pdf. Định dạng khác: 400.',
        querystring: Type.Intersect([ReportQuery, FileQuery]),
        response: FILE_RESPONSES,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return sendFile(reply, await reports.liveFile(query, format ?? 'csv'));
    },
  );
}

/** A report file as an attachment with its name ('bao-cao-2026-10.csv'). */
function sendFile(reply: FastifyReply, file: ReportFile) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}
