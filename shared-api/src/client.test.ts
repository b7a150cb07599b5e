import axios, { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { apiClient, apiErrorMessage, configureApiClient, REFRESH_PATH, SessionExpiredError } from './client';
import { tokenStorage } from './tokens';
import { answer } from 'test-support/http';

/** Answers like a real adapter: 2xx resolves, anything else rejects with an AxiosError carrying the response. */

function bearerOf(config: InternalAxiosRequestConfig): string | undefined {
  return AxiosHeaders.from(config.headers).get('Authorization') as string | undefined;
}

/** A 410 for the old access token, 200 (echoing url and token) for any other. */
function expiringAdapter(expiredToken = 'old-access') {
  return jest.fn((config: InternalAxiosRequestConfig) =>
    bearerOf(config) === `Bearer ${expiredToken}`
      ? answer(config, 410, {
          success: false,
          message: 'Token hết hạn',
          code: 'TOKEN_EXPIRED',
        })
      : answer(config, 200, {
          success: true,
          message: '',
          data: { url: config.url, auth: bearerOf(config) },
        }),
  );
}

function refreshAnswer(accessToken: string, refreshToken: string): AxiosResponse {
  return {
    status: 200,
    statusText: 'OK',
    headers: {},
    config: { headers: new AxiosHeaders() },
    data: { success: true, message: '', data: { accessToken, refreshToken } },
  };
}

function refreshRejection(status: number): AxiosError {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  return new AxiosError(
    'refresh failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: String(status),
      headers: {},
      config,
      data: {
        success: false,
        message: 'Phiên đăng nhập đã hết hạn',
        code: 'REFRESH_TOKEN_INVALID',
      },
    },
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const BASE = 'http://api.test';
let onSessionExpired: jest.Mock;
let onTokensRefreshed: jest.Mock;
let postSpy: jest.SpyInstance;

beforeEach(() => {
  window.localStorage.clear();
  onSessionExpired = jest.fn();
  onTokensRefreshed = jest.fn();
  configureApiClient({ baseURL: BASE, onSessionExpired, onTokensRefreshed });
  postSpy = jest.spyOn(axios, 'post');
});

afterEach(() => {
  postSpy.mockRestore();
  delete apiClient.defaults.adapter;
});

describe('apiClient: bearer header', () => {
  it('sends the access token stored in localStorage as a bearer token', async () => {
    window.localStorage.setItem('accessToken', 'tok-123');
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: null }),
    );
    apiClient.defaults.adapter = adapter;
    await apiClient.get('/v1/user/information');
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(bearerOf(adapter.mock.calls[0]![0])).toBe('Bearer tok-123');
    expect(adapter.mock.calls[0]![0].baseURL).toBe(BASE);
  });

  it("sends the portal's language (<html lang>) as Accept-Language: server-written texts follow it", async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: null }),
    );
    apiClient.defaults.adapter = adapter;
    document.documentElement.lang = 'en';
    try {
      await apiClient.get('/v1/staff/notices');
      document.documentElement.lang = 'vi';
      await apiClient.get('/v1/staff/notices');
    } finally {
      document.documentElement.lang = '';
    }
    const languages = adapter.mock.calls.map(([config]) => AxiosHeaders.from(config.headers).get('Accept-Language'));
    expect(languages).toEqual(['en', 'vi']);
  });

  it('sends no Authorization header without a stored token', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: null }),
    );
    apiClient.defaults.adapter = adapter;
    await apiClient.get('/v1/user/information');
    expect(bearerOf(adapter.mock.calls[0]![0])).toBeUndefined();
  });

  it('reads the token at each request (a new login is picked up without a reload)', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: null }),
    );
    apiClient.defaults.adapter = adapter;
    window.localStorage.setItem('accessToken', 'first');
    await apiClient.get('/a');
    window.localStorage.setItem('accessToken', 'second');
    await apiClient.get('/b');
    expect(adapter.mock.calls.map(([c]) => bearerOf(c))).toEqual(['Bearer first', 'Bearer second']);
  });
});

describe('apiClient: 410 refresh and replay', () => {
  it('refreshes once with the stored refresh token and replays the request with the new token', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    const adapter = expiringAdapter();
    apiClient.defaults.adapter = adapter;
    postSpy.mockResolvedValue(refreshAnswer('new-access', 'new-refresh'));

    const res = await apiClient.get('/v1/student/printers');

    expect(postSpy).toHaveBeenCalledTimes(1);
    expect(postSpy.mock.calls[0]![0]).toBe(`${BASE}${REFRESH_PATH}`);
    expect(REFRESH_PATH).toBe('/v1/user/refresh-access-token');
    expect(postSpy.mock.calls[0]![1]).toEqual({ refreshToken: 'old-refresh' });
    expect(adapter).toHaveBeenCalledTimes(2);
    expect(bearerOf(adapter.mock.calls[1]![0])).toBe('Bearer new-access');
    expect(adapter.mock.calls[1]![0].url).toBe('/v1/student/printers');
    expect(res.data.data).toEqual({
      url: '/v1/student/printers',
      auth: 'Bearer new-access',
    });
    // Both rotated tokens replace the stored pair.
    expect(window.localStorage.getItem('accessToken')).toBe('new-access');
    expect(window.localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(onTokensRefreshed).toHaveBeenCalledWith('new-access');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('replays a POST with its body', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    const adapter = expiringAdapter();
    apiClient.defaults.adapter = adapter;
    postSpy.mockResolvedValue(refreshAnswer('new-access', 'new-refresh'));
    await apiClient.post('/v1/student/confirm-payment', { money: 5000 });
    expect(adapter).toHaveBeenCalledTimes(2);
    const replay = adapter.mock.calls[1]![0];
    expect(replay.method).toBe('post');
    expect(JSON.parse(replay.data as string)).toEqual({ money: 5000 });
  });

  it('three requests failing with 410 at once cause exactly one refresh, and all three are replayed', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    const adapter = expiringAdapter();
    apiClient.defaults.adapter = adapter;
    const refresh = deferred<AxiosResponse>();
    postSpy.mockReturnValue(refresh.promise);

    const requests = [apiClient.get('/a'), apiClient.get('/b'), apiClient.get('/c')];
    // Let all three 410 answers reach the interceptor while the refresh is still pending.
    await new Promise((r) => setTimeout(r, 0));
    expect(adapter).toHaveBeenCalledTimes(3);
    expect(postSpy).toHaveBeenCalledTimes(1);
    refresh.resolve(refreshAnswer('new-access', 'new-refresh'));

    const results = await Promise.all(requests);
    expect(postSpy).toHaveBeenCalledTimes(1);
    expect(adapter).toHaveBeenCalledTimes(6);
    expect(results.map((r) => r.data.data)).toEqual([
      { url: '/a', auth: 'Bearer new-access' },
      { url: '/b', auth: 'Bearer new-access' },
      { url: '/c', auth: 'Bearer new-access' },
    ]);
  });

  it('does not refresh a second time when the replayed request answers 410 again', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 410, { success: false, message: 'Token hết hạn' }),
    );
    apiClient.defaults.adapter = adapter;
    postSpy.mockResolvedValue(refreshAnswer('new-access', 'new-refresh'));
    await expect(apiClient.get('/a')).rejects.toMatchObject({
      response: { status: 410 },
    });
    expect(postSpy).toHaveBeenCalledTimes(1);
    expect(adapter).toHaveBeenCalledTimes(2);
  });

  it('a 419 answer to the refresh clears both tokens and calls onSessionExpired', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    const adapter = expiringAdapter();
    apiClient.defaults.adapter = adapter;
    postSpy.mockRejectedValue(refreshRejection(419));

    await expect(apiClient.get('/v1/student/printers')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(postSpy).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(adapter).toHaveBeenCalledTimes(1); // nothing replayed
    expect(onTokensRefreshed).not.toHaveBeenCalled();
  });

  it('three concurrent 410s whose refresh answers 419 expire the session once', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    apiClient.defaults.adapter = expiringAdapter();
    let rejectRefresh!: (e: unknown) => void;
    postSpy.mockReturnValue(new Promise((_, reject) => (rejectRefresh = reject)));
    const pending = Promise.allSettled([apiClient.get('/a'), apiClient.get('/b'), apiClient.get('/c')]);
    await new Promise((r) => setTimeout(r, 0));
    rejectRefresh(refreshRejection(419));
    const results = await pending;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(postSpy).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a 410 without a stored refresh token expires the session without calling the server', async () => {
    window.localStorage.setItem('accessToken', 'old-access');
    apiClient.defaults.adapter = expiringAdapter();
    await expect(apiClient.get('/a')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(postSpy).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('a refresh failing for another reason (server down) keeps the session', async () => {
    tokenStorage.set('old-access', 'old-refresh');
    apiClient.defaults.adapter = expiringAdapter();
    postSpy.mockRejectedValue(refreshRejection(503));
    await expect(apiClient.get('/a')).rejects.toMatchObject({
      response: { status: 503 },
    });
    expect(window.localStorage.getItem('refreshToken')).toBe('old-refresh');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('apiClient: 419 on any request', () => {
  it('clears both tokens, calls onSessionExpired and rejects', async () => {
    tokenStorage.set('some-access', 'some-refresh');
    apiClient.defaults.adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 419, {
        success: false,
        message: 'Phiên đăng nhập đã hết hạn',
        code: 'REFRESH_TOKEN_INVALID',
      }),
    );
    await expect(apiClient.get('/v1/user/information')).rejects.toMatchObject({
      response: { status: 419 },
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(postSpy).not.toHaveBeenCalled();
  });

  it('other errors (403, 500) leave the tokens alone', async () => {
    tokenStorage.set('some-access', 'some-refresh');
    let status = 403;
    apiClient.defaults.adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, status, { success: false, message: 'x' }),
    );
    await expect(apiClient.get('/a')).rejects.toMatchObject({
      response: { status: 403 },
    });
    status = 500;
    await expect(apiClient.get('/a')).rejects.toMatchObject({
      response: { status: 500 },
    });
    expect(window.localStorage.getItem('accessToken')).toBe('some-access');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(postSpy).not.toHaveBeenCalled();
  });
});

describe('apiErrorMessage', () => {
  it("returns the server's message", async () => {
    apiClient.defaults.adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 401, {
        success: false,
        message: 'Tài khoản hoặc mật khẩu không chính xác',
        code: 'INVALID_CREDENTIALS',
      }),
    );
    const error = await apiClient.post('/v1/user/login', {}).catch((e: unknown) => e);
    expect(apiErrorMessage(error, 'Đăng nhập thất bại')).toBe('Tài khoản hoặc mật khẩu không chính xác');
  });

  it('returns the fallback without a usable message', () => {
    const config = {
      headers: new AxiosHeaders(),
    } as InternalAxiosRequestConfig;
    const noBody = new AxiosError('Network Error', 'ERR_NETWORK', config);
    const emptyMessage = new AxiosError(
      'x',
      'ERR_BAD_RESPONSE',
      config,
      {},
      {
        status: 500,
        statusText: '',
        headers: {},
        config,
        data: { success: false, message: '' },
      },
    );
    const textBody = new AxiosError(
      'x',
      'ERR_BAD_RESPONSE',
      config,
      {},
      { status: 502, statusText: '', headers: {}, config, data: '<html>' },
    );
    expect(apiErrorMessage(noBody, 'fallback')).toBe('fallback');
    expect(apiErrorMessage(emptyMessage, 'fallback')).toBe('fallback');
    expect(apiErrorMessage(textBody, 'fallback')).toBe('fallback');
    expect(apiErrorMessage(new Error('boom'), 'fallback')).toBe('fallback');
    expect(apiErrorMessage(undefined, 'fallback')).toBe('fallback');
    expect(apiErrorMessage(null, 'fallback')).toBe('fallback');
  });
});
