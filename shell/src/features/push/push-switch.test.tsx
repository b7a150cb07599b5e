import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { apiClient } from 'shared-api';
import { answer } from 'test-support/http';
import { changeLanguage, initI18n } from '../../i18n';
import {
  applicationServerKey,
  detectPushPlatform,
  type PushEnvironment,
  type PushManagerLike,
  type PushPlatform,
  type PushSubscriptionLike,
} from './browser-push';
import { PushSwitch } from './push-switch';

jest.setTimeout(30_000);
initI18n();

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/device-1',
  expirationTime: null,
  keys: { p256dh: 'BPk-p256dh', auth: 'YXV0aA' },
};

/** The server: the key, and the subscription routes answering `status`. */
function serve(status = 200, message = '') {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
    config.url === '/v1/push/key'
      ? answer(config, 200, { success: true, message: '', data: { publicKey: KEY } })
      : answer(config, status, { success: status === 200, message, data: null }),
  );
  apiClient.defaults.adapter = adapter;
  const calls = (method: string) =>
    adapter.mock.calls
      .map(([config]) => config as InternalAxiosRequestConfig)
      .filter((config) => config.method === method && config.url === '/v1/user/push-subscription')
      .map((config) => JSON.parse(config.data as string) as unknown);
  return { adapter, calls };
}

/** A browser with Web Push: permission as given, the worker registered or not, a subscription or not. */
function fakeBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission; subscribed?: boolean } = {},
) {
  let permission = options.permission ?? 'default';
  let current: PushSubscriptionLike | null = null;
  let registered = options.subscribed ?? false;
  const subscription: PushSubscriptionLike = {
    endpoint: SUBSCRIPTION.endpoint,
    toJSON: () => SUBSCRIPTION,
    unsubscribe: jest.fn(async () => {
      current = null;
      return true;
    }),
  };
  if (options.subscribed) current = subscription;
  const manager: PushManagerLike = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const platform: PushPlatform = {
    permission: () => permission,
    requestPermission: jest.fn(async () => {
      permission = options.answer ?? 'granted';
      return permission;
    }),
    existing: jest.fn(async () => (registered ? manager : null)),
    register: jest.fn(async () => {
      registered = true;
      return manager;
    }),
  };
  return { platform, manager, subscription };
}

const theSwitch = () => screen.getByRole('switch', { name: 'Thông báo trên thiết bị này' });
async function settled() {
  await waitFor(() => expect(theSwitch()).not.toBeDisabled());
}

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
});
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('detectPushPlatform', () => {
  it('finds nothing without a service worker or PushManager (and outside a browser)', () => {
    const env = (navigatorHas: boolean, windowHas: boolean) =>
      ({
        navigator: (navigatorHas ? { serviceWorker: {} } : {}) as Navigator,
        window: (windowHas ? { PushManager: class {}, Notification: { permission: 'default' } } : {}) as never,
      }) as PushEnvironment;
    expect(detectPushPlatform(env(false, true))).toBeNull();
    expect(detectPushPlatform(env(true, false))).toBeNull();
    expect(detectPushPlatform(env(true, true))).not.toBeNull();
    // jsdom has neither
    expect(detectPushPlatform()).toBeNull();
  });

  it('registers /sw.js at the root and subscribes through the active worker', async () => {
    const pushManager = { getSubscription: jest.fn(), subscribe: jest.fn() };
    const register = jest.fn(async () => ({}));
    const platform = detectPushPlatform({
      navigator: { serviceWorker: { register, ready: Promise.resolve({ pushManager }) } } as unknown as Navigator,
      window: { PushManager: class {}, Notification: { permission: 'granted' } } as never,
    });
    expect(platform?.permission()).toBe('granted');
    await expect(platform?.register()).resolves.toBe(pushManager);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
  });

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const bytes = applicationServerKey(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(KEY);
  });
});

describe('PushSwitch', () => {
  it('is not shown where the browser has no Web Push', () => {
    const { container } = render(<PushSwitch detect={() => null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('turns on: permission asked, /sw.js registered, subscribed with the server key, the subscription posted', async () => {
    const { calls } = serve();
    const { platform, manager } = fakeBrowser();
    render(<PushSwitch detect={() => platform} />);
    await settled();
    expect(theSwitch()).not.toBeChecked();

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch()).toBeChecked());
    expect(platform.requestPermission).toHaveBeenCalledTimes(1);
    expect(platform.register).toHaveBeenCalledTimes(1);
    expect(manager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(KEY),
    });
    expect(calls('post')).toEqual([{ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys }]);
    expect(screen.getByRole('status')).toHaveTextContent('Đã bật thông báo trên thiết bị này.');
  });

  it('shows on for a browser already subscribed, and turns off: deleted on the server, unsubscribed', async () => {
    const { calls } = serve();
    const { platform, subscription } = fakeBrowser({ permission: 'granted', subscribed: true });
    render(<PushSwitch detect={() => platform} />);
    await waitFor(() => expect(theSwitch()).toBeChecked());
    await settled();

    fireEvent.click(theSwitch());
    await waitFor(() => expect(theSwitch()).not.toBeChecked());
    expect(calls('delete')).toEqual([{ endpoint: SUBSCRIPTION.endpoint, keys: SUBSCRIPTION.keys }]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Đã tắt thông báo trên thiết bị này.');
  });

  it('permission denied: a clear message, nothing subscribed or sent', async () => {
    const { adapter } = serve();
    const { platform } = fakeBrowser({ answer: 'denied' });
    render(<PushSwitch detect={() => platform} />);
    await settled();
    fireEvent.click(theSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Trình duyệt đang chặn thông báo của trang này');
    expect(theSwitch()).not.toBeChecked();
    expect(platform.register).not.toHaveBeenCalled();
    expect(adapter).not.toHaveBeenCalled();
  });

  it('a browser that blocks notifications already says how to allow them', async () => {
    serve();
    const { platform } = fakeBrowser({ permission: 'denied' });
    render(<PushSwitch detect={() => platform} />);
    await settled();
    expect(screen.getByRole('status')).toHaveTextContent('cài đặt trang web');
  });

  it("the server refuses: its message is shown, the switch stays off and the browser's subscription is dropped", async () => {
    serve(400, 'Địa chỉ nhận thông báo phải dùng https');
    const { platform, subscription } = fakeBrowser();
    render(<PushSwitch detect={() => platform} />);
    await settled();
    fireEvent.click(theSwitch());
    expect(await screen.findByRole('alert')).toHaveTextContent('Địa chỉ nhận thông báo phải dùng https');
    expect(theSwitch()).not.toBeChecked();
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('speaks English when the portal does', async () => {
    await act(() => changeLanguage('en'));
    const { platform } = fakeBrowser();
    render(<PushSwitch detect={() => platform} />);
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toBeInTheDocument();
  });
});
