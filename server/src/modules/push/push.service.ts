import type { FastifyBaseLogger } from 'fastify';
import { PUSH_ENDPOINT_MAX, type PushMessage, type PushSubscriptionRequest } from 'shared-api/contracts';
import webpush from 'web-push';
import type { Db } from '../../db';
import type { AuthUser } from '../../lib/auth-user';
import { errors } from '../../lib/errors';
import * as repo from './push.repository';
import { createPushSender, type PushSender, type PushSendOptions } from './push.sender';
import type { PushLang } from './push.texts';

export interface PushServiceDeps {
  db: Db;
  /** PUSH_ENDPOINT_HOSTS (lowercase; `*.host` for any subdomain) and the VAPID subject. */
  config: { endpointHosts: string[]; subject: string };
  log?: FastifyBaseLogger;
  /** How pushes leave (tests may replace it); by default web-push's request sent with fetch. */
  sender?: PushSender;
}

export interface PushService {
  /** The VAPID public key the browsers subscribe with (the same on every instance of the database). */
  publicKey(): string;
  /** Stores the caller's browser subscription (its endpoint checked against the allow-list). */
  subscribe(user: AuthUser, body: PushSubscriptionRequest, lang: PushLang): Promise<null>;
  /** Forgets the caller's browser subscription (nothing happens for an unknown one). */
  unsubscribe(user: AuthUser, body: PushSubscriptionRequest): Promise<null>;
  /**
   * Pushes a message to every browser of the user, in each one's language. Never throws: a failure is
   * logged; a subscription its push service says is gone (404, 410) is dropped.
   */
  notify(userId: string, make: (lang: PushLang) => PushMessage, options: PushSendOptions): Promise<void>;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function refused(message: string) {
  return errors.badRequest(message);
}

/** Whether `host` is on the list: an exact name, or under a `*.` entry (`*.push.apple.com`). */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/**
 * A push endpoint is a URL the server will call: only the browsers' push services (PUSH_ENDPOINT_HOSTS),
 * over https on its usual port; a listed localhost or 127.0.0.1 (a test's push service) may be http on
 * any port. Anything else is refused with 400 and a Vietnamese message.
 */
export function checkEndpoint(endpoint: string, allowed: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw refused('Địa chỉ nhận thông báo (endpoint) không phải là một URL hợp lệ');
  }
  const host = url.hostname.toLowerCase();
  if (url.username || url.password) throw refused('Địa chỉ nhận thông báo không được chứa tên đăng nhập hay mật khẩu');
  if (!hostAllowed(host, allowed)) {
    throw refused(`Máy chủ ${host} không phải là dịch vụ thông báo đẩy của trình duyệt được chấp nhận`);
  }
  const local = LOCAL_HOSTS.has(host);
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) {
    throw refused('Địa chỉ nhận thông báo phải dùng https');
  }
  if (!local && url.port !== '') throw refused('Địa chỉ nhận thông báo phải dùng cổng mặc định của https');
  return url;
}

function keyBytes(value: string): number {
  return BASE64URL.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/** The browser's keys: p256dh an uncompressed P-256 point (65 bytes), auth 16 bytes, both base64url. */
function checkKeys(keys: PushSubscriptionRequest['keys']): void {
  const p256dh = keyBytes(keys.p256dh);
  if (p256dh !== 65 || Buffer.from(keys.p256dh, 'base64url')[0] !== 4) {
    throw refused('Khóa p256dh của đăng ký nhận thông báo không hợp lệ');
  }
  if (keyBytes(keys.auth) !== 16) throw refused('Khóa auth của đăng ký nhận thông báo không hợp lệ');
}

/**
 * Web Push for students' phones: the VAPID keys (generated once, kept in app_secrets like the JWT
 * secret), the browsers' subscriptions and the sending. Built once at start (it reads or stores the keys).
 */
export async function createPushService(deps: PushServiceDeps): Promise<PushService> {
  const { db, config, log } = deps;
  const keys = await repo.storedVapidKeys(db, webpush.generateVAPIDKeys());
  if (!keys) throw new Error('could not store the VAPID keys');
  const send = deps.sender ?? createPushSender({ ...keys, subject: config.subject });

  async function sendOne(row: repo.PushSubscriptionRow, message: PushMessage, options: PushSendOptions) {
    try {
      const status = await send(row, JSON.stringify(message), options);
      if (status === 404 || status === 410) {
        await repo.dropSubscription(db, row.id);
        log?.info({ subscription: row.id, status }, 'push subscription gone: dropped');
      } else if (status < 200 || status >= 300) {
        log?.warn({ subscription: row.id, status }, 'push service refused a push');
      }
    } catch (error) {
      log?.warn({ err: error, subscription: row.id }, 'push could not be sent');
    }
  }

  return {
    publicKey: () => keys.publicKey,

    async subscribe(user, body, lang) {
      if (body.endpoint.length > PUSH_ENDPOINT_MAX) throw refused('Địa chỉ nhận thông báo quá dài');
      checkEndpoint(body.endpoint, config.endpointHosts);
      checkKeys(body.keys);
      await repo.saveSubscription(db, {
        userId: user.id,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        lang,
      });
      return null;
    },

    async unsubscribe(user, body) {
      await repo.deleteSubscription(db, user.id, body.endpoint);
      return null;
    },

    async notify(userId, make, options) {
      try {
        const rows = await repo.subscriptionsOf(db, userId);
        await Promise.all(rows.map((row) => sendOne(row, make(row.lang), options)));
      } catch (error) {
        log?.error({ err: error, userId }, 'pushes could not be sent');
      }
    },
  };
}
