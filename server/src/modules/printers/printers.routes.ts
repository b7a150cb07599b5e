import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { QueryKeys, sendReadyWhen } from '../../lib/ready-bytes';
import { PrinterDetail, PrinterListData, PrinterListQuery, PrinterQuery } from './printers.schemas';

/**
 * The same answer for every student, sent as ready bytes (lib/ready-bytes.ts): the browser may keep it
 * and revalidates it on every use (its ETag: a reload gets 304).
 */
const REVALIDATE = { cacheControl: 'private, no-cache' };

/** The printers: the student list and one printer (the staff and officer lists come next). */
export default async function printersRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.printers;
  const listKeys = new QueryKeys();

  app.get<{ Querystring: PrinterListQuery }>(
    '/v1/student/printers',
    {
      config: { roles: ['student'] },
      // the answer is compressed once per generation, not per request; a GET has no body to decompress
      compress: false,
      decompress: false,
      schema: {
        tags: ['student'],
        summary: 'Danh sách máy in cho sinh viên (kèm số yêu cầu đang chờ và loại tệp được phép)',
        querystring: PrinterListQuery,
        response: responses(PrinterListData),
      },
    },
    // not async: the list in memory is sent without a promise (sendReadyWhen)
    (request, reply) =>
      sendReadyWhen(
        request,
        reply,
        // written by the route's own response serializer: the bytes it would have sent
        service.readyPrinterList(request.query, (list) => reply.serialize(ok(list)), listKeys.of(request)),
        REVALIDATE,
      ),
  );

  app.get<{ Querystring: PrinterQuery }>(
    '/v1/student/printer',
    {
      config: { roles: ['student'] },
      compress: false,
      decompress: false,
      schema: {
        tags: ['student'],
        summary: 'Thông tin một máy in (vị trí, số yêu cầu đang chờ, loại tệp được phép)',
        description: 'Không có máy in này: 404.',
        querystring: PrinterQuery,
        response: responses(PrinterDetail),
      },
    },
    (request, reply) =>
      sendReadyWhen(
        request,
        reply,
        service.readyPrinter(request.query.printerId, (printer) => reply.serialize(ok(printer))),
        REVALIDATE,
      ),
  );
}
