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
}

const COLUMNS = `current_balance, default_balance,
  to_char(start_date1, 'YYYY-MM-DD') AS start_date1, to_char(start_date2, 'YYYY-MM-DD') AS start_date2,
  current_a4_price, default_a4_price, current_file_type, default_file_type, is_default,
  max_file_bytes, max_request_bytes, grant_policy, payment_ttl_minutes`;

/** The configuration in force, read per call: an officer may change it at any time, on any instance. */
export async function readSystemConfig(db: Db): Promise<SystemConfig> {
  const row = await db.one<SystemConfig>(`SELECT ${COLUMNS} FROM system_config`);
  if (!row) throw new Error('system_config has no row: run the migrations first');
  return row;
}

/**
 * The A4 price as an SQL expression, for the one query that joins it in (the signed-in user's
 * information, the busiest route): still written here, beside the table it reads.
 */
export const CURRENT_A4_PRICE_SQL = '(SELECT current_a4_price FROM system_config)';
