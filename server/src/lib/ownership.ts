import type { FastifyBaseLogger } from 'fastify';
import type { Db, HeldConnection } from '../db';

/**
 * One owner across instances for work that must run in one place at a time (the printer health monitor):
 * a session-level advisory lock held on a connection of its own for as long as this instance owns the
 * concern. The instance that does not get it tries again every `retryMs`; when the owner dies its
 * connection closes, PostgreSQL frees the lock and another instance takes over at its next try; an owner
 * that stops lets go at once (release). The key carries the schema, so test schemas on one server never
 * wait on each other. On PGlite (one process) the instance is always the owner.
 */
export interface OwnConcernOptions {
  /** This instance became the owner: start the work. */
  onGain(): void | Promise<void>;
  /** This instance is no longer the owner (its connection broke, or it lets go): stop the work. */
  onLose(): void | Promise<void>;
  /** Time between two tries while another instance owns it (5 s by default). */
  retryMs?: number;
  log?: FastifyBaseLogger;
}

export interface Ownership {
  readonly name: string;
  /** True while this instance holds the lease (its work runs here). */
  readonly owned: boolean;
  /** Resolves when the first try ended (owned or not). */
  readonly firstTry: Promise<void>;
  /** Stops trying; when owned, stops the work (onLose) and then lets go, so another takes over at once. */
  release(): Promise<void>;
}

/** The advisory lock key of a concern: its name and the schema in use. */
const KEY_SQL = `hashtext('smart-printing:owner:' || $1::text || ':' || coalesce(current_schema(), ''))`;

class ConcernLease implements Ownership {
  owned = false;
  readonly firstTry: Promise<void>;
  private conn: HeldConnection | null = null;
  private timer: NodeJS.Timeout | null = null;
  private trying: Promise<void> | null = null;
  /** A gain or loss being handled: the next one waits for it (never two onGain at once). */
  private turn: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly retryMs: number;

  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly options: OwnConcernOptions,
  ) {
    this.retryMs = options.retryMs ?? 5_000;
    this.firstTry = this.attempt();
  }

  private attempt(): Promise<void> {
    this.timer = null;
    this.trying = this.tryOnce()
      .catch((error: unknown) => this.options.log?.warn({ err: error, concern: this.name }, 'ownership try failed'))
      .finally(() => {
        this.trying = null;
        this.scheduleRetry();
      });
    return this.trying;
  }

  private scheduleRetry(): void {
    if (this.closed || this.owned || this.timer) return;
    this.timer = setTimeout(() => void this.attempt(), this.retryMs);
    this.timer.unref();
  }

  private async tryOnce(): Promise<void> {
    if (this.closed || this.owned) return;
    const conn = await this.db.hold();
    if (!conn) {
      // PGlite: this process is the only one
      await this.gain();
      return;
    }
    let got = false;
    try {
      const rows = await conn.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS got`, [this.name]);
      got = rows[0]?.got === true;
    } finally {
      // not ours (or we are closing): the connection goes, and the lock with it if it was taken
      if (!got || this.closed) conn.release();
    }
    if (!got || this.closed) return;
    this.conn = conn;
    conn.onLost((error) => {
      if (this.conn !== conn) return;
      this.options.log?.warn({ err: error, concern: this.name }, 'ownership lost: its connection ended');
      this.conn = null;
      void this.lose().finally(() => this.scheduleRetry());
    });
    await this.gain();
  }

  private gain(): Promise<void> {
    this.owned = true;
    this.options.log?.info({ concern: this.name }, 'this instance owns the concern');
    return this.handle(this.options.onGain, 'onGain');
  }

  private lose(): Promise<void> {
    if (!this.owned) return Promise.resolve();
    this.owned = false;
    return this.handle(this.options.onLose, 'onLose');
  }

  private handle(fn: () => void | Promise<void>, what: string): Promise<void> {
    this.turn = this.turn
      .then(fn)
      .catch((error: unknown) =>
        this.options.log?.error({ err: error, concern: this.name }, `ownership ${what} failed`),
      );
    return this.turn;
  }

  async release(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.trying;
    // the work stops before the lock goes: the next owner never overlaps with this one
    await this.lose();
    const conn = this.conn;
    this.conn = null;
    if (!conn) return;
    await conn.query(`SELECT pg_advisory_unlock(${KEY_SQL})`, [this.name]).catch(() => undefined);
    conn.release();
  }
}

/**
 * Owns `name` across the instances on this database: `onGain` when this instance becomes the owner,
 * `onLose` when it stops being one. See ConcernLease for how.
 */
export function ownConcern(db: Db, name: string, options: OwnConcernOptions): Ownership {
  return new ConcernLease(db, name, options);
}
