import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiEnvelope, Role, SystemConfigView } from 'shared-api/contracts';
import { buildApp, type BuildAppOptions } from '../src/app';
import type { AppConfig } from '../src/config';
import { NO_DOCUMENT_TOOLS } from '../src/documents/file-types';
import { openDatabase } from '../src/db';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed';

// PGlite starts in ~3 s and the seed adds ~0.5 s: more than jest's default 5 s per hook.
jest.setTimeout(60_000);

export const TEST_JWT_SECRET = 'test-secret-for-jest-only-0123456789abcdef';
export const PG_URL = process.env.DATABASE_URL || null;
export const DRIVER = PG_URL ? 'postgres' : 'pglite';

export interface TestAppOptions extends Omit<BuildAppOptions, 'config' | 'env'> {
  config?: Partial<AppConfig>;
  /** Keep the PostgreSQL schema after close (to start a second app on it). */
  keepSchema?: boolean;
}

export interface TestApp {
  app: FastifyInstance;
  /** The PostgreSQL schema of this app (null on PGlite). */
  schema: string | null;
  close(): Promise<void>;
}

/** A fresh schema name per app so parallel jest workers never share tables. */
export function newSchemaName(): string {
  return `t_${crypto.randomBytes(6).toString('hex')}`;
}

/**
 * The whole app on a throw-away database with the demo seed: PGlite in memory, or, when DATABASE_URL
 * is set, its own schema on that PostgreSQL server (dropped on close).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config, keepSchema, ...rest } = options;
  const schema = PG_URL ? (config?.databaseSchema ?? newSchemaName()) : null;
  const app = await buildApp({
    env: {},
    // a fresh machine has no LibreOffice: a test that needs it says so (documents: …), never the machine
    documents: NO_DOCUMENT_TOOLS,
    ...rest,
    config: {
      env: 'test',
      logLevel: 'silent',
      dataDir: 'memory',
      databaseUrl: PG_URL,
      databaseSchema: schema,
      dropSchemaOnClose: Boolean(PG_URL) && !keepSchema,
      databasePoolMax: 4,
      jwtSecret: TEST_JWT_SECRET,
      seedDemo: true,
      portalDir: '/nonexistent-portal',
      ...config,
    },
  });
  await app.ready();
  return { app, schema, close: () => app.close() };
}

/**
 * Another instance of the server on the first one's database (its own connection on PostgreSQL, the same
 * PGlite otherwise), with no seed, no dispatcher and no release scheduler of its own: what two instances
 * racing look like. `close` ends the instance and its connection.
 */
export async function secondInstance(
  first: TestApp,
  config: Partial<AppConfig> = {},
  options: Omit<BuildAppOptions, 'config' | 'env' | 'db'> = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const db = PG_URL ? await openTestDb(first.schema, false) : first.app.db;
  const app = await buildApp({
    env: {},
    db,
    seed: false,
    documents: NO_DOCUMENT_TOOLS,
    release: { enabled: false },
    ...options,
    config: {
      env: 'test',
      logLevel: 'silent',
      jwtSecret: TEST_JWT_SECRET,
      portalDir: '/nonexistent-portal',
      printDispatcher: false,
      dataDir: 'memory',
      // on PostgreSQL a real second instance: it listens to the first one's events and shares its sockets
      databaseUrl: PG_URL,
      databaseSchema: first.schema,
      ...config,
    },
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (db !== first.app.db) await db.close();
    },
  };
}

export function body<T = unknown>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json<ApiEnvelope<T>>();
}

export interface LoginData {
  accessToken: string;
  refreshToken: string;
  role: Role;
}

export async function login(app: FastifyInstance, email: string, password = DEMO_PASSWORD, ip = '127.0.0.1') {
  return app.inject({ method: 'POST', url: '/v1/user/login', payload: { email, password }, remoteAddress: ip });
}

/** Signs in the demo account of a role and returns its tokens. */
export async function loginAs(app: FastifyInstance, role: Role): Promise<LoginData> {
  const response = await login(app, DEMO_ACCOUNTS[role]);
  if (response.statusCode !== 200) throw new Error(`login as ${role} failed: ${response.body}`);
  return body<LoginData>(response).data;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Vietnamese text: at least one letter with a Vietnamese diacritic. */
export const VIETNAMESE = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bare database for repository tests: PGlite in memory or a fresh schema on DATABASE_URL. */
export async function openTestDb(schema: string | null = PG_URL ? newSchemaName() : null, drop = true) {
  return openDatabase({
    databaseUrl: PG_URL,
    databaseSchema: schema,
    dropSchemaOnClose: Boolean(PG_URL) && drop,
    databasePoolMax: 4,
    dataDir: 'memory',
  });
}

/**
 * The ledger invariant, for every user: the balance is the sum of the ledger, and no job was refunded
 * twice. Suites that print, fail, cancel and refund check it after every test.
 */
export async function expectLedgerInvariant(db: FastifyInstance['db']): Promise<void> {
  const unbalanced = await db.query(
    `SELECT u.id FROM users u
     WHERE u.balance <> (SELECT coalesce(sum(l.delta), 0) FROM page_ledger l WHERE l.user_id = u.id)`,
  );
  expect(unbalanced).toEqual([]);
  const doubleRefunds = await db.query(
    `SELECT ref_id FROM page_ledger WHERE kind = 'refund' AND ref_type = 'printing_log'
     GROUP BY ref_id HAVING count(*) > 1`,
  );
  expect(doubleRefunds).toEqual([]);
}

/**
 * PUT /v1/spso/systemConfig as the officer's form sends it: the configuration in force, with `change` over
 * it and the officer's own password.
 */
export async function putSystemConfig(app: FastifyInstance, token: string, change: Record<string, unknown>) {
  const current = body<SystemConfigView>(
    await app.inject({ url: '/v1/spso/systemConfig', headers: bearer(token) }),
  ).data;
  return app.inject({
    method: 'PUT',
    url: '/v1/spso/systemConfig',
    headers: bearer(token),
    payload: {
      currentBalance: current.currentBalance,
      startDate1: current.startDate1,
      startDate2: current.startDate2,
      currentA4Price: current.currentA4Price,
      currentFileType: current.currentFileType,
      isDefault: false,
      password: DEMO_PASSWORD,
      ...change,
    },
  });
}
