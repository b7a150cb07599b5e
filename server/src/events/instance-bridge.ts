import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db';
import {
  COARSER_EVENT,
  type DomainEventMap,
  type DomainEventName,
  type DomainEvents,
  type EventBridge,
} from './domain-events';

/** A NOTIFY payload must stay under 8,000 bytes; the envelope leaves room for the rest. */
const MAX_NOTIFY_BYTES = 7_900;

/**
 * The names of one deployment's channels. LISTEN/NOTIFY channels are per database, not per schema: the
 * scope (the schema the app's tables are in, or the database's default) keeps apps on other schemas of
 * the same database (the tests') from hearing each other.
 */
export function clusterChannel(kind: 'events' | 'io', scope: string | null): string {
  const hash = crypto
    .createHash('sha256')
    .update(scope ?? 'public')
    .digest('hex')
    .slice(0, 16);
  return `sp_${kind}_${hash}`;
}

export interface InstanceBridgeOptions {
  /** The PostgreSQL server (DATABASE_URL): the bridge listens on a connection of its own. */
  url: string;
  /** The schema of the app's tables (null: the database's default), see clusterChannel. */
  scope: string | null;
  /** Sends the NOTIFY (the app's own pool). */
  db: Db;
  events: DomainEvents;
  /** This instance's name, in logs. */
  instanceId: string;
  log?: FastifyBaseLogger;
  /** Wait before listening again after the connection broke (ms). */
  reconnectMs?: number;
}

interface Envelope {
  /** The sending process (a random id: two instances given the same INSTANCE_ID still hear each other). */
  from: string;
  name: DomainEventName;
  payload: unknown;
}

/**
 * Domain events between the instances of one database, over PostgreSQL LISTEN/NOTIFY: every event an
 * instance raises is sent once; every other instance runs its 'state' handlers (caches, wake-ups; see
 * DomainEventPhase). NOTIFY is delivered after the sending transaction commits and in commit order; an
 * instance that was not listening (the connection broke) missed some, so after listening again it drops
 * every shared cache (`gap`), as if everything had changed.
 */
export class InstanceBridge implements EventBridge {
  private readonly channel: string;
  private readonly self = crypto.randomUUID();
  private client: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  /** Sends not yet finished (stop waits for them). */
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly options: InstanceBridgeOptions) {
    this.channel = clusterChannel('events', options.scope);
  }

  /** Listens; resolves once listening (throws when the first connection fails). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await Promise.allSettled([...this.sending]);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  publish<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    const sent = this.send(name, payload).finally(() => this.sending.delete(sent));
    this.sending.add(sent);
    return sent;
  }

  private async send<K extends DomainEventName>(name: K, payload: DomainEventMap[K]): Promise<void> {
    let text = JSON.stringify({ from: this.self, name, payload } satisfies Envelope);
    if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
      const coarser = COARSER_EVENT[name] as ((p: DomainEventMap[K]) => DomainEventMap[K]) | undefined;
      if (!coarser) {
        this.options.log?.error({ event: name, bytes: Buffer.byteLength(text) }, 'event too large to cross instances');
        return;
      }
      text = JSON.stringify({ from: this.self, name, payload: coarser(payload) } satisfies Envelope);
    }
    try {
      await this.options.db.query('SELECT pg_notify($1, $2)', [this.channel, text]);
    } catch (error) {
      // the other instances' caches still expire; the socket event below this one is still sent
      this.options.log?.error({ err: error, event: name }, 'sending an event to the other instances failed');
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      this.deliver(message.payload);
    });
    client.on('error', (error) => {
      this.options.log?.warn({ err: error }, 'the instance bridge lost its database connection');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private deliver(text: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      this.options.log?.warn('an unreadable event came from another instance');
      return;
    }
    if (envelope.from === this.self) return;
    this.options.events.receive(envelope.name, envelope.payload as never);
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    if (this.stopped) return;
    const again = (): void => {
      this.retry = null;
      if (this.stopped) return;
      this.listen().then(
        () => this.gap(),
        (error: unknown) => {
          this.options.log?.warn({ err: error }, 'the instance bridge could not listen again: retrying');
          this.retry = setTimeout(again, this.options.reconnectMs ?? 1_000);
          this.retry.unref();
        },
      );
    };
    this.retry = setTimeout(again, this.options.reconnectMs ?? 1_000);
    this.retry.unref();
  }

  /** Events sent while this instance was not listening are lost: every shared cache is dropped. */
  private gap(): void {
    this.options.log?.info({ instance: this.options.instanceId }, 'listening to the other instances again');
    const { events } = this.options;
    events.receive('printer-changed', {});
    events.receive('users-changed', { userIds: null });
    events.receive('config-changed', { actorId: '', fields: [] });
  }
}
