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
/**
 * A student's job that someone else ended (staff disabled its printer, the printer failed it), refunded
 * in the same transaction: what the student is told live. `reason` is printing_logs.failure_reason
 * ('printer disabled', or the printer's own words).
 */
export interface JobRefundedEvent {
  printingLogId: string;
  printerId: string;
  /** The file's name as the student uploaded it (user text: shown escaped). */
  title: string;
  /** A4 pages given back. */
  pages: number;
  reason: string;
}

/**
 * A student's held job expires soon (10 minutes before its deadline, told once): what the student is told
 * live, beside the notice and the push. `title` is the student's own file name (shown escaped).
 */
export interface JobExpiringEvent {
  printingLogId: string;
  printerId: string;
  title: string;
  /** Whole minutes left before the job expires and is refunded. */
  minutes: number;
}

export interface ServerToClientEvents {
  'update-printer-list': () => void;
  'update-student-history': () => void;
  'update-notification-list': () => void;
  'get-message': (message: ChatMessage) => void;
  /** To the job's owner only: their job was ended by someone else and its pages given back. */
  'job-refunded': (event: JobRefundedEvent) => void;
  /** To the job's owner only: their held job expires soon unless released (or extended). */
  'job-expiring': (event: JobExpiringEvent) => void;
  /** The handshake's access token expired: the server disconnects next; refresh and reconnect. */
  'token-expired': () => void;
}

/** Client → server events. */
export interface ClientToServerEvents {
  'join-room': (conversationId: string, ack?: (result: SocketAck) => void) => void;
  'create-message': (payload: CreateMessagePayload, ack?: (result: SocketAck<ChatMessage>) => void) => void;
}
