import fs from 'node:fs';
import { PGlite, types } from '@electric-sql/pglite';
import type { Connection, DriverImpl, Row } from './db';

/** Same value shapes as the node-postgres driver (see postgres.ts). */
const parsers = {
  [types.INT8]: (value: string) => Number(value),
  [types.NUMERIC]: (value: string) => Number(value),
  [types.DATE]: (value: string) => value,
};

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

function connection(target: Queryable): Connection {
  return {
    async query(sql, params = []) {
      const result = await target.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql) {
      await target.exec(sql);
    },
  };
}

/**
 * Embedded PostgreSQL (PGlite). One query at a time: PGlite serialises them itself, and a running
 * transaction holds its lock, so other requests wait rather than interleave.
 */
export async function openPglite(dataDir: string): Promise<DriverImpl> {
  if (dataDir !== 'memory') fs.mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, { parsers });
  return {
    driver: 'pglite',
    root: connection(pg),
    transaction: (fn) => pg.transaction((tx) => fn(connection(tx))),
    close: () => pg.close(),
  };
}
