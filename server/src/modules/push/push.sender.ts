import webpush from 'web-push';
import type { VapidKeys } from './push.repository';

/** Where a push goes and the keys that encrypt it for that browser. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSendOptions {
  /** Seconds the push service keeps the message for an offline browser. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

/** Sends one encrypted push and answers the push service's HTTP status; throws when it cannot reach it. */
export type PushSender = (target: PushTarget, payload: string, options: PushSendOptions) => Promise<number>;

const SEND_TIMEOUT_MS = 10_000;

/**
 * The request is built by web-push (aes128gcm encryption, the VAPID JWT in `authorization`) and sent here
 * with fetch: web-push's own sending speaks https only (a test's local push service is http), and here a
 * redirect is never followed (the endpoint was checked against the allow-list, its redirect was not).
 */
export function createPushSender(vapid: VapidKeys & { subject: string }): PushSender {
  return async (target, payload, options) => {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets the length of the body itself
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    // the answer's body is not needed; reading it frees the connection
    await response.arrayBuffer().catch(() => undefined);
    return response.status;
  };
}
