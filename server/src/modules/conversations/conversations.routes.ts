import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { parseDateBound } from '../../lib/dates';
import { ok, responses } from '../../lib/envelope';
import { currentUser } from '../../lib/current-user';
import { MAX_MESSAGE_LENGTH, MESSAGE_PAGE } from './conversations.service';

const Contact = Type.Object({
  firstName: Type.String(),
  lastName: Type.String(),
  receiver_id: Type.String(),
  role: Type.String(),
  location: Type.Union([
    Type.Object({ facility: Type.String(), department: Type.String(), room: Type.String() }),
    Type.Null(),
  ]),
  unread: Type.Integer({ description: 'Tin nhắn người này gửi mà người gọi chưa đọc' }),
});

const ConversationQuery = Type.Object({ receiver_id: Type.String({ minLength: 1, maxLength: 64 }) });
type ConversationQuery = Static<typeof ConversationQuery>;

const Message = Type.Object({
  conversationId: Type.String(),
  senderId: Type.String(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

const MessagesQuery = Type.Object({
  conversationId: Type.String({ minLength: 1, maxLength: 64 }),
  before: Type.Optional(
    Type.String({ maxLength: 40, format: 'date-filter', description: 'Thời điểm ISO: các tin nhắn cũ hơn' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: MESSAGE_PAGE })),
});
type MessagesQuery = Static<typeof MessagesQuery>;

const MessageBody = Type.Object({
  conversationId: Type.String({ minLength: 1, maxLength: 64 }),
  // trimmed and checked by the service (empty 400, over 2,000 400); the raw field is bounded here
  text: Type.String({ maxLength: MAX_MESSAGE_LENGTH * 4 }),
});
type MessageBody = Static<typeof MessageBody>;

/** Chat between staff members and officers: contacts, one conversation per pair, messages. */
export default async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.conversations;
  const roles = ['staff', 'spso'] as const;

  app.get(
    '/v1/user/message-list',
    {
      config: { roles: [...roles] },
      schema: {
        tags: ['chat'],
        summary: 'Danh bạ: mọi nhân viên và cán bộ quản lý trừ người gọi, kèm số tin chưa đọc',
        response: responses(Type.Array(Contact)),
      },
    },
    async (request) => ok(await service.contacts(currentUser(request))),
  );

  app.get<{ Querystring: ConversationQuery }>(
    '/v1/user/conversation-id',
    {
      config: { roles: [...roles] },
      schema: {
        tags: ['chat'],
        summary: 'Cuộc trò chuyện với một người (tạo ở lần đầu; cùng một mã từ hai phía)',
        querystring: ConversationQuery,
        response: responses(Type.Array(Type.Object({ conversationId: Type.String() }))),
      },
    },
    async (request) => ok(await service.conversationWith(currentUser(request), request.query.receiver_id.trim())),
  );

  app.get<{ Querystring: MessagesQuery }>(
    '/v1/user/message',
    {
      config: { roles: [...roles] },
      schema: {
        tags: ['chat'],
        summary: 'Tin nhắn của một cuộc trò chuyện (trang mới nhất, cũ đến mới; before: trang cũ hơn)',
        description: 'Chỉ thành viên (403).',
        querystring: MessagesQuery,
        response: responses(Type.Array(Message)),
      },
    },
    async (request) => {
      const { conversationId, before, limit } = request.query;
      const at = before ? parseDateBound(before, 'before', false) : null;
      return ok(await service.messages(currentUser(request), conversationId, at, limit));
    },
  );

  app.post<{ Body: MessageBody }>(
    '/v1/user/message',
    {
      config: { roles: [...roles] },
      schema: {
        tags: ['chat'],
        summary: 'Gửi tin nhắn (form hoặc JSON: conversationId, text)',
        description: `Chỉ thành viên (403). Nội dung 1 đến ${MAX_MESSAGE_LENGTH} ký tự sau khi bỏ khoảng trắng hai đầu (400).`,
        body: MessageBody,
        response: responses(Message),
      },
    },
    async (request) =>
      ok(await service.sendMessage(currentUser(request), request.body.conversationId, request.body.text)),
  );
}
