import type { Db } from './db';
import { migrations as defaultMigrations, type Migration } from './migrations';

/** Advisory lock key namespace; the schema name keeps parallel test schemas from waiting on each other. */
export const lockKeySql = (purpose: string): string =>
  `hashtext('smart-printing:${purpose}:' || coalesce(current_schema(), ''))`;

/**
 * Applies the pending migrations in one transaction under an advisory lock, so two instances
 * starting at once apply each migration exactly once (the second waits, then finds nothing to do).
 * Returns the versions applied now.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = defaultMigrations): Promise<number[]> {
  return db.tx(async (t) => {
    await t.query(`SELECT pg_advisory_xact_lock(${lockKeySql('migrate')})`);
    await t.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version     integer PRIMARY KEY,
      name        text NOT NULL,
      applied_at  timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await t.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      await t.exec(migration.sql);
      await t.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      done.push(migration.version);
    }
    return done;
  });
}
