import type { Role } from 'shared-api/contracts';
import type { Db } from '../../db';
import { CURRENT_A4_PRICE_SQL } from '../system-config/system-config.repository';

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
}

/** One query (the price joined in through the configuration's own SQL): this route is the busiest. */
export async function findUserInformation(db: Db, userId: string): Promise<UserInformationRow | undefined> {
  return db.one<UserInformationRow>(
    `SELECT u.id, u.mssv, u.first_name, u.last_name, u.email, u.balance, u.major, u.classes, u.role,
            u.facility, u.department, u.room, ${CURRENT_A4_PRICE_SQL} AS current_a4_price
     FROM users u
     WHERE u.id = $1 AND u.is_active`,
    [userId],
  );
}
