import type { ChatMessage } from 'shared-api/contracts';
import type { Db } from '../../db';

export async function isMember(db: Db, conversationId: string, userId: string): Promise<boolean> {
  const row = await db.one<{ member: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM conversation_members WHERE conversation_id = $1 AND user_id = $2) AS member`,
    [conversationId, userId],
  );
  return row?.member ?? false;
}

export async function insertMessage(
  db: Db,
  conversationId: string,
  senderId: string,
  text: string,
): Promise<ChatMessage> {
  const row = await db.one<{ conversation_id: string; sender_id: string; text: string; created_at: Date }>(
    `WITH m AS (
       INSERT INTO messages (conversation_id, sender_id, text) VALUES ($1, $2, $3)
       RETURNING conversation_id, sender_id, text, created_at
     ), c AS (
       UPDATE conversations SET last_message_at = now(), updated_at = now() WHERE id = $1
     )
     SELECT * FROM m`,
    [conversationId, senderId, text],
  );
  if (!row) throw new Error('message insert returned nothing');
  return {
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  };
}

export interface ContactRow {
  id: string;
  first_name: string;
  last_name: string;
  role: string;
  facility: string | null;
  department: string | null;
  room: string | null;
  unread: number;
}

/** The key of a direct conversation: the two member ids sorted and joined (one conversation per pair). */
export function directKey(a: string, b: string): string {
  return [a, b].sort().join(':');
}

/**
 * Every active staff member and officer but `userId`, with the messages they sent `userId` that
 * `userId` has not read yet (after their last read of that conversation).
 */
export async function listContacts(db: Db, userId: string): Promise<ContactRow[]> {
  return db.query<ContactRow>(
    `SELECT u.id, u.first_name, u.last_name, u.role, u.facility, u.department, u.room,
            coalesce((
              SELECT count(*) FROM conversation_members me
              JOIN conversation_members them ON them.conversation_id = me.conversation_id AND them.user_id = u.id
              JOIN messages m ON m.conversation_id = me.conversation_id AND m.sender_id = u.id
              WHERE me.user_id = $1 AND (me.last_read_at IS NULL OR m.created_at > me.last_read_at)
            ), 0)::int AS unread
     FROM users u
     WHERE u.role IN ('staff', 'spso') AND u.is_active AND u.id <> $1
     ORDER BY u.role, u.last_name, u.first_name, u.id`,
    [userId],
  );
}

/** An active staff member or officer (a chat contact), or undefined. */
export async function findContact(db: Db, userId: string): Promise<{ id: string } | undefined> {
  return db.one(`SELECT id FROM users WHERE id = $1 AND role IN ('staff', 'spso') AND is_active`, [userId]);
}

/** The pair's conversation, created on first use; two first calls at once end with one (the unique key). */
export async function findOrCreateDirect(db: Db, a: string, b: string): Promise<string> {
  const key = directKey(a, b);
  return db.tx(async (t) => {
    await t.query(`INSERT INTO conversations (direct_key) VALUES ($1) ON CONFLICT (direct_key) DO NOTHING`, [key]);
    const row = await t.one<{ id: string }>('SELECT id FROM conversations WHERE direct_key = $1', [key]);
    const id = String(row?.id);
    await t.query(
      `INSERT INTO conversation_members (conversation_id, user_id) VALUES ($1, $2), ($1, $3)
       ON CONFLICT (conversation_id, user_id) DO NOTHING`,
      [id, a, b],
    );
    return id;
  });
}

/** One page of a conversation: the `limit` newest messages before `before` (or the newest), oldest first. */
export async function listMessages(
  db: Db,
  conversationId: string,
  before: Date | null,
  limit: number,
): Promise<ChatMessage[]> {
  const rows = await db.query<{
    conversation_id: string;
    sender_id: string | null;
    text: string;
    created_at: Date | string;
  }>(
    `SELECT conversation_id, sender_id, text, created_at FROM (
       SELECT conversation_id, sender_id, text, created_at, seq FROM messages
       WHERE conversation_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2)
       ORDER BY seq DESC LIMIT $3
     ) page ORDER BY seq`,
    [conversationId, before, limit],
  );
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    senderId: row.sender_id ?? '',
    text: row.text,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The member has read the conversation up to now. */
export async function markRead(db: Db, conversationId: string, userId: string): Promise<void> {
  await db.query('UPDATE conversation_members SET last_read_at = now() WHERE conversation_id = $1 AND user_id = $2', [
    conversationId,
    userId,
  ]);
}

/** The other members of a conversation. */
export async function otherMembers(db: Db, conversationId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ user_id: string }>(
    'SELECT user_id FROM conversation_members WHERE conversation_id = $1 AND user_id <> $2',
    [conversationId, userId],
  );
  return rows.map((r) => r.user_id);
}
