import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, JobRefundedEvent, PrinterChangeAction, Role } from 'shared-api/contracts';

/**
 * What happened in the domain, raised in one place by the module that did it, after its transaction
 * committed. Payloads are plain JSON: the instance bridge (instance-bridge.ts) carries them between
 * instances unchanged (see DomainEventPhase for what runs where).
 */
export interface DomainEventMap {
  /**
   * A printer was added, edited, paused or retired (`change`: the printer_changes row recorded by the
   * printer service, for the notices) or its queue changed (no `change`).
   */
  'printer-changed': {
    printerId?: string;
    change?: { id: number; action: PrinterChangeAction; actorId: string | null; jobsFailed: number };
  };
  /** A student's print job changed state (submitted, cancelled, printing, done, failed, requeued). */
  'job-changed': { userId: string; printerId?: string };
  /**
   * A student's job was ended by someone else (a printer disabled, a printer failure) and refunded in
   * that transaction: the student is told which file, where, how many pages came back and why.
   */
  'job-refunded': JobRefundedEvent & { userId: string };
  /** A student's job was printed (Completed): the owner may be told on their phone (Web Push). */
  'job-completed': { userId: string; printingLogId: string; printerId: string; title: string };
  /**
   * A held job expires in `minutes`: its owner was given the notice (once per job, whatever the
   * instances) and may be told on their phone too.
   */
  'job-expiring': { userId: string; printingLogId: string; printerId: string; title: string; minutes: number };
  /** A ledger row was written for a user: their balance moved. */
  'ledger-written': { userId: string };
  /** An officer adjusted a student's pages (the student's history and balance reload). */
  'pages-adjusted': { userId: string };
  /**
   * Users' own information changed outside the ledger events: a password changed or reset, an account
   * disabled or enabled, the registrar's list updated names and codes (`userIds`), or a semester grant
   * gave pages to many students at once (`userIds: null`: every user).
   */
  'users-changed': { userIds: readonly string[] | null };
  /** Notices were written for these roles (their members reload their notices and badge). */
  'notices-changed': { roles: Role[] };
  /** A reader marked their notices seen (their other tabs reload). */
  'notices-seen': { userId: string };
  /** An officer changed the system configuration (price, file types, grant dates, pages per semester). */
  'config-changed': { actorId: string; fields: string[] };
  /**
   * New student accounts: an officer's import of the registrar's list, or a first school sign-in (the
   * semester grant runs for them at once).
   */
  'students-added': { via: 'import' | 'school-sign-in'; created: number };
  /**
   * A login ended (logout, a revoked refresh-token family, an account disabled): every instance refuses
   * its access tokens at once and its sockets are closed (raised by plugins/events.ts from RevokedSessions).
   */
  'session-ended': { sessionId: string };
  /** A chat message was stored (`to`: the other members, whose unread counts move). */
  'message-sent': { conversationId: string; message: ChatMessage; to: string[] };
}

export type DomainEventName = keyof DomainEventMap;
type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => void;

/**
 * Where a handler runs when several instances share one database (issue 23):
 * - 'state': on EVERY instance, before 'notify'. Caches dropping what the event made stale, and wake-ups
 *   of work that may be running on any instance (the dispatcher, the schedulers). The event crosses to
 *   the other instances (instance-bridge.ts) and runs only these handlers there.
 * - 'notify': ONCE, on the instance that raised the event. Socket events (socket.io's adapter carries them
 *   to the sockets of every instance) and Web Push: sent exactly once whatever the number of instances.
 * A client that reloads at once never reads a stale cache: here the 'state' handlers ran first; with a
 * bridge, 'notify' waits until the event has been handed to the other instances (sent before the socket
 * event that makes their clients reload).
 */
export type DomainEventPhase = 'state' | 'notify';

/** Carries events to the other instances (instance-bridge.ts); absent with one instance (PGlite). */
export interface EventBridge {
  /** Resolves once the event is on its way to every other instance (or failed: logged by the bridge). */
  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void>;
}

/**
 * A coarser form of an event whose payload is too large to cross (a NOTIFY carries < 8,000 bytes): every
 * instance then drops more, never less. Events without one are sent whole (their payloads are small).
 */
export const COARSER_EVENT: { [K in DomainEventName]?: (payload: DomainEventMap[K]) => DomainEventMap[K] } = {
  'users-changed': () => ({ userIds: null }),
  'printer-changed': () => ({}),
};

/** The bus every module raises its events on and every cache and notifier listens to. */
export class DomainEvents {
  private readonly handlers: Record<DomainEventPhase, Map<DomainEventName, Set<Handler<never>>>> = {
    state: new Map(),
    notify: new Map(),
  };
  private bridge: EventBridge | null = null;

  constructor(private readonly log?: FastifyBaseLogger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>, phase: DomainEventPhase = 'notify'): () => void {
    const byName = this.handlers[phase];
    const set = byName.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    byName.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  /** Other instances get this instance's events through the bridge (null: this instance alone). */
  connect(bridge: EventBridge | null): void {
    this.bridge = bridge;
  }

  /**
   * Runs every handler (state first); a failing handler is logged and the others still run. Alone, all
   * of them now; with a bridge, 'notify' once the event is on its way to the other instances.
   */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.run('state', name, payload);
    // every event crosses, not only those with 'state' handlers here: another instance may run work
    // this one does not (a dispatcher, a scheduler) and listen where this one does not
    if (!this.bridge) {
      this.run('notify', name, payload);
      return;
    }
    void this.bridge.publish(name, payload).finally(() => this.run('notify', name, payload));
  }

  /** An event another instance raised: its 'state' handlers only (the 'notify' ones ran there). */
  receive<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    this.run('state', name, payload);
  }

  private run<K extends DomainEventName>(phase: DomainEventPhase, name: K, payload: DomainEventMap[K]): void {
    for (const handler of this.handlers[phase].get(name) ?? []) {
      try {
        (handler as Handler<K>)(payload);
      } catch (error) {
        this.log?.error({ err: error, event: name }, 'domain event handler failed');
      }
    }
  }
}
