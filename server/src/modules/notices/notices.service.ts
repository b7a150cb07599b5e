import type { Notice, NoticeListResponse, NoticeParty, NoticesSeenResponse, Role } from 'shared-api/contracts';
import type { Db } from '../../db';
import type { NoticeLang } from './notice-texts';
import type { DomainEvents } from '../../events/domain-events';
import type { AuthUser } from '../../lib/auth-user';
import { toIso } from '../../lib/ids';
import {
  countNotices,
  findReaderFacility,
  listNotices,
  markAllSeen,
  type NoticeReader,
  type NoticeRow,
} from './notices.repository';

export type NoticesService = ReturnType<typeof createNoticesService>;

const SYSTEM: NoticeParty = { user_id: '', role: 'system', firstName: 'Hệ thống', lastName: '' };

function party(id: string | null, role: string | null, first: string | null, last: string | null): NoticeParty {
  return { user_id: id ?? '', role: (role ?? 'system') as Role, firstName: first ?? '', lastName: last ?? '' };
}

/** The reader's language from Accept-Language: English when it asks for English first, else Vietnamese. */
export function noticeLanguage(acceptLanguage: string | undefined): NoticeLang {
  return /^\s*en\b/i.test(acceptLanguage ?? '') ? 'en' : 'vi';
}

export function toNotice(row: NoticeRow, lang: NoticeLang = 'vi'): Notice {
  return {
    _id: row.id,
    sender: row.sender_id ? party(row.sender_id, row.sender_role, row.sender_first_name, row.sender_last_name) : SYSTEM,
    receiver: row.receiver_id
      ? party(row.receiver_id, row.receiver_role, row.receiver_first_name, row.receiver_last_name)
      : null,
    receiverRole: row.receiver_id ? null : (row.receiver_role as Role | null),
    location:
      row.facility !== null ? { facility: row.facility, department: row.department ?? '', room: row.room ?? '' } : null,
    action: row.action,
    // older notices were written in Vietnamese only
    description: lang === 'en' ? (row.description_en ?? row.description) : row.description,
    printerId: row.printer_id,
    seen: row.seen,
    actionTime: toIso(row.action_time),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** The notices staff and officers read: theirs, newest first, with their own 'seen'. */
export function createNoticesService(db: Db, events: DomainEvents) {
  async function reader(user: AuthUser): Promise<NoticeReader> {
    return { id: user.id, role: user.role, facility: await findReaderFacility(db, user.id) };
  }

  return {
    async list(user: AuthUser, page = 1, perPage = 20, lang: NoticeLang = 'vi'): Promise<NoticeListResponse> {
      const who = await reader(user);
      const [rows, counts] = await Promise.all([
        listNotices(db, who, perPage, (page - 1) * perPage),
        countNotices(db, who),
      ]);
      return {
        allNotices: rows.map((row) => toNotice(row, lang)),
        news: counts.news,
        total: counts.total,
        page,
        per_page: perPage,
      };
    },

    /** 'Xác nhận đã xem': every notice this reader can read now is seen by them (not by the others). */
    async markSeen(user: AuthUser): Promise<NoticesSeenResponse> {
      const marked = await markAllSeen(db, await reader(user));
      // the reader's other tabs follow (their badge goes to 0)
      if (marked > 0) events.emit('notices-seen', { userId: user.id });
      return { news: 0 };
    },
  };
}
