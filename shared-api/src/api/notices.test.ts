import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient } from '../client';
import type { UserInfo } from '../contracts';
import { useSessionStore } from '../session-store';
import { getNotices, isNoticeRole, markNoticesSeen, refreshNoticeCount } from './notices';

const user = (role: UserInfo['role']): UserInfo => ({
  _id: 'u1',
  mssv: 'X1',
  firstName: 'An',
  lastName: 'Nguyễn',
  email: 'an@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role,
});

function serve(data: unknown) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
    answer(config, 200, { success: true, message: '', data }),
  );
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('notices API', () => {
  it("asks one page of the role's notices and unwraps data", async () => {
    const list = { allNotices: [], news: 4, total: 40, page: 2, per_page: 20 };
    const adapter = serve(list);
    await expect(getNotices('spso', 2, 20)).resolves.toEqual(list);
    expect(call(adapter).method).toBe('get');
    expect(call(adapter).url).toBe('/v1/spso/notices');
    expect(call(adapter).params).toEqual({ page: 2, per_page: 20 });
    await getNotices('staff', 1, 1);
    expect(call(adapter, 1).url).toBe('/v1/staff/notices');
    expect(call(adapter, 1).params).toEqual({ page: 1, per_page: 1 });
  });

  it('marks every notice of the role seen with a PUT', async () => {
    const adapter = serve({ news: 0 });
    await expect(markNoticesSeen('staff')).resolves.toEqual({ news: 0 });
    expect(call(adapter).method).toBe('put');
    expect(call(adapter).url).toBe('/v1/staff/notices/seen');
  });

  it('knows which roles read notices', () => {
    expect(isNoticeRole('staff')).toBe(true);
    expect(isNoticeRole('spso')).toBe(true);
    expect(isNoticeRole('student')).toBe(false);
    expect(isNoticeRole(null)).toBe(false);
  });
});

describe('refreshNoticeCount', () => {
  it("puts the reader's count of new notices in the store, asking the smallest page", async () => {
    useSessionStore.getState().setUser(user('spso'));
    const adapter = serve({ allNotices: [], news: 7, total: 9, page: 1, per_page: 1 });
    await refreshNoticeCount();
    expect(useSessionStore.getState().newNotices).toBe(7);
    expect(call(adapter).url).toBe('/v1/spso/notices');
    expect(call(adapter).params).toEqual({ page: 1, per_page: 1 });
  });

  it('asks nothing for a student or a signed-out tab', async () => {
    const adapter = serve({ news: 3 });
    await refreshNoticeCount();
    useSessionStore.getState().setUser(user('student'));
    await refreshNoticeCount();
    expect(adapter).not.toHaveBeenCalled();
    expect(useSessionStore.getState().newNotices).toBe(0);
  });

  it('keeps the last of overlapping answers, and only logs a failure', async () => {
    useSessionStore.getState().setUser(user('staff'));
    const resolvers: ((news: number) => void)[] = [];
    apiClient.defaults.adapter = (config) =>
      new Promise((resolve) =>
        resolvers.push((news) => resolve(answer(config, 200, { success: true, data: { news } }))),
      );
    const first = refreshNoticeCount();
    const second = refreshNoticeCount();
    await new Promise((r) => setTimeout(r, 0));
    resolvers[1]!(0);
    await second;
    resolvers[0]!(5);
    await first;
    expect(useSessionStore.getState().newNotices).toBe(0);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiClient.defaults.adapter = (config) => answer(config, 500, { success: false, message: 'x' });
    await expect(refreshNoticeCount()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    expect(useSessionStore.getState().newNotices).toBe(0);
  });
});
