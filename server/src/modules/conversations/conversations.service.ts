import type { ChatMessage, MessageContact, Role } from 'shared-api/contracts';
import type { Db } from '../../db';
import { AppError, errors } from '../../lib/errors';
import { TokenBucket } from '../../lib/token-bucket';
import type { DomainEvents } from '../../events/domain-events';
import type { AuthUser } from '../../lib/auth-user';
import {
  findContact,
  findOrCreateDirect,
  insertMessage,
  isMember,
  listContacts,
  listMessages,
  markRead,
  otherMembers,
} from './conversations.repository';
import { UUID } from '../../lib/ids';

/** Longest message, after trimming (API.md). */
export const MAX_MESSAGE_LENGTH = 2000;
/** Messages per page (GET /v1/user/message). */
export const MESSAGE_PAGE = 30;

/** Messages one sender may send a second, and at once: the same on the socket and over HTTP. */
export const MESSAGE_RATE_PER_SECOND = 5;
export const MESSAGE_BURST = 20;
const TOO_FAST = 'Bạn gửi tin nhắn quá nhanh, vui lòng chờ một chút';

/** Chat between staff and print-service officers (students have no chat). */
export function createConversationsService(db: Db, events: DomainEvents, now: () => number = () => performance.now()) {
  /**
   * Per sender: the rate limit, and the chain that stores their messages one after the other, in the
   * order they arrived (a burst sent 1..20 is stored and shown 1..20). Staff and officers are a few
   * hundred people: kept for the life of the process.
   *
   * Per instance on purpose (issue 23): this limit guards against a flood, not a guess. Nothing secret is
   * found by sending faster, the senders are signed-in staff and officers, and a client's socket stays on
   * one instance (sticky), so its messages meet one bucket; a sender who opens sockets on all N instances
   * gets at most N times the rate, which a few hundred accounts cannot turn into harm. Counting it in
   * PostgreSQL would put a write before every message for nothing; the order chain is per socket's
   * instance for the same reason.
   */
  const senders = new Map<string, { bucket: TokenBucket; chain: Promise<unknown> }>();
  const senderOf = (userId: string) => {
    let sender = senders.get(userId);
    if (!sender) {
      sender = { bucket: new TokenBucket(MESSAGE_RATE_PER_SECOND, MESSAGE_BURST, now), chain: Promise.resolve() };
      senders.set(userId, sender);
    }
    return sender;
  };

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

  /** Checks and stores one message, then tells the other members (get-message). */
  async function store(user: AuthUser, conversationId: unknown, text: unknown): Promise<ChatMessage> {
    const id = await assertMember(user, conversationId);
    const body = typeof text === 'string' ? text.trim() : '';
    if (!body) throw errors.badRequest('Tin nhắn không được để trống');
    if (body.length > MAX_MESSAGE_LENGTH) {
      throw errors.badRequest(`Tin nhắn không được dài quá ${MAX_MESSAGE_LENGTH} ký tự`);
    }
    const message = await insertMessage(db, id, user.id, body);
    // the sender has read their own conversation; the others' unread counts move
    await markRead(db, id, user.id);
    events.emit('message-sent', { conversationId: id, message, to: await otherMembers(db, id, user.id) });
    return message;
  }

  return {
    assertMember,

    /** Stores a message from a member and sends get-message to the conversation's room. */
    async sendMessage(user: AuthUser, conversationId: unknown, text: unknown): Promise<ChatMessage> {
      const sender = senderOf(user.id);
      if (!sender.bucket.take()) {
        // a flood is refused message by message, whatever the path, without touching the database
        const retryAfterSeconds = Math.max(1, Math.ceil(sender.bucket.waitMs() / 1000));
        throw new AppError(429, 'TOO_MANY_REQUESTS', TOO_FAST, { retryAfterSeconds });
      }
      const stored = sender.chain.then(() => store(user, conversationId, text));
      sender.chain = stored.catch(() => undefined);
      return stored;
    },

    /** Every staff member and officer but the caller, with what they sent the caller unread. */
    async contacts(user: AuthUser): Promise<(MessageContact & { unread: number })[]> {
      if (user.role === 'student') throw errors.forbidden();
      return (await listContacts(db, user.id)).map((row) => ({
        firstName: row.first_name,
        lastName: row.last_name,
        receiver_id: row.id,
        role: row.role as Role,
        location: row.facility
          ? { facility: row.facility, department: row.department ?? '', room: row.room ?? '' }
          : null,
        unread: row.unread,
      }));
    },

    /** The caller's conversation with a staff member or officer, created on first use. */
    async conversationWith(user: AuthUser, receiverId: string): Promise<{ conversationId: string }[]> {
      if (user.role === 'student') throw errors.forbidden();
      if (!UUID.test(receiverId) || !(await findContact(db, receiverId))) {
        throw errors.notFound('Không tìm thấy người nhận (chỉ nhắn tin được với nhân viên và cán bộ quản lý)');
      }
      if (receiverId === user.id) throw errors.badRequest('Không thể nhắn tin cho chính mình');
      return [{ conversationId: await findOrCreateDirect(db, user.id, receiverId) }];
    },

    /** A page of a member's conversation (newest page without `before`), read up to now. */
    async messages(
      user: AuthUser,
      conversationId: string,
      before: Date | null,
      limit = MESSAGE_PAGE,
    ): Promise<ChatMessage[]> {
      const id = await assertMember(user, conversationId);
      const page = await listMessages(db, id, before, limit);
      if (!before) await markRead(db, id, user.id);
      return page;
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
