import type { UserInfo } from 'shared-api/contracts';
import type { Db } from '../../db';
import type { DomainEvents } from '../../events/domain-events';
import { errors } from '../../lib/errors';
import { ReadyAnswer, toBuffer, type Serialized } from '../../lib/ready-bytes';
import { StudentAnswerCache } from '../../lib/student-answer-cache';
import type { AuthUser } from '../../types';
import { findUserInformation } from './users.repository';

export type UserInformation = UserInfo & {
  location: { facility: string; department: string; room: string } | null;
};

/**
 * How long a user's information is kept when no event drops it first. Domain events do not travel
 * between server instances yet (events/domain-events.ts: in process only), so this is how stale an
 * answer may get when another instance changed the user (a payment callback, a print, an officer's
 * change there); on this instance every such change drops it at once.
 */
export const USER_INFORMATION_TTL_MS = 2_000;
/** Signed-in users kept at once (least recently used go first): about 300 bytes each. */
export const USER_INFORMATION_MAX_ENTRIES = 20_000;

export interface UsersServiceDeps {
  db: Db;
  events: DomainEvents;
  informationTtlMs?: number;
  informationMaxEntries?: number;
}

export function createUsersService({ db, events, ...options }: UsersServiceDeps) {
  // each user's information as ready bytes, per user: the busiest route, one query per change
  const informationCache = new StudentAnswerCache<ReadyAnswer>(
    options.informationTtlMs ?? USER_INFORMATION_TTL_MS,
    options.informationMaxEntries ?? USER_INFORMATION_MAX_ENTRIES,
  );
  const drop = ({ userId }: { userId: string }) => informationCache.invalidateUser(userId);
  // the balance moved: a payment, a print charged or refunded, a grant, an officer's adjustment
  events.on('ledger-written', drop, 'state');
  events.on('pages-adjusted', drop, 'state');
  events.on('job-changed', drop, 'state');
  events.on('job-refunded', drop, 'state');
  // the profile, the password or the account's state changed
  events.on(
    'users-changed',
    ({ userIds }) => {
      if (userIds === null) informationCache.clear();
      else for (const userId of userIds) informationCache.invalidateUser(userId);
    },
    'state',
  );
  // the A4 price is in everyone's information
  events.on('config-changed', () => informationCache.clear(), 'state');

  const service = {
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

    /**
     * The signed-in user's information as ready bytes (`write` serializes it as the route answers it),
     * kept per user until an event changes it (or USER_INFORMATION_TTL_MS, the bound across instances).
     * 401 (thrown, never kept) when the account is gone.
     */
    async readyInformation(user: AuthUser, write: (information: UserInformation) => Serialized): Promise<ReadyAnswer> {
      return informationCache.get(
        user.id,
        '',
        async () => new ReadyAnswer(toBuffer(write(await service.information(user)))),
      );
    },
  };
  return service;
}

export type UsersService = ReturnType<typeof createUsersService>;
