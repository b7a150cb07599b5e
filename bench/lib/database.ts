// The database a benchmark's portal runs on: PGlite in a data folder (always), or a PostgreSQL server
// when DATABASE_URL is set (issue 22, point 4). Every PostgreSQL run gets a database of its own, made
// here on that server and dropped afterwards, so no run sees another's rows.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { openServerDb } from './portal';

export type DbDriver = 'pglite' | 'postgres';

export const DRIVER_LABEL: Record<DbDriver, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** Where a portal (and the benchmark's own SQL, through the server's driver) finds its data. */
export interface BenchDatabase {
  driver: DbDriver;
  label: string;
  /** The portal's DATA_DIR: PGlite's files, and the uploaded documents on either driver. */
  dataDir: string;
  /** The PostgreSQL database of this run; null on PGlite. */
  databaseUrl: string | null;
  /** Drops the PostgreSQL database (the caller removes its folder). */
  drop(): Promise<void>;
}

/** The drivers of this run: PGlite, and PostgreSQL when DATABASE_URL names a server. */
export function benchDrivers(): DbDriver[] {
  return process.env.DATABASE_URL?.trim() ? ['pglite', 'postgres'] : ['pglite'];
}

/** The server named by DATABASE_URL, for a database of this run's own (the URL's path replaced). */
function serverUrl(): string {
  const url = process.env.DATABASE_URL?.trim();
  if (!url) throw new Error('DATABASE_URL is not set: no PostgreSQL server to run on');
  return url;
}

/**
 * A fresh database for one benchmark: PGlite in `<dir>/pglite`, or `CREATE DATABASE bench_<random>` on
 * the DATABASE_URL server (its data folder `<dir>/data` holds the uploads). Call drop() when done.
 */
export async function createBenchDatabase(driver: DbDriver, dir: string): Promise<BenchDatabase> {
  if (driver === 'pglite') {
    return {
      driver,
      label: DRIVER_LABEL.pglite,
      dataDir: path.join(dir, 'pglite'),
      databaseUrl: null,
      async drop() {
        /* the folder goes with the caller's */
      },
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = await openServerDb({ dataDir: dir, databaseUrl: serverUrl() });
  try {
    await admin.exec(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    driver,
    label: DRIVER_LABEL.postgres,
    dataDir: path.join(dir, 'data'),
    databaseUrl: url.toString(),
    async drop() {
      const db = await openServerDb({ dataDir: dir, databaseUrl: serverUrl() });
      try {
        // FORCE: a portal's pool that has not closed yet must not keep the database alive
        await db.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await db.close();
      }
    },
  };
}
