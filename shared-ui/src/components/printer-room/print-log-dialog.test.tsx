import { act, screen, waitFor, within } from '@testing-library/react';
import { apiClient, connectSocket, disconnectSocket, type PrintingLogResponse, type UserInfo } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { job, printer } from 'test-support/printer-room-fixtures';
import { answer, callsTo, initI18n, mockApi, ok, renderPage, resetSession } from 'test-support/page-harness';
import { PrintLogDialog } from './print-log-dialog';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const staff: UserInfo = {
  _id: 's1',
  mssv: 'NV001',
  firstName: 'Ngọc',
  lastName: 'Trần Thị Bích',
  email: 'staff@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'staff',
};

beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(async () => {
  await connectSocket();
  resetSession(staff);
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('PrintLogDialog', () => {
  it("follows the printer's jobs live: a queue change reloads the open log quietly", async () => {
    const state: PrintingLogResponse = { printingLog: [job('j1')], total: 1, page: 1, per_page: 20 };
    const adapter = mockApi({ 'GET /v1/staff/printingLog': (config) => answer(config, 200, ok(state)) });
    renderPage('/', '/', <PrintLogDialog role="staff" printer={printer('B1-109')} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(2));
    const before = callsTo(adapter, 'GET', '/v1/staff/printingLog').length;

    // a new job reached the printer: the server tells every portal to reload its printer views
    state.printingLog = [job('j2'), job('j1')];
    state.total = 2;
    act(() => emitFakeSocketEvent('update-printer-list'));
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(callsTo(adapter, 'GET', '/v1/staff/printingLog')).toHaveLength(before + 1);
  });
});
