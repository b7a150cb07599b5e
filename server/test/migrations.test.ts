import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, newSchemaName, PG_URL } from './helpers';

describe('migrations and restarts', () => {
  it('a second start on the same data keeps it, applies nothing and does not reseed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-data-'));
    const schema = PG_URL ? newSchemaName() : null;
    // no JWT_SECRET: the first start generates one in app_secrets, the second must reuse it
    const config = { dataDir, jwtSecret: null, ...(schema ? { databaseSchema: schema } : {}) };
    try {
      const first = await createTestApp({ config, keepSchema: true, seed: { generatedStudents: 45, jobs: 300 } });
      const before = await first.app.db.one<{ users: number; logs: number; applied: string }>(
        `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM printing_logs) AS logs,
                (SELECT applied_at::text FROM schema_migrations WHERE version = 1) AS applied`,
      );
      await first.app.db.query("UPDATE printers SET description = 'kept across restarts' WHERE printer_id = 'H6-109'");
      const secret = await first.app.db.one("SELECT value FROM app_secrets WHERE name = 'jwt'");
      expect(secret).toEqual({ value: expect.stringMatching(/^[\w-]{40,}$/) });
      await first.close();

      const second = await createTestApp({ config });
      try {
        const after = await second.app.db.one(
          `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM printing_logs) AS logs,
                  (SELECT applied_at::text FROM schema_migrations WHERE version = 1) AS applied`,
        );
        expect(after).toEqual(before);
        const printer = await second.app.db.one("SELECT description FROM printers WHERE printer_id = 'H6-109'");
        expect(printer).toEqual({ description: 'kept across restarts' });
        // the generated JWT secret is stored once and shared by every start
        const secretAfter = await second.app.db.one("SELECT value FROM app_secrets WHERE name = 'jwt'");
        expect(secretAfter).toEqual(secret);
      } finally {
        await second.close();
      }
      if (!PG_URL) expect(fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
