import { createAdapter } from '@socket.io/postgres-adapter';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Server } from 'socket.io';
import {
  SOCKET_EVENTS,
  SOCKET_HANDSHAKE_ERRORS,
  socketRooms,
  type ChatMessage,
  type SocketAck,
} from 'shared-api/contracts';
import { clusterChannel } from '../events/instance-bridge';
import { AppError } from '../lib/errors';
import { createRealtime, type RealtimeServer } from '../realtime/realtime';

/** How long closing waits for the socket adapter's last queries, then for its pool to end (ms). */
const CLOSE_WAIT_MS = 2_000;

/** Messages one socket may send: 5 a second on average, 20 at once (a person typing never meets it). */

function failure(error: unknown): SocketAck<never> {
  if (error instanceof AppError) return { ok: false, code: error.code, message: error.message };
  return { ok: false, code: 'INTERNAL', message: 'Lỗi hệ thống' };
}

/**
 * socket.io on the API's HTTP server (path /socket.io). The handshake carries the access token in
 * auth.token: a missing or bad one fails with connect_error 'UNAUTHENTICATED', an expired one with
 * 'TOKEN_EXPIRED'. Each socket joins user:<id> and role:<role>; conversation rooms need membership.
 */
export default fp(
  async (app) => {
    const { corsOrigins } = app.appConfig;
    const io: RealtimeServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      // A chat message is at most 2,000 characters: anything up to this size is received and answered
      // 'too long' in its ack, the socket kept. A larger frame is cut by engine.io with the connection
      // (the portal never sends one: it refuses long texts before sending).
      maxHttpBufferSize: 1_000_000,
      ...(corsOrigins.length > 0 ? { cors: { origin: corsOrigins } } : {}),
    });

    // Several instances on one PostgreSQL: an event emitted here reaches the sockets of every instance,
    // rooms included (socket.io's PostgreSQL adapter: LISTEN/NOTIFY, large ones through a table of
    // migration 20). Its own small pool: it holds one connection to listen.
    const { databaseUrl, databaseSchema } = app.appConfig;
    let adapterPool: pg.Pool | null = null;
    if (app.db.driver === 'postgres' && databaseUrl) {
      adapterPool = new pg.Pool({
        connectionString: databaseUrl,
        max: 3,
        ...(databaseSchema ? { options: `-c search_path=${databaseSchema},public` } : {}),
      });
      adapterPool.on('error', (error) => app.log.warn({ err: error }, 'socket adapter: a database connection failed'));
      io.adapter(
        createAdapter(adapterPool, {
          channelPrefix: clusterChannel('io', databaseSchema),
          tableName: 'socket_io_attachments',
          errorHandler: (error) => app.log.warn({ err: error }, 'socket adapter error'),
        }),
      );
    }

    io.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        next(new Error(SOCKET_HANDSHAKE_ERRORS.unauthenticated));
        return;
      }
      const result = app.tokens.verifyAccess(token.replace(/^Bearer\s+/i, ''));
      if (!result.ok) {
        next(
          new Error(
            result.reason === 'expired'
              ? SOCKET_HANDSHAKE_ERRORS.tokenExpired
              : SOCKET_HANDSHAKE_ERRORS.unauthenticated,
          ),
        );
        return;
      }
      if (app.sessions.isRevoked(result.user.sid)) {
        next(new Error(SOCKET_HANDSHAKE_ERRORS.unauthenticated));
        return;
      }
      socket.data.user = result.user;
      socket.data.expiresAt = result.expiresAt;
      next();
    });

    const realtime = createRealtime(io);
    const conversations = app.services.conversations;

    // The socket events follow the domain events (after the caches have dropped what went stale).
    app.events.on('printer-changed', () => realtime.emitPrinterListChanged());
    // a queue moved: the students waiting in it see their places and estimated starts move (issue 21)
    app.events.on('printer-changed', ({ printerId }) => {
      app.services.queueEstimate
        .waitingStudents(printerId)
        .then((userIds) => userIds.forEach((userId) => realtime.emitStudentHistoryChanged(userId)))
        .catch((error: unknown) => app.log.error({ err: error }, 'telling the waiting students failed'));
    });
    app.events.on('job-changed', ({ userId }) => realtime.emitStudentHistoryChanged(userId));
    app.events.on('pages-adjusted', ({ userId }) => realtime.emitStudentHistoryChanged(userId));
    app.events.on('job-refunded', ({ userId, ...event }) => realtime.emitJobRefunded(userId, event));
    app.events.on('job-expiring', ({ userId, ...event }) => realtime.emitJobExpiring(userId, event));
    // students reload their printers: the allowed file types travel with the list
    app.events.on('config-changed', () => realtime.emitPrinterListChanged());
    app.events.on('notices-changed', ({ roles }) => realtime.emitNotificationsChanged({ roles }));
    app.events.on('notices-seen', ({ userId }) => realtime.emitNotificationsChanged({ userId }));
    app.events.on('message-sent', ({ conversationId, message, to }) =>
      realtime.emitMessage(conversationId, message, to),
    );

    io.on('connection', (socket) => {
      const { user, expiresAt } = socket.data;
      const rooms = [socketRooms.user(user.id), socketRooms.role(user.role)];
      if (user.sid) rooms.push(socketRooms.session(user.sid));
      void socket.join(rooms);
      // A socket lives as long as its token: at expiry the client is told (it refreshes and reconnects
      // with the new token), then cut off. setTimeout holds at most ~24.8 days: tokens live minutes.
      const expiry = setTimeout(
        () => {
          socket.emit(SOCKET_EVENTS.tokenExpired);
          socket.disconnect(true);
        },
        Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1),
      );
      expiry.unref();
      socket.on('disconnect', () => clearTimeout(expiry));

      socket.on(SOCKET_EVENTS.joinRoom, async (conversationId, ack) => {
        try {
          const id = await conversations.assertMember(user, conversationId);
          await socket.join(socketRooms.conversation(id));
          if (typeof ack === 'function') ack({ ok: true, data: null });
        } catch (error) {
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'join-room failed');
          if (typeof ack === 'function') ack(failure(error));
        }
      });

      // the sender's rate limit and message order are the service's: the same over HTTP
      socket.on(SOCKET_EVENTS.createMessage, async (payload, ack) => {
        try {
          const body = (payload ?? {}) as { conversationId?: unknown; text?: unknown };
          const message: ChatMessage = await conversations.sendMessage(user, body.conversationId, body.text);
          if (typeof ack === 'function') ack({ ok: true, data: message });
        } catch (error) {
          if (!(error instanceof AppError)) app.log.error({ err: error }, 'create-message failed');
          if (typeof ack === 'function') ack(failure(error));
        }
      });
    });

    // An ended session (logout, a revoked login; here or, through the database, on another instance)
    // loses its sockets at once. io.in() also reaches other instances once an adapter joins them.
    const stopListening = app.sessions.onRevoked((sessionId) => {
      io.in(socketRooms.session(sessionId)).disconnectSockets(true);
    });

    app.decorate('realtime', realtime);
    app.addHook('preClose', async () => {
      stopListening();
      // The instance is stopping, the logins are not: each client's connection is closed ('transport
      // close'), which socket.io's client retries by itself, through the load balancer to another
      // instance. Not disconnectSockets(): a server's disconnect is never retried (the portal would take it
      // for an ended session). Not io.close(): it would also close the HTTP server, which Fastify closes.
      io.engine.close();
    });
    if (adapterPool) {
      const pool = adapterPool;
      // After the sockets: the adapter says goodbye to the other instances, stops its timers and lets go of
      // its listening connection; its last queries (the goodbye, a connection still opening) finish before
      // the pool ends: pg's Pool.end() never resolves for a connection that was opening when it was called.
      app.addHook('onClose', async () => {
        await io.of('/').adapter.close();
        const settle = Date.now() + CLOSE_WAIT_MS;
        while ((pool.totalCount > pool.idleCount || pool.waitingCount > 0) && Date.now() < settle) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          pool.end().catch(() => undefined),
          new Promise((resolve) => {
            timer = setTimeout(resolve, CLOSE_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
      });
    }
  },
  { name: 'socket', dependencies: ['auth', 'events', 'services'] },
);
