import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import {
  ExtendBody,
  HeldJobData,
  MoveBody,
  StationCodeData,
  StationCreateBody,
  StationCreatedData,
  StationHeaders,
  StationListData,
  StationListQuery,
  StationReleaseBody,
  StationReleasedData,
  StationRevokeBody,
  StudentReleaseBody,
  StudentReleaseData,
} from './release.schemas';

const STATION_AUTH =
  'Không dùng token đăng nhập: máy nhận lệnh in gửi khóa của nó trong header X-Station-Token ' +
  '(thiếu, sai hoặc đã thu hồi: 401 STATION_TOKEN_INVALID).';

/**
 * Release at the printer: officers create and revoke release stations; a station (its key in
 * X-Station-Token, no user token) reads the code it shows and releases a job by its code; a student
 * releases, extends and moves their own jobs.
 */
export default async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.release;
  // the station's key is checked first (before the body): without it, whatever the body, 401
  const stations = new WeakMap<FastifyRequest, { id: string; printerId: string }>();
  const stationAuth = async (request: FastifyRequest) => {
    const header = request.headers['x-station-token'];
    stations.set(request, await service.stationFor(typeof header === 'string' ? header : undefined));
  };
  const stationOf = (request: FastifyRequest) => {
    const station = stations.get(request);
    if (!station) throw new Error('station route without its key check');
    return station;
  };

  // Not in API.md's table (read-only there): the officer's dialog lists a printer's stations with it.
  // GET /v1/spso/release-station?printerId= → { stations: [{ stationId, printerId, createdAt, revokedAt,
  // lastSeenAt }] }; 404 for a printer not in service.
  app.get<{ Querystring: StationListQuery }>(
    '/v1/spso/release-station',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Các máy nhận lệnh in của một máy in (không kèm khóa): đang dùng trước, mới nhất trước',
        description: 'lastSeenAt: lần cuối máy nhận lệnh in lấy mã mới. Không có máy in này: 404.',
        querystring: StationListQuery,
        response: responses(StationListData),
      },
    },
    async (request) => ok(await service.listStations(request.query.printerId)),
  );

  app.post<{ Body: StationCreateBody }>(
    '/v1/spso/release-station',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Tạo máy nhận lệnh in cho một máy in: khóa chỉ hiện một lần (máy chủ chỉ giữ mã băm)',
        body: StationCreateBody,
        response: responses(StationCreatedData),
      },
    },
    async (request) => ok(await service.createStation(currentUser(request), request.body.printerId)),
  );

  app.delete<{ Body: StationRevokeBody }>(
    '/v1/spso/release-station',
    {
      config: { roles: ['spso'] },
      schema: {
        tags: ['spso'],
        summary: 'Thu hồi máy nhận lệnh in: khóa của nó hết tác dụng ngay',
        body: StationRevokeBody,
        response: responses(Type.Null()),
      },
    },
    async (request) => ok(await service.revokeStation(currentUser(request), request.body.stationId)),
  );

  app.get<{ Headers: StationHeaders }>(
    '/v1/release-station/code',
    {
      config: { roles: 'public' },
      onRequest: stationAuth,
      schema: {
        tags: ['release-station'],
        summary:
          'Mã hiện tại của máy nhận lệnh in (đổi mỗi 60 giây, mã trước vẫn dùng được 60 giây, mỗi mã dùng một lần)',
        description: STATION_AUTH,
        headers: StationHeaders,
        response: responses(StationCodeData),
      },
    },
    async (request) => ok(await service.stationCode(stationOf(request))),
  );

  app.post<{ Headers: StationHeaders; Body: StationReleaseBody }>(
    '/v1/release-station/release',
    {
      config: { roles: 'public' },
      onRequest: stationAuth,
      schema: {
        tags: ['release-station'],
        summary: 'Nhận lệnh in bằng mã nhận 6 ký tự gõ trên máy nhận lệnh in',
        description:
          `${STATION_AUTH} Mã sai hoặc lệnh in đã hết hạn: 422 RELEASE_CODE_INVALID (không nói gì thêm); ` +
          'máy in đang lỗi hoặc mất kết nối: 422 PRINTER_OFFLINE; thử quá nhiều: 429.',
        headers: StationHeaders,
        body: StationReleaseBody,
        response: responses(StationReleasedData),
      },
    },
    async (request) =>
      ok(
        await service.releaseAtStation(stationOf(request), request.body.releaseCode),
        'Đã nhận lệnh in: máy in sẽ in ngay',
      ),
  );

  app.post<{ Body: StudentReleaseBody }>(
    '/v1/student/release',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Nhận các lệnh in đang giữ của mình tại một máy in (một hoặc tất cả) bằng mã tại máy in',
        description:
          'Mã tại máy in (QR hoặc màn hình của máy nhận lệnh in) sai, quá 2 phút hoặc đã dùng: 422 RELEASE_CODE_INVALID; ' +
          'không có lệnh in đang giữ: 404; máy in đang lỗi: 422 PRINTER_OFFLINE; thử quá nhiều: 429.',
        body: StudentReleaseBody,
        response: responses(StudentReleaseData),
      },
    },
    async (request) =>
      ok(await service.releaseOwn(currentUser(request), request.body), 'Đã nhận lệnh in: máy in sẽ in ngay'),
  );

  app.put<{ Body: MoveBody }>(
    '/v1/student/move',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Chuyển lệnh in đang đợi hoặc đang giữ của mình sang máy in khác (giữ nguyên số trang đã trừ)',
        description:
          'Không phải lệnh in của mình hoặc không tồn tại: 404. Máy in không nhận được (tạm dừng, lỗi, ' +
          'không in được khổ giấy hoặc tùy chọn, cùng máy in): 422.',
        body: MoveBody,
        response: responses(HeldJobData),
      },
    },
    async (request) =>
      ok(
        await service.move(currentUser(request), request.body.printingLogId, request.body.printerId),
        'Đã chuyển lệnh in sang máy in mới',
      ),
  );

  app.put<{ Body: ExtendBody }>(
    '/v1/student/extend',
    {
      config: { roles: ['student'] },
      schema: {
        tags: ['student'],
        summary: 'Gia hạn lệnh in đang giữ thêm 30 phút (một lần; lần thứ hai: 422)',
        body: ExtendBody,
        response: responses(HeldJobData),
      },
    },
    async (request) =>
      ok(await service.extend(currentUser(request), request.body.printingLogId), 'Đã gia hạn thêm 30 phút'),
  );
}
