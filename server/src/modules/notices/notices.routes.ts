import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { Nullable } from '../../lib/schemas';
import { noticeLanguage } from './notices.service';

const NoticesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 20 })),
});
type NoticesQuery = Static<typeof NoticesQuery>;

const Party = Type.Object({
  user_id: Type.String(),
  role: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
});

const NoticeSchema = Type.Object({
  _id: Type.String(),
  sender: Party,
  receiver: Type.Union([Party, Type.Null()]),
  receiverRole: Nullable(Type.String()),
  location: Type.Union([
    Type.Object({ facility: Type.String(), department: Type.String(), room: Type.String() }),
    Type.Null(),
  ]),
  action: Type.String(),
  description: Type.String({ description: 'HTML dựng từ các giá trị đã được escape' }),
  printerId: Nullable(Type.String()),
  seen: Type.Boolean({ description: 'Người đọc này đã xem' }),
  actionTime: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

const NoticeListData = Type.Object({
  allNotices: Type.Array(NoticeSchema),
  news: Type.Integer({ description: 'Số thông báo mới của người đọc' }),
  total: Type.Integer(),
  page: Type.Integer(),
  per_page: Type.Integer(),
});

const SeenData = Type.Object({ news: Type.Literal(0) });

/** Notices of staff and officers: their list (newest first, paged) and 'confirm seen' (per reader). */
export default async function noticesRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.notices;
  for (const role of ['staff', 'spso'] as const) {
    app.get<{ Querystring: NoticesQuery }>(
      `/v1/${role}/notices`,
      {
        config: { roles: [role] },
        schema: {
          tags: [role],
          summary: 'Thông báo của người đọc, mới nhất trước, theo trang; news là số thông báo chưa xem',
          querystring: NoticesQuery,
          response: responses(NoticeListData),
        },
      },
      async (request) =>
        ok(
          await service.list(
            currentUser(request),
            request.query.page,
            request.query.per_page,
            noticeLanguage(request.headers['accept-language']),
          ),
        ),
    );
    // the spec's client marks all seen with PUT .../notices; API.md names it .../notices/seen: one handler
    for (const url of [`/v1/${role}/notices`, `/v1/${role}/notices/seen`]) {
      app.put(
        url,
        {
          config: { roles: [role] },
          schema: {
            tags: [role],
            summary: 'Đánh dấu mọi thông báo của người đọc là đã xem (chỉ với người đọc này)',
            response: responses(SeenData),
          },
        },
        async (request) => ok(await service.markSeen(currentUser(request))),
      );
    }
  }
}
