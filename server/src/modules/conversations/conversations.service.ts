import type { ChatMessage } from 'shared-api/contracts';
import type { Db } from '../../db';
import { errors } from '../../lib/errors';
import type { DomainEvents } from '../../events/domain-events';
import type { AuthUser } from '../../types';
import { insertMessage, isMember } from './conversations.repository';
import { UUID } from '../../lib/ids';

export const MAX_MESSAGE_LENGTH = 4000;

/** Chat between staff and print-service officers (students have no chat). */
export function createConversationsService(db: Db, events: DomainEvents) {
  /** Throws 404 for a malformed or unknown id, 403 when the user is not a member. */
  async function assertMember(user: AuthUser, conversationId: unknown): Promise<string> {
    if (typeof conversationId !== 'string' || !UUID.test(conversationId)) {
      throw errors.notFound('Không tìm thấy cuộc trò chuyện');
    }
    if (user.role === 'student' || !(await isMember(db, conversationId, user.id))) {
      throw errors.forbidden('Bạn không thuộc cuộc trò chuyện này');
    }
    return conversationId;
  }

  return {
    assertMember,

    /** Stores a message from a member and sends get-message to the conversation's room. */
    async sendMessage(user: AuthUser, conversationId: unknown, text: unknown): Promise<ChatMessage> {
      const id = await assertMember(user, conversationId);
      const body = typeof text === 'string' ? text.trim() : '';
      if (!body) throw errors.badRequest('Nội dung tin nhắn không được để trống');
      if (body.length > MAX_MESSAGE_LENGTH) {
        throw errors.badRequest(`Tin nhắn không được dài quá ${MAX_MESSAGE_LENGTH} ký tự`);
      }
      const message = await insertMessage(db, id, user.id, body);
      events.emit('message-sent', { conversationId: id, message });
      return message;
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
