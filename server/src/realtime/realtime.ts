import type { Server } from 'socket.io';
import {
  SOCKET_EVENTS,
  socketRooms,
  type ChatMessage,
  type ClientToServerEvents,
  type JobExpiringEvent,
  type JobRefundedEvent,
  type Role,
  type ServerToClientEvents,
} from 'shared-api/contracts';
import type { AuthUser } from '../lib/auth-user';

/** Per-connection data set at the handshake. */
export interface SocketData {
  user: AuthUser;
  /** When the handshake's access token expires (epoch ms). */
  expiresAt: number;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The one place that emits socket events. Services call these after their transaction commits;
 * the app exposes it as `app.realtime`. Rooms: user:<id>, role:<role>, conversation:<id>.
 */
export interface Realtime {
  /** A printer was added, edited, paused or its queue changed: every signed-in client reloads the list. */
  emitPrinterListChanged(): void;
  /** A student's job changed state: only that student reloads the history. */
  emitStudentHistoryChanged(userId: string): void;
  /**
   * Notices changed for these roles (staff and officers only; a student never receives it), or for one
   * user (their own 'seen' in another tab): they reload their notices and badge.
   */
  emitNotificationsChanged(target?: { roles?: Role[]; userId?: string }): void;
  /**
   * A chat message, to the members who joined the conversation's room and to the other members' own
   * rooms (their unread counts move when the conversation is not open); a socket in both gets it once.
   */
  emitMessage(conversationId: string, message: ChatMessage, to?: string[]): void;
  /** A job of this student's was ended by someone else and refunded: to that student's own room only. */
  emitJobRefunded(userId: string, event: JobRefundedEvent): void;
  emitJobExpiring(userId: string, event: JobExpiringEvent): void;
}

export function createRealtime(io: RealtimeServer | null): Realtime {
  if (!io) {
    return {
      emitPrinterListChanged: () => undefined,
      emitStudentHistoryChanged: () => undefined,
      emitNotificationsChanged: () => undefined,
      emitMessage: () => undefined,
      emitJobRefunded: () => undefined,
      emitJobExpiring: () => undefined,
    };
  }
  return {
    emitPrinterListChanged() {
      io.emit(SOCKET_EVENTS.updatePrinterList);
    },
    emitStudentHistoryChanged(userId) {
      io.to(socketRooms.user(userId)).emit(SOCKET_EVENTS.updateStudentHistory);
    },
    emitNotificationsChanged(target = {}) {
      if (target.userId) {
        io.to(socketRooms.user(target.userId)).emit(SOCKET_EVENTS.updateNotificationList);
        return;
      }
      const roles = (target.roles ?? ['staff', 'spso']).filter((role) => role === 'staff' || role === 'spso');
      if (roles.length > 0) io.to(roles.map(socketRooms.role)).emit(SOCKET_EVENTS.updateNotificationList);
    },
    emitJobRefunded(userId, event) {
      io.to(socketRooms.user(userId)).emit(SOCKET_EVENTS.jobRefunded, event);
    },
    emitJobExpiring(userId, event) {
      io.to(socketRooms.user(userId)).emit(SOCKET_EVENTS.jobExpiring, event);
    },
    emitMessage(conversationId, message, to = []) {
      io.to([socketRooms.conversation(conversationId), ...to.map(socketRooms.user)]).emit(
        SOCKET_EVENTS.getMessage,
        message,
      );
    },
  };
}
