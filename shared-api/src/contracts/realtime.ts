import type { ErrorCode } from './envelope';
import type { ChatMessage } from './dto';

/** connect_error messages of the socket handshake (the client refreshes on TOKEN_EXPIRED). */
export const SOCKET_HANDSHAKE_ERRORS = {
  unauthenticated: 'UNAUTHENTICATED',
  tokenExpired: 'TOKEN_EXPIRED',
} as const;

/** Payload of create-message (client → server). */
export interface CreateMessagePayload {
  conversationId: string;
  text: string;
}

/** Acknowledgement of join-room and create-message, when the client passes a callback. */
export type SocketAck<T = null> = { ok: true; data: T } | { ok: false; code: ErrorCode; message: string };

/** Server → client events (socket.io typed events). The update-* events carry no payload: reload. */
export interface ServerToClientEvents {
  'update-printer-list': () => void;
  'update-student-history': () => void;
  'update-notification-list': () => void;
  'get-message': (message: ChatMessage) => void;
  /** The handshake's access token expired: the server disconnects next; refresh and reconnect. */
  'token-expired': () => void;
}

/** Client → server events. */
export interface ClientToServerEvents {
  'join-room': (conversationId: string, ack?: (result: SocketAck) => void) => void;
  'create-message': (payload: CreateMessagePayload, ack?: (result: SocketAck<ChatMessage>) => void) => void;
}
