import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient } from '../client';
import { getSystemConfig, isWrongPassword, updateSystemConfig } from './system-config';

const CONFIG = {
  currentBalance: 100,
  defaultBalance: 100,
  startDate1: '2026-09-01',
  startDate2: '2027-01-15',
  currentA4Price: 500,
  defaultA4Price: 500,
  currentFileType: ['pdf'],
  defaultFileType: ['pdf'],
  isDefault: true,
  retentionHours: 24,
  defaultRetentionHours: 24,
  inactiveFileTypes: [],
  updatedAt: null,
  updatedBy: null,
};

function serve(status = 200, body: unknown = { success: true, message: '', data: CONFIG }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, status, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('system configuration API', () => {
  it('reads the configuration and saves it with the password, unwrapping data', async () => {
    const adapter = serve();
    await expect(getSystemConfig()).resolves.toEqual(CONFIG);
    expect(call(adapter).method).toBe('get');
    expect(call(adapter).url).toBe('/v1/spso/systemConfig');
    const update = {
      currentBalance: 120,
      startDate1: '2026-09-01',
      startDate2: '2027-01-15',
      currentA4Price: 600,
      currentFileType: ['pdf', 'docx'],
      isDefault: false,
      password: 'Demo@12345',
    };
    await expect(updateSystemConfig(update)).resolves.toEqual(CONFIG);
    expect(call(adapter, 1).method).toBe('put');
    expect(call(adapter, 1).url).toBe('/v1/spso/systemConfig');
    expect(JSON.parse(call(adapter, 1).data as string)).toEqual(update);
  });

  it('tells a wrong password (422 WRONG_PASSWORD) from the other refusals', async () => {
    serve(422, { success: false, message: 'Mật khẩu không chính xác !', code: 'WRONG_PASSWORD' });
    const wrong = await getSystemConfig().catch((e: unknown) => e);
    expect(isWrongPassword(wrong)).toBe(true);
    serve(429, { success: false, message: 'Thử lại sau', code: 'TOO_MANY_REQUESTS' });
    expect(isWrongPassword(await getSystemConfig().catch((e: unknown) => e))).toBe(false);
    serve(422, { success: false, message: 'x', code: 'BUSINESS_RULE' });
    expect(isWrongPassword(await getSystemConfig().catch((e: unknown) => e))).toBe(false);
    expect(isWrongPassword(new Error('network'))).toBe(false);
  });
});
