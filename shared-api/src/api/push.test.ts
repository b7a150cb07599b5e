import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient, apiErrorMessage } from '../client';
import { deletePushSubscription, getPushKey, savePushSubscription } from './push';

function serve(status: number, body: unknown) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, status, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;
const bodyOf = (adapter: jest.Mock, i = 0) => JSON.parse(call(adapter, i).data as string) as unknown;

/** A browser's subscription as toJSON() gives it: expirationTime is not sent. */
const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk', auth: 'c2VjcmV0' },
};

afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('push API', () => {
  it('reads the VAPID public key', async () => {
    const adapter = serve(200, { success: true, message: '', data: { publicKey: 'BKey' } });
    await expect(getPushKey()).resolves.toBe('BKey');
    expect(call(adapter).method).toBe('get');
    expect(call(adapter).url).toBe('/v1/push/key');
  });

  it('saves with a POST and forgets with a DELETE of the endpoint and keys only', async () => {
    const adapter = serve(200, { success: true, message: '', data: null });
    await expect(savePushSubscription(subscription)).resolves.toBeNull();
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/user/push-subscription');
    expect(bodyOf(adapter)).toEqual({ endpoint: subscription.endpoint, keys: subscription.keys });
    await deletePushSubscription(subscription);
    expect(call(adapter, 1).method).toBe('delete');
    expect(call(adapter, 1).url).toBe('/v1/user/push-subscription');
    expect(bodyOf(adapter, 1)).toEqual({ endpoint: subscription.endpoint, keys: subscription.keys });
  });

  it("a refused endpoint rejects with the server's message", async () => {
    serve(400, { success: false, message: 'Địa chỉ nhận thông báo phải dùng https', code: 'BAD_REQUEST' });
    const error: unknown = await savePushSubscription(subscription).catch((e: unknown) => e);
    expect(apiErrorMessage(error, '')).toBe('Địa chỉ nhận thông báo phải dùng https');
  });
});
