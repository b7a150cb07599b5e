import { type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../client';
import { fetchUserInformation, login, logout } from './user';
import { answer } from 'test-support/http';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('login', () => {
  it('posts email and password to /v1/user/login and stores both tokens', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, {
        success: true,
        message: '',
        data: { accessToken: 'acc', refreshToken: 'ref', role: 'student' },
      }),
    );
    apiClient.defaults.adapter = adapter;
    const data = await login({ email: 'an@hcmut.edu.vn', password: 'pw' });
    expect(data.role).toBe('student');
    const config = adapter.mock.calls[0]![0];
    expect(config.method).toBe('post');
    expect(config.url).toBe('/v1/user/login');
    expect(JSON.parse(config.data as string)).toEqual({
      email: 'an@hcmut.edu.vn',
      password: 'pw',
    });
    expect(window.localStorage.getItem('accessToken')).toBe('acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('ref');
  });

  it('stores nothing when the server refuses', async () => {
    apiClient.defaults.adapter = (config) => answer(config, 401, { success: false, message: 'Sai mật khẩu' });
    await expect(login({ email: 'a', password: 'b' })).rejects.toMatchObject({
      response: { status: 401 },
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });
});

describe('fetchUserInformation', () => {
  it('answers the data of GET /v1/user/information', async () => {
    const user = {
      mssv: '2110001',
      firstName: 'An',
      lastName: 'Nguyễn',
      role: 'student',
      balance: 3,
    };
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: user }),
    );
    apiClient.defaults.adapter = adapter;
    await expect(fetchUserInformation()).resolves.toEqual(user);
    expect(adapter.mock.calls[0]![0].method).toBe('get');
    expect(adapter.mock.calls[0]![0].url).toBe('/v1/user/information');
  });
});

describe('logout', () => {
  it('posts the refresh token to /v1/user/logout and clears both tokens', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    window.localStorage.setItem('refreshToken', 'ref');
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: null }),
    );
    apiClient.defaults.adapter = adapter;
    await logout();
    expect(adapter.mock.calls[0]![0].url).toBe('/v1/user/logout');
    expect(JSON.parse(adapter.mock.calls[0]![0].data as string)).toEqual({
      refreshToken: 'ref',
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });

  it('clears both tokens even when the server call fails', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    window.localStorage.setItem('refreshToken', 'ref');
    apiClient.defaults.adapter = (config) => answer(config, 500, { success: false, message: 'down' });
    await expect(logout()).rejects.toBeDefined();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
  });
});
