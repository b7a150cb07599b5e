import type { Db } from '../../db';

/** The VAPID key pair (base64url), as web-push makes it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSubscriptionRow {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: 'vi' | 'en';
}

const VAPID_SECRET = 'vapid';

/**
 * The server's VAPID keys: `fresh` is stored when none is (insert if absent), then the stored pair is read,
 * so two instances starting at once on one database end with the same keys.
 */
export async function storedVapidKeys(db: Db, fresh: VapidKeys): Promise<VapidKeys | undefined> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    VAPID_SECRET,
    JSON.stringify(fresh),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [VAPID_SECRET]);
  return row ? (JSON.parse(row.value) as VapidKeys) : undefined;
}

/** Stores a browser's subscription for the user; an endpoint already known now belongs to this user. */
export async function saveSubscription(
  db: Db,
  subscription: { userId: string; endpoint: string; p256dh: string; auth: string; lang: 'vi' | 'en' },
): Promise<void> {
  await db.query(
    `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, lang) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE
       SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang`,
    [subscription.userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.lang],
  );
}

/** Removes the user's subscription with this endpoint (another user's is left alone). */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint]);
}

/** A push service said this subscription is gone (404/410). */
export async function dropSubscription(db: Db, id: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE id = $1', [id]);
}

export async function subscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.query<PushSubscriptionRow>(
    'SELECT id, user_id, endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
}
