import pg from 'pg';
import type { Connection, DriverImpl, HeldConnection, Row } from './db';

/** int8 and numeric as numbers (our values stay far below 2^53), dates as 'YYYY-MM-DD' text. */
const typeParsers: Record<number, (value: string) => unknown> = {
  20: (value) => Number(value),
  1700: (value) => Number(value),
  1082: (value) => value,
};

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

function connection(client: pg.Pool | pg.PoolClient): Connection {
  return {
    async query(sql, params = []) {
      const result = await client.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql) {
      await client.query(sql);
    },
  };
}

export interface PostgresOptions {
  url: string;
  schema: string | null;
  poolMax: number;
  dropSchemaOnClose: boolean;
}

/** A node-postgres pool; with a schema, every connection uses it first in its search_path. */
export async function openPostgres(options: PostgresOptions): Promise<DriverImpl> {
  const { schema } = options;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax,
    types,
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client that errors (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);

  return {
    driver: 'postgres',
    root: connection(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      // a checked-out client has no error listener of the pool's: the connection ended between two
      // statements (a server restart) would otherwise be an unhandled 'error' that ends the process
      const onError = () => {
        broken = true;
      };
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn(connection(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.removeListener('error', onError);
        client.release(broken);
      }
    },
    async hold() {
      return holdClient(await pool.connect());
    },
    async close() {
      if (schema && options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}

/** A pool client kept apart: its loss is told once; released, it is closed rather than pooled. */
function holdClient(client: pg.PoolClient): HeldConnection {
  let done = false;
  let lost: ((error: Error) => void) | null = null;
  const end = (error: Error) => {
    if (done) return;
    done = true;
    client.release(error);
    lost?.(error);
  };
  const onError = (error: Error) => end(error);
  const onEnd = () => end(new Error('the held connection ended'));
  client.on('error', onError);
  client.on('end', onEnd);
  return {
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query<Row>(sql, [...params]);
      return result.rows as T[];
    },
    onLost(handler) {
      lost = handler;
    },
    release() {
      if (done) return;
      done = true;
      client.removeListener('end', onEnd);
      // ended, not pooled: session locks and settings go with it
      client.release(true);
    },
  };
}
