import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, JobRefundedEvent, PrinterChangeAction, Role } from 'shared-api/contracts';

/**
 * What happened in the domain, raised in one place by the module that did it, after its transaction
 * committed. Payloads are plain JSON so that a later transport (the several-instances issue) can carry
 * the same events between instances unchanged.
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
  /** A chat message was stored (`to`: the other members, whose unread counts move). */
  'message-sent': { conversationId: string; message: ChatMessage; to: string[] };
}

export type DomainEventName = keyof DomainEventMap;
type Handler<K extends DomainEventName> = (payload: DomainEventMap[K]) => void;

/**
 * 'state' handlers (caches dropping what the event made stale) run before 'notify' handlers (socket
 * events telling clients to reload), so a client that reloads at once never reads a stale cache.
 */
export type DomainEventPhase = 'state' | 'notify';

/** The bus every module raises its events on and every cache and notifier listens to. */
export class DomainEvents {
  private readonly handlers: Record<DomainEventPhase, Map<DomainEventName, Set<Handler<never>>>> = {
    state: new Map(),
    notify: new Map(),
  };

  constructor(private readonly log?: FastifyBaseLogger) {}

  on<K extends DomainEventName>(name: K, handler: Handler<K>, phase: DomainEventPhase = 'notify'): () => void {
    const byName = this.handlers[phase];
    const set = byName.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    byName.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  /** Runs every handler now (state first); a failing handler is logged and the others still run. */
  emit<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): void {
    for (const phase of ['state', 'notify'] as const) {
      for (const handler of this.handlers[phase].get(name) ?? []) {
        try {
          (handler as Handler<K>)(payload);
        } catch (error) {
          this.log?.error({ err: error, event: name }, 'domain event handler failed');
        }
      }
    }
  }
}
