import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient } from '../client';
import { getStudentDetail, getStudentLedger, getStudents, postAdjustment } from './student-activity';

function serve(body: unknown) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, 200, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('student activity API', () => {
  it('asks one page of students with the set filters and reads the paging beside data', async () => {
    const adapter = serve({ success: true, message: '', data: [{ mssv: '1' }], total: 30_000, page: 3, per_page: 20 });
    await expect(
      getStudents({ studentId: '', studentName: 'nguyen', sortName: 1, sortPayment: null, page: 3, per_page: 20 }),
    ).resolves.toEqual({ data: [{ mssv: '1' }], total: 30_000, page: 3, per_page: 20 });
    expect(call(adapter).url).toBe('/v1/spso/students');
    expect(call(adapter).params).toEqual({ studentName: 'nguyen', sortName: 1, page: 3, per_page: 20 });
  });

  it('copes with an envelope without paging (the count is the page)', async () => {
    serve({ success: true, message: '', data: [{ mssv: '1' }, { mssv: '2' }] });
    await expect(getStudents({ page: 1, per_page: 20 })).resolves.toEqual({
      data: [{ mssv: '1' }, { mssv: '2' }],
      total: 2,
      page: 1,
      per_page: 20,
    });
  });

  it('asks the detail and a page of the ledger of a student by code', async () => {
    const adapter = serve({ success: true, message: '', data: [] });
    await getStudentDetail('2110001');
    expect(call(adapter).url).toBe('/v1/spso/detailStudent');
    expect(call(adapter).params).toEqual({ studentId: '2110001' });
    await getStudentLedger({ studentId: '2110001', page: 2, per_page: 10 });
    expect(call(adapter, 1).url).toBe('/v1/spso/studentLedger');
    expect(call(adapter, 1).params).toEqual({ studentId: '2110001', page: 2, per_page: 10 });
  });

  it('posts an adjustment with its request id', async () => {
    const adapter = serve({ success: true, message: '', data: { balance: 5, applied: true, entry: {} } });
    const body = { studentId: '2110001', pages: -5, reason: 'In lỗi máy', requestId: 'a-b' };
    await expect(postAdjustment(body)).resolves.toMatchObject({ balance: 5, applied: true });
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/spso/adjustment');
    expect(JSON.parse(call(adapter).data as string)).toEqual(body);
  });
});
