import { screen, within } from '@testing-library/react';
import { apiClient, connectSocket, disconnectSocket, type Notice } from 'shared-api';
import { answer, callsTo, initI18n, mockApi, OFFICER, ok, renderPage, resetSession } from 'test-support/page-harness';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import NoticePage from './notice-page';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const officer = OFFICER;

const NOTICE: Notice = {
  _id: 'n1',
  sender: { user_id: 'u5', role: 'staff', firstName: 'Hoa', lastName: 'Phạm Thị' },
  receiver: null,
  receiverRole: 'spso',
  location: { facility: 'CS1', department: 'B1', room: '109' },
  action: 'printer-disabled',
  description: 'Nhân viên tạm dừng máy in <b>B1-109</b><img src=x onerror=alert(1)>',
  printerId: 'B1-109',
  seen: false,
  actionTime: '2026-11-20T17:30:00.000Z',
  createdAt: '2026-11-20T17:30:00.000Z',
  updatedAt: '2026-11-20T17:30:00.000Z',
};

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(async () => {
  await connectSocket();
  resetSession(officer);
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/Notice', () => {
  it("the officer's notices under 'THÔNG BÁO', from the spso route, the printer linked to /ManageSpso", async () => {
    const adapter = mockApi({
      'GET /v1/spso/notices': (config) =>
        answer(config, 200, ok({ allNotices: [NOTICE], news: 1, total: 1, page: 1, per_page: 20 })),
    });
    renderPage('/Notice', '/Notice', <NoticePage />);
    expect(screen.getByRole('heading', { name: 'THÔNG BÁO' })).toBeInTheDocument();
    const row = (await screen.findByText('Phạm Thị Hoa')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-11-21 00:30:00')).toBeInTheDocument();
    expect(within(row).getByText('Cơ sở 1 · B1 · 109')).toBeInTheDocument();
    expect(row.querySelector('img')).toBeNull();
    expect(within(row).getByRole('link', { name: 'Xem máy in B1-109' })).toHaveAttribute(
      'href',
      '#/ManageSpso?printer=B1-109',
    );
    expect(callsTo(adapter, 'GET', '/v1/spso/notices')[0]!.params).toEqual({ page: 1, per_page: 20 });
  });
});
