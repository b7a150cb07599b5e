import pg from 'pg';
import type { Connection, DriverImpl, Row } from './db';

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
        client.release(broken);
      }
    },
    async close() {
      if (schema && options.dropSchemaOnClose) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await pool.end();
    },
  };
}
