import { SOCKET_EVENTS, type ChatMessage, type MessageContact, type SocketAck } from '../contracts';
import { getSocket } from '../socket';
import { apiErrorMessage } from '../client';
import { apiGet, apiPost } from './request';

/** A chat contact with the messages they sent the caller that the caller has not read. */
export type ChatContact = MessageContact & { unread: number };

/** Longest message after trimming (the server's rule). */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages per page. */
export const CHAT_PAGE = 30;
/** How long a socket send waits for its acknowledgement before trying HTTP. */
const ACK_TIMEOUT_MS = 5_000;

/** GET /v1/user/message-list: every staff member and officer but the caller, with unread counts. */
export function getChatContacts(signal?: AbortSignal): Promise<ChatContact[]> {
  return apiGet<ChatContact[]>('/v1/user/message-list', { signal });
}

/** GET /v1/user/conversation-id: the pair's conversation (created on first use). */
export async function getConversationId(receiverId: string): Promise<string> {
  const rows = await apiGet<{ conversationId: string }[]>('/v1/user/conversation-id', {
    params: { receiver_id: receiverId },
  });
  const id = rows[0]?.conversationId;
  if (!id) throw new Error('no conversation id');
  return id;
}

/** GET /v1/user/message: the newest page, or the page before `before` (oldest first); reading marks read. */
export function getChatMessages(conversationId: string, before?: string, limit = CHAT_PAGE): Promise<ChatMessage[]> {
  return apiGet<ChatMessage[]>('/v1/user/message', {
    params: { conversationId, limit, ...(before ? { before } : {}) },
  });
}

/** A send the server refused over the socket (its code and Vietnamese message). */
export class ChatRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChatRefusal';
  }
}

/** The message to show for a failed chat call: the server's own (socket ack or HTTP), else `fallback`. */
export function chatErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.name === 'ChatRefusal' && error.message) return error.message;
  return apiErrorMessage(error, fallback);
}

/** Joins the conversation's room (members only) so its messages arrive live. */
export function joinConversation(conversationId: string): void {
  const socket = getSocket();
  if (socket?.connected) socket.emit(SOCKET_EVENTS.joinRoom, conversationId);
}

/**
 * Sends a message: over the socket with its acknowledgement (the saved message), or by
 * POST /v1/user/message when the socket is down or does not answer. A refusal rejects with its message.
 */
export async function sendChatMessage(conversationId: string, text: string): Promise<ChatMessage> {
  const socket = getSocket();
  if (socket?.connected) {
    const answer = await new Promise<SocketAck<ChatMessage> | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), ACK_TIMEOUT_MS);
      socket.emit(SOCKET_EVENTS.createMessage, { conversationId, text }, (ack: SocketAck<ChatMessage>) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
    if (answer?.ok) return answer.data;
    if (answer && !answer.ok) throw new ChatRefusal(answer.code, answer.message);
  }
  return apiPost<ChatMessage>('/v1/user/message', { conversationId, text });
}
