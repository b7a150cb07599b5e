import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient, apiErrorMessage } from '../client';
import { downloadStoredReport, fileNameOf, getReport, getReportArchive, getYearReport, saveFile } from './reports';

function serve(data: unknown = { ok: 1 }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
    answer(config, 200, { success: true, message: '', data }),
  );
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('accessToken', 'acc');
});
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('reports API', () => {
  it('asks the report of a year or a month, leaving out an unset month, and the 12 monthly totals', async () => {
    const adapter = serve();
    await getReport({ year: 2026, month: null, sortDirection: 1 });
    expect(call(adapter).url).toBe('/v1/spso/reports');
    expect(call(adapter).params).toEqual({ year: 2026, sortDirection: 1 });
    await getReport({ year: 2025, month: 3, sortDirection: -1 });
    expect(call(adapter, 1).params).toEqual({ year: 2025, month: 3, sortDirection: -1 });
    await getYearReport(2024);
    expect(call(adapter, 2).url).toBe('/v1/spso/viewReport');
    expect(call(adapter, 2).params).toEqual({ year: 2024 });
    await getReportArchive();
    expect(call(adapter, 3).url).toBe('/v1/spso/report-archive');
  });

  it('downloads a stored report as a blob with the bearer token in the header, never in the URL', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      Promise.resolve({
        status: 200,
        statusText: 'OK',
        data: new Blob(['\ufeffa,b\n'], { type: 'text/csv' }),
        headers: { 'content-disposition': 'attachment; filename="bao-cao-2026-01.csv"' },
        config,
      }),
    );
    apiClient.defaults.adapter = adapter;
    const file = await downloadStoredReport('r 1', 'csv');
    expect(file.fileName).toBe('bao-cao-2026-01.csv');
    expect(file.blob.size).toBeGreaterThan(0);
    const config = call(adapter);
    expect(config.url).toBe('/v1/spso/report-archive/r%201');
    expect(config.params).toEqual({ format: 'csv' });
    expect(config.responseType).toBe('blob');
    expect(config.headers.get('Authorization')).toBe('Bearer acc');
    expect(config.url).not.toContain('acc');
  });

  it("reads the server's message back from a refused download", async () => {
    apiClient.defaults.adapter = (config) =>
      answer(config, 404, new Blob([JSON.stringify({ success: false, message: 'Không có báo cáo này' })]));
    const error = await downloadStoredReport('x', 'pdf').catch((e: unknown) => e);
    expect(apiErrorMessage(error, 'fallback')).toBe('Không có báo cáo này');
  });

  it('names the file from Content-Disposition, the UTF-8 form first', () => {
    expect(fileNameOf('attachment; filename="a.csv"; filename*=UTF-8\'\'b%C3%A1o.csv', 'x')).toBe('báo.csv');
    expect(fileNameOf('attachment; filename=plain.pdf', 'x')).toBe('plain.pdf');
    expect(fileNameOf(undefined, 'fallback.csv')).toBe('fallback.csv');
  });

  it('saves a file through a temporary object URL', () => {
    jest.useFakeTimers();
    const create = jest.fn(() => 'blob:1');
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    saveFile({ blob: new Blob(['x']), fileName: 'r.csv' });
    expect(click).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('r.csv');
    expect(link.href).toBe('blob:1');
    expect(document.querySelector('a[download]')).toBeNull();
    jest.advanceTimersByTime(1_000);
    expect(revoke).toHaveBeenCalledWith('blob:1');
    jest.useRealTimers();
  });
});
