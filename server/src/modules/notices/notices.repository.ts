import type { NoticeAction, Role } from 'shared-api/contracts';
import type { Db } from '../../db';

/** Who reads: a staff member or an officer (their facility narrows the staff notices of one facility). */
export interface NoticeReader {
  id: string;
  role: Role;
  facility: string | null;
}

export interface NewNotice {
  /** Who did it; null for the system. */
  senderId: string | null;
  /** A role (every member but the sender) or one person. */
  receiverRole?: 'staff' | 'spso';
  receiverId?: string;
  /** Staff notices of one facility: staff of another facility do not read them. */
  receiverFacility?: string | null;
  printerId?: string | null;
  location?: { facility: string; department: string; room: string } | null;
  action: NoticeAction;
  /** HTML built from escaped values (notice-texts.ts), in each language of the portal. */
  description: { vi: string; en: string };
  printerChangeId?: number | null;
}

/** Writes a notice in the caller's transaction (the change it reports and the notice commit together). */
export async function insertNotice(db: Db, n: NewNotice): Promise<string> {
  const row = await db.one<{ id: string }>(
    `INSERT INTO notices (sender_id, receiver_id, receiver_role, receiver_facility, facility, department, room,
                          action, description, printer_id, printer_change_id, description_en)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
    [
      n.senderId,
      n.receiverId ?? null,
      n.receiverRole ?? null,
      n.receiverFacility ?? null,
      n.location?.facility ?? null,
      n.location?.department ?? null,
      n.location?.room ?? null,
      n.action,
      n.description.vi,
      n.printerId ?? null,
      n.printerChangeId ?? null,
      n.description.en,
    ],
  );
  return String(row?.id);
}

/** The notices a reader receives: to them, or to their role (and facility), never their own. */
const VISIBLE = `
  (n.receiver_id = $1
   OR (n.receiver_role = $2 AND (n.receiver_facility IS NULL OR $3::text IS NULL OR n.receiver_facility = $3)))
  AND n.sender_id IS DISTINCT FROM $1`;

export interface NoticeRow {
  id: string;
  sender_id: string | null;
  sender_role: string | null;
  sender_first_name: string | null;
  sender_last_name: string | null;
  receiver_id: string | null;
  receiver_role: string | null;
  receiver_first_name: string | null;
  receiver_last_name: string | null;
  facility: string | null;
  department: string | null;
  room: string | null;
  action: string;
  description: string;
  /** Null for notices written before the English text was kept. */
  description_en: string | null;
  printer_id: string | null;
  seen: boolean;
  action_time: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** One page of the reader's notices, newest first, with 'seen' for this reader. */
export async function listNotices(db: Db, reader: NoticeReader, limit: number, offset: number): Promise<NoticeRow[]> {
  return db.query<NoticeRow>(
    `SELECT n.id, n.sender_id, s.role AS sender_role, s.first_name AS sender_first_name,
            s.last_name AS sender_last_name, n.receiver_id, coalesce(r.role, n.receiver_role) AS receiver_role,
            r.first_name AS receiver_first_name, r.last_name AS receiver_last_name,
            n.facility, n.department, n.room, n.action, n.description, n.description_en, n.printer_id,
            EXISTS (SELECT 1 FROM notice_reads x WHERE x.notice_id = n.id AND x.user_id = $1) AS seen,
            n.action_time, n.created_at, n.updated_at
     FROM notices n
     LEFT JOIN users s ON s.id = n.sender_id
     LEFT JOIN users r ON r.id = n.receiver_id
     WHERE ${VISIBLE}
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT $4 OFFSET $5`,
    [reader.id, reader.role, reader.facility, limit, offset],
  );
}

/** How many notices the reader has, and how many of them they have not seen. */
export async function countNotices(db: Db, reader: NoticeReader): Promise<{ total: number; news: number }> {
  const row = await db.one<{ total: number; news: number }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM notice_reads x WHERE x.notice_id = n.id AND x.user_id = $1))::int AS news
     FROM notices n WHERE ${VISIBLE}`,
    [reader.id, reader.role, reader.facility],
  );
  return { total: row?.total ?? 0, news: row?.news ?? 0 };
}

/**
 * Marks seen, for this reader only, every notice they can read now. A notice committed a moment later
 * stays new (the marks are rows, not a time).
 */
export async function markAllSeen(db: Db, reader: NoticeReader): Promise<number> {
  const rows = await db.query<{ notice_id: string }>(
    `INSERT INTO notice_reads (notice_id, user_id)
     SELECT n.id, $1 FROM notices n WHERE ${VISIBLE}
     ON CONFLICT (notice_id, user_id) DO NOTHING
     RETURNING notice_id`,
    [reader.id, reader.role, reader.facility],
  );
  return rows.length;
}

/** The reader's facility (staff of one facility), or null. */
export async function findReaderFacility(db: Db, userId: string): Promise<string | null> {
  const row = await db.one<{ facility: string | null }>('SELECT facility FROM users WHERE id = $1', [userId]);
  return row?.facility ?? null;
}

/** A user's display name parts, for a notice's text. */
export async function findUserName(
  db: Db,
  userId: string,
): Promise<{ first_name: string; last_name: string; role: string } | undefined> {
  return db.one('SELECT first_name, last_name, role FROM users WHERE id = $1', [userId]);
}
