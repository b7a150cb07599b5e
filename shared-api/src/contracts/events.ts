/** Socket.io event names, as the spec names them. Server → client and client → server. */
export const SOCKET_EVENTS = {
  updatePrinterList: 'update-printer-list',
  updateStudentHistory: 'update-student-history',
  updateNotificationList: 'update-notification-list',
  getMessage: 'get-message',
  joinRoom: 'join-room',
  createMessage: 'create-message',
  /** Server → the student: a job of theirs was ended by someone else (printer disabled, failed) and refunded. */
  jobRefunded: 'job-refunded',
  /** Server → the student: a held job of theirs expires in 10 minutes unless released or extended. */
  jobExpiring: 'job-expiring',
  /** Server → client: the access token of the handshake has expired; refresh and reconnect. */
  tokenExpired: 'token-expired',
} as const;
export type SocketEventName = (typeof SOCKET_EVENTS)[keyof typeof SOCKET_EVENTS];

/** Socket.io rooms the server puts each connection in. */
export const socketRooms = {
  user: (userId: string) => `user:${userId}`,
  role: (role: string) => `role:${role}`,
  conversation: (conversationId: string) => `conversation:${conversationId}`,
  /** Every socket of one session (login): disconnected together when it ends. */
  session: (sessionId: string) => `session:${sessionId}`,
};
