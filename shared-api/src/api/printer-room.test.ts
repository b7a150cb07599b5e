import { type InternalAxiosRequestConfig } from 'axios';
import { answer } from 'test-support/http';
import { apiClient } from '../client';
import {
  createPrinter,
  getAdminPrinters,
  getPrintingLog,
  getPrintingQueue,
  getStudentHistory,
  probePrinter,
  retirePrinter,
  setPrinterStatus,
  updatePrinter,
} from './printer-room';

function serve(data: unknown = { ok: 1 }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
    answer(config, 200, { success: true, message: '', data }),
  );
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const call = (adapter: jest.Mock, i = 0) => adapter.mock.calls[i]![0] as InternalAxiosRequestConfig;

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('printer room API', () => {
  it('lists the printers of the role, leaving out the filters that are not set, and unwraps data', async () => {
    const list = { printers: [], totalPrinter: 3, activatedPrinter: 2 };
    const adapter = serve(list);
    await expect(getAdminPrinters('spso', { searchField: '', status: '0', sortDirection: '-1' })).resolves.toEqual(
      list,
    );
    expect(call(adapter).url).toBe('/v1/spso/printers');
    expect(call(adapter).params).toEqual({ status: '0', sortDirection: '-1' });
    await getAdminPrinters('staff', { facility: 'CS2' });
    expect(call(adapter, 1).url).toBe('/v1/staff/printers');
    expect(call(adapter, 1).params).toEqual({ facility: 'CS2' });
  });

  it('asks a printer queue and a page of its log, dates only when given', async () => {
    const adapter = serve();
    await getPrintingQueue('staff', 'P-1');
    expect(call(adapter).url).toBe('/v1/staff/printingQueue');
    expect(call(adapter).params).toEqual({ printerId: 'P-1' });
    await getPrintingLog('spso', { printerId: 'P-1', startDate: null, endDate: '2024-05-02', page: 3, per_page: 20 });
    expect(call(adapter, 1).url).toBe('/v1/spso/printingLog');
    expect(call(adapter, 1).params).toEqual({ printerId: 'P-1', endDate: '2024-05-02', page: 3, per_page: 20 });
  });

  it('sends status changes, edits, creations and retirements to the right routes with their bodies', async () => {
    const adapter = serve();
    await setPrinterStatus('staff', 'P-1', 0);
    await updatePrinter({ printerId: 'P-1', brand: 'HP' });
    const input = {
      printerId: 'P-2',
      brand: 'Canon',
      model: 'LBP',
      location: { facility: 'CS1', department: 'B1', room: '101' },
      description: '',
      status: 1 as const,
    };
    await createPrinter(input);
    await retirePrinter('P-3');
    const calls = adapter.mock.calls.map(([c]) => [c.method, c.url, JSON.parse(c.data as string)]);
    expect(calls).toEqual([
      ['put', '/v1/staff/printer', { printerId: 'P-1', status: 0 }],
      ['put', '/v1/spso/printer', { printerId: 'P-1', brand: 'HP' }],
      ['post', '/v1/spso/printer', input],
      ['delete', '/v1/spso/printer', { printerId: 'P-3' }],
    ]);
  });

  it("asks a student's history by code and range, and rejects with the server's 404", async () => {
    const adapter = serve();
    await getStudentHistory({ studentId: '2110001', start: '2024-05-01', end: '2024-05-31', page: 1, per_page: 10 });
    expect(call(adapter).url).toBe('/v1/staff/studentHistory');
    expect(call(adapter).params).toEqual({
      studentId: '2110001',
      start: '2024-05-01',
      end: '2024-05-31',
      page: 1,
      per_page: 10,
    });
    apiClient.defaults.adapter = (config) =>
      answer(config, 404, { success: false, message: 'Không tìm thấy sinh viên' });
    await expect(getStudentHistory({ studentId: 'x', page: 1, per_page: 10 })).rejects.toMatchObject({
      response: { status: 404 },
    });
  });

  it("asks a device through the probe route, and rejects with the server's 422 when it does not answer", async () => {
    const probe = {
      makeAndModel: 'HP LaserJet M404',
      state: 'idle',
      stateReasons: [],
      media: ['iso_a4_210x297mm'],
      sides: ['one-sided'],
      colorModes: ['monochrome'],
      formats: ['application/pdf'],
    };
    const adapter = serve(probe);
    const controller = new AbortController();
    await expect(probePrinter('ipp://10.0.0.5:631/ipp/print', controller.signal)).resolves.toEqual(probe);
    expect(call(adapter).method).toBe('post');
    expect(call(adapter).url).toBe('/v1/spso/printer/probe');
    expect(JSON.parse(call(adapter).data as string)).toEqual({ deviceUri: 'ipp://10.0.0.5:631/ipp/print' });
    expect(call(adapter).signal).toBe(controller.signal);
    apiClient.defaults.adapter = (config) =>
      answer(config, 422, { success: false, message: 'Thiết bị không trả lời', code: 'DEVICE_UNREACHABLE' });
    await expect(probePrinter('ipp://10.0.0.6/ipp/print')).rejects.toMatchObject({
      response: { status: 422, data: { message: 'Thiết bị không trả lời' } },
    });
  });
});
