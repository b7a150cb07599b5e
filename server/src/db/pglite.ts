import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { ConfigError } from '../config';
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

/** The file naming the process that has a PGlite data folder open. */
export const PGLITE_LOCK_FILE = 'smart-printing.pid';

/** Whether a process of this machine is alive (signal 0 checks without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, owned by another user
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the data folder for this process, or refuses: PGlite is a database inside one process, and a
 * second process writing the same files would corrupt them. A lock left by a process that died is taken
 * over. Answers the release.
 */
export function lockPgliteFolder(dataDir: string, isAlive: (pid: number) => boolean = alive): () => void {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new ConfigError(
        `the embedded database in ${dataDir} is already open in process ${owner}: PGlite serves one ` +
          'instance. For several instances, set DATABASE_URL to a PostgreSQL server (npm run start:cluster).',
      );
    }
    // left by a process that ended without closing (or by this one): taken over
    fs.rmSync(file, { force: true });
  }
  throw new ConfigError(`could not take the embedded database in ${dataDir}`);
}

/**
 * Embedded PostgreSQL (PGlite). One query at a time: PGlite serialises them itself, and a running
 * transaction holds its lock, so other requests wait rather than interleave. One process only: a second
 * process on the same folder is refused at start (lockPgliteFolder).
 */
export async function openPglite(dataDir: string): Promise<DriverImpl> {
  let release = (): void => undefined;
  if (dataDir !== 'memory') {
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockPgliteFolder(dataDir);
  }
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, { parsers });
  } catch (error) {
    release();
    throw error;
  }
  return {
    driver: 'pglite',
    root: connection(pg),
    transaction: (fn) => pg.transaction((tx) => fn(connection(tx))),
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
