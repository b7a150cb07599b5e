import type { AppConfig } from '../config';
import { createDb, type Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

export type { Db, HeldConnection } from './db';

/** Opens the database the config names: a PostgreSQL server when databaseUrl is set, else PGlite. */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseSchema' | 'databasePoolMax' | 'dropSchemaOnClose' | 'dataDir'>,
): Promise<Db> {
  if (config.databaseUrl) {
    return createDb(
      await openPostgres({
        url: config.databaseUrl,
        schema: config.databaseSchema,
        poolMax: config.databasePoolMax,
        dropSchemaOnClose: config.dropSchemaOnClose,
      }),
    );
  }
  return createDb(await openPglite(config.dataDir));
}
