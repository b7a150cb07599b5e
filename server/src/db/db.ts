import { AsyncLocalStorage } from 'node:async_hooks';

export type DbDriver = 'pglite' | 'postgres';

/** A row as the drivers return it (column name → parsed value). */
export type Row = Record<string, unknown>;

/**
 * The one database handle of the server. Same SQL on both drivers (PostgreSQL 15 features only).
 *
 * Transactions are ambient: inside `tx(fn)` every `query` on this handle (or the one passed to fn)
 * runs in that transaction, so repositories never need a separate transaction parameter. A nested
 * `tx` becomes a SAVEPOINT, so an inner failure rolls back only the inner work.
 * Do not run two nested `tx` calls concurrently inside one transaction.
 */
export interface Db {
  readonly driver: DbDriver;
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** First row or undefined. */
  one<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** True when called inside tx(). */
  inTransaction(): boolean;
  /**
   * One connection kept apart for as long as the caller needs it (session-level advisory locks live and
   * die with it: lib/ownership.ts). null on PGlite: one process, nobody to share the database with.
   */
  hold(): Promise<HeldConnection | null>;
  close(): Promise<void>;
}

/** A connection taken out of the pool for a session's life (see Db.hold). */
export interface HeldConnection {
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Called once if the connection breaks (the server ended it, the network failed). */
  onLost(handler: (error: Error) => void): void;
  /** Closes it (never back to the pool, so nothing the session held outlives it). */
  release(): void;
}

/** What a driver must provide: one connection-like thing for plain queries and for transactions. */
export interface Connection {
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

export interface DriverImpl {
  readonly driver: DbDriver;
  /** A query outside any transaction. */
  root: Connection;
  /** Runs fn on one connection between BEGIN and COMMIT (ROLLBACK when fn throws). */
  transaction<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /** A connection of its own (PostgreSQL only; PGlite has one connection). */
  hold?(): Promise<HeldConnection>;
  close(): Promise<void>;
}

interface TxState {
  conn: Connection;
  savepoints: number;
  done: boolean;
}

/** Wraps a driver into the Db interface (ambient transactions, savepoints). */
export function createDb(impl: DriverImpl): Db {
  const als = new AsyncLocalStorage<TxState>();
  // Transactions running now. Once none runs, the storage is switched off: on Node 20 an enabled
  // AsyncLocalStorage keeps async hooks on every promise of the process (a cost on every request,
  // issue 22); run() switches it on again. With none running, every state a context still holds is done.
  let running = 0;

  const current = (): TxState | undefined => {
    const state = als.getStore();
    // A promise started inside a transaction may outlive it: it must not use the closed connection.
    return state && !state.done ? state : undefined;
  };

  const db: Db = {
    driver: impl.driver,
    async query<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const conn = current()?.conn ?? impl.root;
      return (await conn.query(sql, params)) as T[];
    },
    async one<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
      const rows = await db.query<T>(sql, params);
      return rows[0];
    },
    async exec(sql: string): Promise<void> {
      const conn = current()?.conn ?? impl.root;
      await conn.exec(sql);
    },
    inTransaction(): boolean {
      return current() !== undefined;
    },
    async tx<T>(fn: (db: Db) => Promise<T>): Promise<T> {
      const state = current();
      if (state) {
        const name = `sp_${++state.savepoints}`;
        await state.conn.query(`SAVEPOINT ${name}`);
        try {
          const result = await fn(db);
          await state.conn.query(`RELEASE SAVEPOINT ${name}`);
          return result;
        } catch (error) {
          await state.conn.query(`ROLLBACK TO SAVEPOINT ${name}`);
          throw error;
        }
      }
      return impl.transaction(async (conn) => {
        const next: TxState = { conn, savepoints: 0, done: false };
        running += 1;
        try {
          return await als.run(next, () => fn(db));
        } finally {
          next.done = true;
          running -= 1;
          if (running === 0) als.disable();
        }
      });
    },
    hold: async () => (impl.hold ? impl.hold() : null),
    close: () => impl.close(),
  };
  return db;
}

/** PostgreSQL error code of a driver error (both drivers expose `code`). */
export function pgErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
