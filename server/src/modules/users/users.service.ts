import type { UserInfo } from 'shared-api/contracts';
import type { Db } from '../../db';
import { errors } from '../../lib/errors';
import type { AuthUser } from '../../types';
import { findUserInformation } from './users.repository';

export type UserInformation = UserInfo & {
  location: { facility: string; department: string; room: string } | null;
};

export function createUsersService(db: Db) {
  return {
    /** The signed-in user's profile, balance and the current A4 price. 401 when the account is gone. */
    async information(user: AuthUser): Promise<UserInformation> {
      const row = await findUserInformation(db, user.id);
      if (!row) throw errors.unauthenticated('Tài khoản không tồn tại hoặc đã bị vô hiệu hóa');
      return {
        _id: row.id,
        mssv: row.mssv,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        balance: row.balance,
        major: row.major,
        classes: row.classes,
        currentA4Price: row.current_a4_price,
        role: row.role,
        mustChangePassword: row.must_change_password,
        location: row.facility
          ? { facility: row.facility, department: row.department ?? '', room: row.room ?? '' }
          : null,
      };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
