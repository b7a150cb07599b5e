import fp from 'fastify-plugin';
import { openDatabase, type Db } from '../db';
import { migrate } from '../db/migrate';
import { ConfigError } from '../config';
import { ensureBootstrapSpso, hasActiveOfficer, seedDemoData, type SeedOptions } from '../db/seed';

export interface DbPluginOptions {
  /** Use this handle instead of opening one (the caller closes it). */
  db?: Db;
  /** Demo seed size and clock; false skips the seed whatever SEED_DEMO says. */
  seed?: SeedOptions | false;
}

/** Opens the database, applies the migrations, seeds demo data when asked, and closes it with the app. */
export default fp<DbPluginOptions>(
  async (app, options) => {
    const { appConfig: config } = app;
    const db = options.db ?? (await openDatabase(config));
    if (!options.db) app.addHook('onClose', async () => db.close());
    app.decorate('db', db);

    const started = Date.now();
    const applied = await migrate(db);
    app.log.info({ applied, ms: Date.now() - started, driver: db.driver }, 'database ready');

    if (config.seedDemo && options.seed !== false) {
      const summary = await seedDemoData(db, options.seed || {});
      if (summary) app.log.info(summary, 'demo data seeded');
    }
    if (config.bootstrapSpso && (await ensureBootstrapSpso(db, config.bootstrapSpso))) {
      app.log.info({ email: config.bootstrapSpso.email }, 'bootstrap print-service officer created');
    }
    // nobody could configure printers, prices or file types: production does not start like that
    if (config.env === 'production' && !(await hasActiveOfficer(db))) {
      throw new ConfigError(
        'NODE_ENV=production found no print-service officer account: set BOOTSTRAP_SPSO_EMAIL and ' +
          'BOOTSTRAP_SPSO_PASSWORD to create the first one at start',
      );
    }
  },
  { name: 'db' },
);
