import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import {
  AdminPrinterListData,
  AdminPrinterListQuery,
  PrinterChangeData,
  PrinterCreateBody,
  PrinterIdBody,
  PrinterProbeBody,
  PrinterProbeData,
  PrinterQuery,
  PrinterStatusBody,
  PrinterUpdateBody,
  PrintingLogData,
  PrintingLogQuery,
  PrintingQueueData,
  StudentHistoryData,
  StudentHistoryQuery,
} from './printers.schemas';

/**
 * The printer room: the staff and officer printer lists, a printer's queue and log, the status switch,
 * an officer's adds, edits and retirements, and a student's history for staff.
 */
export default async function printerRoomRoutes(app: FastifyInstance): Promise<void> {
  const { printers, printerRoom, printerAdmin } = app.services;

  for (const role of ['staff', 'spso'] as const) {
    app.get<{ Querystring: AdminPrinterListQuery }>(
      `/v1/${role}/printers`,
      {
        config: { roles: [role] },
        schema: {
          tags: [role],
          summary: 'Danh sách máy in (kèm yêu cầu đang in, đang đợi, tổng số máy và số máy hoạt động)',
          description:
            'Lọc theo trạng thái (1, 0), cơ sở (CS1, CS2), một phần mã máy in; sắp theo thời điểm kích hoạt. ' +
            'totalPrinter và activatedPrinter đếm cả hệ thống. Giá trị lọc lạ: 400.',
          querystring: AdminPrinterListQuery,
          response: responses(AdminPrinterListData),
        },
      },
      async (request) => ok(await printers.listAdminPrinters(request.query, role)),
    );

    app.get<{ Querystring: PrinterQuery }>(
      `/v1/${role}/printingQueue`,
      {
        config: { roles: [role] },
        schema: {
          tags: [role],
          summary: 'Hàng đợi của một máy in: yêu cầu đang in và các yêu cầu đang đợi theo thứ tự in',
          description: 'Không có máy in này: 404.',
          querystring: PrinterQuery,
          response: responses(PrintingQueueData),
        },
      },
      async (request) => ok(await printerRoom.queue(request.query.printerId)),
    );

    app.get<{ Querystring: PrintingLogQuery }>(
      `/v1/${role}/printingLog`,
      {
        config: { roles: [role] },
        schema: {
          tags: [role],
          summary: 'Nhật ký in của một máy in trong khoảng ngày, mới nhất trước, theo trang',
          description: 'Ngày theo giờ Việt Nam; hai đầu đảo ngược được đổi chỗ. Không có máy in này: 404.',
          querystring: PrintingLogQuery,
          response: responses(PrintingLogData),
        },
      },
      async (request) => ok(await printerRoom.log(request.query)),
    );
  }

  app.put<{ Body: PrinterStatusBody }>(
    '/v1/staff/printer',
    {
      config: { roles: ['staff'] },
      schema: {
        tags: ['staff'],
        summary: 'Bật hoặc tạm dừng máy in',
        description:
          'Tạm dừng: các yêu cầu đang đợi bị hủy ("printer disabled") và hoàn trang một lần; yêu cầu đang in được in xong.',
        body: PrinterStatusBody,
        response: responses(PrinterChangeData),
      },
    },
    async (request) =>
      ok(await printerAdmin.setStatus(currentUser(request), request.body.printerId, request.body.status)),
  );

  app.get<{ Querystring: StudentHistoryQuery }>(
    '/v1/staff/studentHistory',
    {
      config: { roles: ['staff'] },
      schema: {
        tags: ['staff'],
        summary: 'Lịch sử in của một sinh viên trong khoảng ngày',
        description: 'studentId là mã số sinh viên. Không có sinh viên này: 404.',
        querystring: StudentHistoryQuery,
        response: responses(StudentHistoryData),
      },
    },
    async (request) => ok(await printerRoom.studentHistory(request.query)),
  );

  app.post<{ Body: PrinterCreateBody }>(
    '/v1/spso/printer',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Thêm máy in',
        description: 'Vị trí phải có trong danh sách cơ sở, tòa nhà, phòng (400). Mã đã có: 409.',
        body: PrinterCreateBody,
        response: responses(PrinterChangeData),
      },
    },
    async (request) => ok(await printerAdmin.create(currentUser(request), request.body), 'Thêm máy in thành công'),
  );

  app.put<{ Body: PrinterUpdateBody }>(
    '/v1/spso/printer',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Sửa máy in (hãng, mẫu, vị trí, mô tả, trạng thái)',
        description: 'Chỉ các trường gửi lên được đổi. Không có máy in này: 404.',
        body: PrinterUpdateBody,
        response: responses(PrinterChangeData),
      },
    },
    async (request) => ok(await printerAdmin.update(currentUser(request), request.body)),
  );

  app.post<{ Body: PrinterProbeBody }>(
    '/v1/spso/printer/probe',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Kiểm tra kết nối thiết bị IPP của máy in',
        description:
          'Hỏi thiết bị: hãng và mẫu, trạng thái, khổ giấy, in hai mặt, màu. Địa chỉ không phải ipp:// hoặc ipps://: 400. Thiết bị không trả lời trong 5 giây: 422.',
        body: PrinterProbeBody,
        response: responses(PrinterProbeData),
      },
    },
    async (request) => ok(await printerAdmin.probe(request.body.deviceUri), 'Kết nối máy in thành công'),
  );

  app.delete<{ Body: PrinterIdBody }>(
    '/v1/spso/printer',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Ngừng sử dụng (xóa) máy in; nhật ký in được giữ lại',
        description: 'Còn yêu cầu đang đợi hoặc đang in: 409.',
        body: PrinterIdBody,
        response: responses(PrinterChangeData),
      },
    },
    async (request) =>
      ok(await printerAdmin.retire(currentUser(request), request.body.printerId), 'Đã ngừng sử dụng máy in'),
  );
}
