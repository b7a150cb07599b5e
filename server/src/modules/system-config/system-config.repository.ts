import type { Db } from '../../db';

/**
 * The system configuration (one row): the only module that reads or writes `system_config`. Every other
 * module asks it; the officer's configuration page writes through it.
 */
export interface SystemConfig {
  /** Pages every student gets at each semester grant. */
  current_balance: number;
  default_balance: number;
  /** Grant dates as YYYY-MM-DD (the semester starts). */
  start_date1: string;
  start_date2: string;
  /** VND per A4 page. */
  current_a4_price: number;
  default_a4_price: number;
  /** Extensions students may upload, lower case without the dot. */
  current_file_type: string[];
  default_file_type: string[];
  is_default: boolean;
  max_file_bytes: number;
  max_request_bytes: number;
  /** 'add' adds the grant to what is left, 'topup' raises the balance to it. */
  grant_policy: 'add' | 'topup';
  payment_ttl_minutes: number;
  /** Hours a document's file is kept after all its jobs ended (1..720). */
  retention_hours: number;
  /** Minutes a job at a held printer waits for its owner's release (1..1440). */
  held_job_minutes: number;
}

const COLUMNS = `current_balance, default_balance,
  to_char(start_date1, 'YYYY-MM-DD') AS start_date1, to_char(start_date2, 'YYYY-MM-DD') AS start_date2,
  current_a4_price, default_a4_price, current_file_type, default_file_type, is_default,
  max_file_bytes, max_request_bytes, grant_policy, payment_ttl_minutes, retention_hours, held_job_minutes`;

/** The configuration in force, read per call: an officer may change it at any time, on any instance. */
export async function readSystemConfig(db: Db): Promise<SystemConfig> {
  const row = await db.one<SystemConfig>(`SELECT ${COLUMNS} FROM system_config`);
  if (!row) throw new Error('system_config has no row: run the migrations first');
  return row;
}

/** The form's values an officer writes (the rest of the row stays). */
export interface SystemConfigWrite {
  current_balance: number;
  start_date1: string;
  start_date2: string;
  current_a4_price: number;
  current_file_type: string[];
  is_default: boolean;
  retention_hours: number;
  held_job_minutes: number;
}

/** The row locked for a change (FOR UPDATE: two officers saving at once apply one after the other). */
export async function lockSystemConfig(db: Db): Promise<SystemConfig> {
  const row = await db.one<SystemConfig>(`SELECT ${COLUMNS} FROM system_config FOR UPDATE`);
  if (!row) throw new Error('system_config has no row: run the migrations first');
  return row;
}

export async function writeSystemConfig(db: Db, values: SystemConfigWrite, actorId: string): Promise<void> {
  await db.query(
    `UPDATE system_config
     SET current_balance = $1, start_date1 = $2::date, start_date2 = $3::date, current_a4_price = $4,
         current_file_type = $5::text[], is_default = $6, retention_hours = $8, held_job_minutes = $9,
         updated_by = $7, updated_at = now()`,
    [
      values.current_balance,
      values.start_date1,
      values.start_date2,
      values.current_a4_price,
      values.current_file_type,
      values.is_default,
      actorId,
      values.retention_hours,
      values.held_job_minutes,
    ],
  );
}

/** The audit trail: who changed the configuration, and the values before and after. */
export async function insertConfigChange(
  db: Db,
  actorId: string,
  before: SystemConfigWrite,
  after: SystemConfigWrite,
): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO config_changes (actor_id, before, after) VALUES ($1, $2::jsonb, $3::jsonb) RETURNING id',
    [actorId, JSON.stringify(before), JSON.stringify(after)],
  );
  return Number(row?.id);
}

export interface ConfigStamp {
  updated_at: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** When the configuration last changed, and by whom (null names before any officer changed it). */
export async function findConfigStamp(db: Db): Promise<ConfigStamp> {
  const row = await db.one<ConfigStamp>(
    `SELECT to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at,
            u.first_name, u.last_name
     FROM system_config c LEFT JOIN users u ON u.id = c.updated_by`,
  );
  return row ?? { updated_at: null, first_name: null, last_name: null };
}

export interface ConfigChangeRow {
  id: number;
  actor_id: string | null;
  before: SystemConfigWrite;
  after: SystemConfigWrite;
  created_at: Date | string;
}

/** The latest changes, newest first (tests and audits). */
export async function listConfigChanges(db: Db, limit = 20): Promise<ConfigChangeRow[]> {
  return db.query<ConfigChangeRow>(
    `SELECT id::int AS id, actor_id, before, after, created_at FROM config_changes ORDER BY id DESC LIMIT $1`,
    [limit],
  );
}
