import type { PushSubscriptionRequest } from 'shared-api';

/**
 * The browser's Web Push as the push switch needs it, behind a small interface so that a test gives a fake
 * and a browser without it (no service worker, no PushManager: older iOS, some in-app browsers) gives
 * none: the switch is then not shown.
 */

/** A browser PushSubscription, as far as it is used here. */
export interface PushSubscriptionLike {
  readonly endpoint: string;
  toJSON(): PushSubscriptionJSON;
  unsubscribe(): Promise<boolean>;
}

/** A service worker registration's pushManager, as far as it is used here. */
export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<PushSubscriptionLike>;
}

export interface PushPlatform {
  /** Notification permission now: 'default' (not asked yet), 'granted' or 'denied'. */
  permission(): NotificationPermission;
  /** Asks the user (the browser's prompt). */
  requestPermission(): Promise<NotificationPermission>;
  /** The push manager of /sw.js if the worker is registered already, without registering it. */
  existing(): Promise<PushManagerLike | null>;
  /** Registers /sw.js (scope /) when needed and gives its push manager once the worker is active. */
  register(): Promise<PushManagerLike>;
}

/** The service worker's URL: at the root, so its scope is the whole portal. */
export const SERVICE_WORKER_URL = '/sw.js';

/** What detection reads: the page's navigator and window (the real ones by default). */
export interface PushEnvironment {
  navigator: Navigator;
  window: Window & typeof globalThis;
}

/**
 * The browser's Web Push, or null when it has none: `'serviceWorker' in navigator && 'PushManager' in
 * window` (and the Notification API the permission lives on).
 */
export function detectPushPlatform(
  env: PushEnvironment | undefined = typeof window === 'undefined' ? undefined : { navigator, window },
): PushPlatform | null {
  if (!env) return null;
  const { navigator: nav, window: win } = env;
  if (!('serviceWorker' in nav) || !('PushManager' in win) || !('Notification' in win)) return null;
  const workers = nav.serviceWorker;
  const Notify = win.Notification;
  return {
    permission: () => Notify.permission,
    requestPermission: () => Notify.requestPermission(),
    async existing() {
      const registration = await workers.getRegistration('/');
      return registration ? registration.pushManager : null;
    },
    async register() {
      await workers.register(SERVICE_WORKER_URL, { scope: '/' });
      // subscribing needs an active worker: ready resolves once it is
      return (await workers.ready).pushManager;
    },
  };
}

/** A VAPID key in base64url (as the server gives it) as the bytes pushManager.subscribe() takes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The subscription as the server takes it (POST/DELETE /v1/user/push-subscription). */
export function subscriptionRequest(subscription: PushSubscriptionLike): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
