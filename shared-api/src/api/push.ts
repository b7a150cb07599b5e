import type { PushKeyResponse, PushSubscriptionRequest } from '../contracts';
import { apiDelete, apiGet, apiPost } from './request';

/** GET /v1/push/key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export async function getPushKey(signal?: AbortSignal): Promise<string> {
  return (await apiGet<PushKeyResponse>('/v1/push/key', { signal })).publicKey;
}

/** Only what the server takes from a browser's PushSubscription (its JSON also has expirationTime). */
function subscriptionBody(subscription: PushSubscriptionRequest): PushSubscriptionRequest {
  return { endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } };
}

/**
 * POST /v1/user/push-subscription: this browser's subscription (`subscription.toJSON()`) is kept for the
 * signed-in user; pushes follow the portal's language at this moment. An endpoint that is not a browser's
 * push service is refused (400, the server's Vietnamese message via apiErrorMessage).
 */
export function savePushSubscription(subscription: PushSubscriptionRequest): Promise<null> {
  return apiPost<null>('/v1/user/push-subscription', subscriptionBody(subscription));
}

/** DELETE /v1/user/push-subscription: the server forgets this browser's subscription of the user. */
export function deletePushSubscription(subscription: PushSubscriptionRequest): Promise<null> {
  return apiDelete<null>('/v1/user/push-subscription', { data: subscriptionBody(subscription) });
}
