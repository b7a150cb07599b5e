import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient, apiErrorCode, apiErrorMessage } from '../client';
import { changeAccount, changeOwnPassword, createAccount, getAccounts, importStudents } from './accounts';

function serve(status = 200, body: unknown = { success: true, message: '', data: null }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, status, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('accounts API', () => {
  it('asks a page of accounts with the set filters only, disabled as text', async () => {
    const adapter = serve(200, { success: true, message: '', data: { users: [{ id: 'u1' }], total: 41 } });
    await expect(
      getAccounts({ role: 'staff', searchField: 'nguyen', disabled: false, page: 3, per_page: 20 }),
    ).resolves.toEqual({ users: [{ id: 'u1' }], total: 41 });
    expect(call(adapter).method).toBe('get');
    expect(call(adapter).url).toBe('/v1/spso/users');
    expect(call(adapter).params).toEqual({
      role: 'staff',
      searchField: 'nguyen',
      disabled: 'false',
      page: 3,
      per_page: 20,
    });
    await getAccounts({ searchField: '', page: 1, per_page: 20 });
    expect(call(adapter, 1).params).toEqual({ page: 1, per_page: 20 });
  });

  it('copes with an answer without a list', async () => {
    serve(200, { success: true, message: '', data: null });
    await expect(getAccounts({ page: 1 })).resolves.toEqual({ users: [], total: 0 });
  });

  it('issues an account, changes one, and reads the refusal codes', async () => {
    const adapter = serve(200, {
      success: true,
      message: '',
      data: { user: { id: 'u2' }, temporaryPassword: 'Tmp-1' },
    });
    const request = { email: 'b@hcmut.edu.vn', firstName: 'Bình', lastName: 'Trần', role: 'staff' as const };
    await expect(createAccount({ ...request, facility: 'CS1' })).resolves.toEqual({
      user: { id: 'u2' },
      temporaryPassword: 'Tmp-1',
    });
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/spso/users');
    expect(JSON.parse(call(adapter).data as string)).toEqual({ ...request, facility: 'CS1' });

    await changeAccount({ id: 'u2', resetPassword: true });
    expect(call(adapter, 1).method).toBe('put');
    expect(call(adapter, 1).url).toBe('/v1/spso/users');
    expect(JSON.parse(call(adapter, 1).data as string)).toEqual({ id: 'u2', resetPassword: true });

    serve(409, { success: false, message: 'Không thể vô hiệu hóa quản trị viên cuối cùng', code: 'LAST_OFFICER' });
    const error = await changeAccount({ id: 'u8', disabled: true }).catch((e: unknown) => e);
    expect(apiErrorCode(error)).toBe('LAST_OFFICER');
    expect(apiErrorMessage(error, 'x')).toBe('Không thể vô hiệu hóa quản trị viên cuối cùng');
  });

  it('sends the CSV as multipart with dryRun, without a timeout', async () => {
    const result = { created: 1, updated: 0, unchanged: 0, errors: [], changes: [], applied: false };
    const adapter = serve(200, { success: true, message: '', data: result });
    const csv = new Blob(['mssv,email\n'], { type: 'text/csv' });
    await expect(importStudents(csv, 'k2026.csv', true)).resolves.toEqual(result);
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/spso/users/import');
    expect(call(adapter).timeout).toBe(0);
    const form = call(adapter).data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('dryRun')).toBe('true');
    expect((form.get('file') as File).name).toBe('k2026.csv');
    await importStudents(csv, 'k2026.csv', false);
    expect((call(adapter, 1).data as FormData).get('dryRun')).toBe('false');
  });

  it('changes the own password', async () => {
    const adapter = serve();
    await expect(changeOwnPassword({ currentPassword: 'old-pass', newPassword: 'new-pass-1' })).resolves.toBe(
      undefined,
    );
    expect(call(adapter).method).toBe('put');
    expect(call(adapter).url).toBe('/v1/user/password');
    expect(JSON.parse(call(adapter).data as string)).toEqual({
      currentPassword: 'old-pass',
      newPassword: 'new-pass-1',
    });
  });
});
