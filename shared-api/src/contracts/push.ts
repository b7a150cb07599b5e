/**
 * Web Push (issue 21, point 6): the portal's service worker shows what the server pushes to a student's
 * browser (printed, failed with the refund, about to expire). Routes in API.md, "Real printers, release
 * at the printer…": GET /v1/push/key, POST and DELETE /v1/user/push-subscription.
 */

/** GET /v1/push/key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export interface PushKeyResponse {
  publicKey: string;
}

/** A browser's PushSubscription as JSON (`subscription.toJSON()`): the body of POST and DELETE. */
export interface PushSubscriptionRequest {
  /** The push service's URL for this browser (https; only the browsers' push services are accepted). */
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Why a push was sent: the service worker may group by it (one notification per job and kind). */
export type PushKind = 'job-completed' | 'job-refunded' | 'job-expiring';

/** The payload of a push, in the language the browser's portal was in when it subscribed. */
export interface PushMessage {
  kind: PushKind;
  title: string;
  body: string;
  /** The portal page to open when the notification is clicked (same origin, e.g. "/#/History"). */
  url: string;
  /** One notification per job and kind: a newer push replaces the older one. */
  tag: string;
}

/** Longest endpoint URL accepted (the push services' are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;
