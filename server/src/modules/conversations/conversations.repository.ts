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
