import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { PrinterDetail, PrinterListData, PrinterListQuery, PrinterQuery } from './printers.schemas';

/** The printers: the student list and one printer (the staff and officer lists come next). */
export default async function printersRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.printers;

  app.get<{ Querystring: PrinterListQuery }>(
    '/v1/student/printers',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Danh sách máy in cho sinh viên (kèm số yêu cầu đang chờ và loại tệp được phép)',
        querystring: PrinterListQuery,
        response: responses(PrinterListData),
      },
    },
    async (request) => ok(await service.listPrinters(request.query)),
  );

  app.get<{ Querystring: PrinterQuery }>(
    '/v1/student/printer',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Thông tin một máy in (vị trí, số yêu cầu đang chờ, loại tệp được phép)',
        description: 'Không có máy in này: 404.',
        querystring: PrinterQuery,
        response: responses(PrinterDetail),
      },
    },
    async (request) => ok(await service.printer(request.query.printerId)),
  );
}
