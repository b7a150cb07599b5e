import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient, apiErrorMessage } from '../client';
import { extendHeldJob, moveJob, releaseHeldJobs } from './release';

function serve(status: number, body: unknown) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, status, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;
const bodyOf = (adapter: jest.Mock, i = 0) => JSON.parse(call(adapter, i).data as string) as unknown;

afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('release API', () => {
  it('releases with a POST of the printer, the station code and the optional job, and unwraps data', async () => {
    const data = { printingLogs: [{ _id: 'log-1', status: 'Queued' }] };
    const adapter = serve(200, { success: true, message: '', data });
    await expect(releaseHeldJobs({ printerId: 'P1', stationCode: 'ACEFHJ' })).resolves.toEqual(data);
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/student/release');
    expect(bodyOf(adapter)).toEqual({ printerId: 'P1', stationCode: 'ACEFHJ' });
    await releaseHeldJobs({ printerId: 'P1', stationCode: 'ACEFHJ', printingLogId: 'log-1' });
    expect(bodyOf(adapter, 1)).toEqual({ printerId: 'P1', stationCode: 'ACEFHJ', printingLogId: 'log-1' });
  });

  it('moves and extends with a PUT each', async () => {
    const data = { printingLog: { _id: 'log-1', printerId: 'P2' } };
    const adapter = serve(200, { success: true, message: '', data });
    await expect(moveJob({ printingLogId: 'log-1', printerId: 'P2' })).resolves.toEqual(data);
    expect(call(adapter).method).toBe('put');
    expect(call(adapter).url).toBe('/v1/student/move');
    expect(bodyOf(adapter)).toEqual({ printingLogId: 'log-1', printerId: 'P2' });
    await extendHeldJob({ printingLogId: 'log-1' });
    expect(call(adapter, 1).method).toBe('put');
    expect(call(adapter, 1).url).toBe('/v1/student/extend');
    expect(bodyOf(adapter, 1)).toEqual({ printingLogId: 'log-1' });
  });

  it("a refusal rejects with the server's message", async () => {
    serve(422, { success: false, message: 'Máy in đang báo lỗi.', code: 'PRINTER_ERROR' });
    const error: unknown = await releaseHeldJobs({ printerId: 'P1', stationCode: 'ACEFHJ' }).catch((e: unknown) => e);
    expect(apiErrorMessage(error, '')).toBe('Máy in đang báo lỗi.');
  });
});
