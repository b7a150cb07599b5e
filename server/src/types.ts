import type { Role } from 'shared-api/contracts';
import type { AuthUser } from './lib/auth-user';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { TokenService } from './lib/tokens';
import type { RevokedSessions } from './modules/auth/revoked-sessions';
import type { Realtime } from './realtime/realtime';
import type { DomainEvents } from './events/domain-events';

/**
 * Who may call a route: 'public' (no token), 'all' (any signed-in role) or a list of roles.
 * Every route must declare it in `config.roles`; the app refuses to start otherwise.
 */
export type RouteRoles = 'public' | 'all' | readonly Role[];

export type { AuthUser };

/** What /healthz reports about the print dispatcher (a later issue starts it). */
export interface DispatcherStatus {
  state: 'not started' | 'idle' | 'running' | 'stopping' | 'stopped';
  ok: boolean;
}

/** What /healthz reports about the printer health monitor (updated in place after every round). */
export interface PrinterMonitorStatus {
  ok: boolean;
  /** Devices watched by this instance. */
  printers: number;
  /** Of those, how many did not answer the last round. */
  offline: number;
  lastRoundAt: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
    /**
     * The route checks its query and path texts itself and answers bad ones in its own contract (a
     * gateway callback answers the gateway's error, a browser page redirects): the validation layer's
     * repeated-parameter and control-character rule does not answer 400 for it.
     */
    ownInputRules?: boolean;
    /** The route answers a caller still on a temporary password (others answer 403 PASSWORD_CHANGE_REQUIRED). */
    allowTemporaryPassword?: boolean;
  }
  interface FastifyInstance {
    appConfig: AppConfig;
    db: Db;
    tokens: TokenService;
    /** Sessions ended by logout or revocation (checked on every request, no database query). */
    sessions: RevokedSessions;
    /** Socket emission; modules raise domain events instead (`events`), the socket layer follows them. */
    realtime: Realtime;
    /** The domain event bus: printer, job, ledger, notice and message events, raised in one place. */
    events: DomainEvents;
    dispatcher: DispatcherStatus;
    printerMonitor: PrinterMonitorStatus;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every non-public route; null on public ones. */
    user: AuthUser | null;
  }
}
