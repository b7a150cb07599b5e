import { Type, type Static } from '@sinclair/typebox';
import { PUSH_ENDPOINT_MAX } from 'shared-api/contracts';

export const PushKeyData = Type.Object({
  publicKey: Type.String({ description: 'Khóa công khai VAPID (base64url): applicationServerKey của trình duyệt' }),
});

const Key = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

/** A browser's PushSubscription as JSON; other fields it carries (expirationTime) are ignored. */
export const PushSubscriptionBody = Type.Object({
  endpoint: Type.String({
    minLength: 1,
    maxLength: PUSH_ENDPOINT_MAX,
    description: 'URL của dịch vụ thông báo đẩy của trình duyệt (https; chỉ các máy chủ trong PUSH_ENDPOINT_HOSTS)',
  }),
  keys: Type.Object({
    p256dh: Key('Khóa công khai P-256 của trình duyệt (base64url)'),
    auth: Key('Khóa xác thực 16 byte của trình duyệt (base64url)'),
  }),
});
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;
