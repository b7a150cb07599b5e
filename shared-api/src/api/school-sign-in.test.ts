import { type InternalAxiosRequestConfig } from 'axios';
import { apiClient } from '../client';
import { tokenStorage } from '../tokens';
import { exchangeSignInCode, schoolLogoutUrl } from './school-sign-in';
import { answer } from 'test-support/http';

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('school sign-in', () => {
  it('exchangeSignInCode posts the code, stores the pair as a login does, and the way in', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, {
        success: true,
        message: 'Đăng nhập thành công',
        data: { accessToken: 'acc', refreshToken: 'ref', role: 'student', provider: 'oidc' },
      }),
    );
    apiClient.defaults.adapter = adapter;
    await expect(exchangeSignInCode('one-time')).resolves.toMatchObject({ role: 'student', provider: 'oidc' });
    expect(adapter.mock.calls[0]![0].url).toBe('/v1/auth/exchange');
    expect(JSON.parse(adapter.mock.calls[0]![0].data as string)).toEqual({ code: 'one-time' });
    expect(window.localStorage.getItem('accessToken')).toBe('acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('ref');
    expect(tokenStorage.getSignInProvider()).toBe('oidc');
  });

  it('a refused code stores nothing', async () => {
    apiClient.defaults.adapter = (config) =>
      answer(config, 401, { success: false, message: 'Mã đăng nhập không hợp lệ', code: 'SIGN_IN_CODE_INVALID' });
    await expect(exchangeSignInCode('used')).rejects.toBeDefined();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(tokenStorage.getSignInProvider()).toBeNull();
  });

  it("the school's logout page is the API's, for the way in", () => {
    expect(schoolLogoutUrl('cas')).toBe('/v1/auth/logout?provider=cas');
  });
});
