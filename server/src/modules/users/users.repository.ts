import type { Role } from 'shared-api/contracts';
import type { Db } from '../../db';

/**
 * The A4 price in force, joined into the signed-in user's information (the busiest route) in the same
 * query rather than asked of the system-config service in a second one.
 */
const CURRENT_A4_PRICE_SQL = '(SELECT current_a4_price FROM system_config)';

export interface UserInformationRow {
  id: string;
  mssv: string | null;
  first_name: string;
  last_name: string;
  email: string;
  balance: number;
  major: string | null;
  classes: string | null;
  role: Role;
  facility: string | null;
  department: string | null;
  room: string | null;
  current_a4_price: number;
  must_change_password: boolean;
}

/** One query (the price joined in through the configuration's own SQL): this route is the busiest. */
export async function findUserInformation(db: Db, userId: string): Promise<UserInformationRow | undefined> {
  return db.one<UserInformationRow>(
    `SELECT u.id, u.mssv, u.first_name, u.last_name, u.email, u.balance, u.major, u.classes, u.role,
            u.facility, u.department, u.room, u.must_change_password, ${CURRENT_A4_PRICE_SQL} AS current_a4_price
     FROM users u
     WHERE u.id = $1 AND u.is_active`,
    [userId],
  );
}
