import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { apiClient, disconnectSocket, useSessionStore, type Notice, type UserInfo } from 'shared-api';
import type { RemoteManifest } from 'shared-ui';
import { emitFakeReconnect, emitFakeSocketEvent, io } from 'test-support/fake-socket';
import { answer } from 'test-support/http';
import studentManifest from '../../../remote-student/src/manifest';
import staffManifest from '../../../remote-staff/src/manifest';
import spsoManifest from '../../../remote-spso/src/manifest';
import { initI18n } from '../i18n';
import { SessionGate } from './session-gate';

// Jest cannot load federated modules: the role's manifest comes from the remote's source instead.
const mockLoadRoleManifest = jest.fn<Promise<RemoteManifest>, [string]>();
jest.mock('../remotes/remote-loader', () => ({
  loadRoleManifest: (role: string) => mockLoadRoleManifest(role),
  remoteName: (role: string) => `remote_${role}`,
}));
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));
jest.mock('../../public/guides/huong-dan-sinh-vien.html', () => 'huong-dan-sinh-vien.html');
jest.mock('../../public/guides/huong-dan-quan-ly-spso.html', () => 'huong-dan-quan-ly-spso.html');
jest.mock('../../public/guides/huong-dan-nhan-vien.html', () => 'huong-dan-nhan-vien.html');

const manifests: Record<string, RemoteManifest> = {
  student: studentManifest,
  staff: staffManifest,
  spso: spsoManifest,
};

const officer: UserInfo = {
  _id: 'u9',
  mssv: 'SPSO01',
  firstName: 'Bình',
  lastName: 'Trần',
  email: 'spso@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'spso',
};

const NOTICE: Notice = {
  _id: 'n1',
  sender: { user_id: 'u5', role: 'staff', firstName: 'Hoa', lastName: 'Phạm Thị' },
  receiver: null,
  receiverRole: 'spso',
  location: { facility: 'CS2', department: 'H6', room: '605' },
  action: 'printer-disabled',
  description: 'Nhân viên tạm dừng máy in <b>H6-605</b>',
  printerId: 'H6-605',
  seen: false,
  actionTime: '2026-11-20T03:04:05.000Z',
  createdAt: '2026-11-20T03:04:05.000Z',
  updatedAt: '2026-11-20T03:04:05.000Z',
};

/** The signed-in user and the notices API of `user.role` answering the server's count `state.news`. */
function serve(user: UserInfo, state: { news: number }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
    const ok = (data: unknown) => answer(config, 200, { success: true, message: '', data });
    const method = (config.method ?? 'get').toUpperCase();
    if (config.url === '/v1/user/information') return ok(user);
    if (method === 'GET' && config.url === `/v1/${user.role}/notices`) {
      const { page, per_page } = config.params as { page: number; per_page: number };
      const rows = per_page === 1 ? [] : [{ ...NOTICE, seen: state.news === 0 }];
      return ok({ allNotices: rows, news: state.news, total: 1, page, per_page });
    }
    if (method === 'PUT' && config.url === `/v1/${user.role}/notices/seen`) {
      state.news = 0;
      return ok({ news: 0 });
    }
    return answer(config, 404, { success: false, message: 'not found' });
  });
  apiClient.defaults.adapter = adapter;
  return adapter;
}

/** The GET calls of the notices API: the badge's (per_page 1) and the page's (per_page 20). */
function noticeCalls(adapter: jest.Mock, perPage: number): number {
  return adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((c) => c.url?.endsWith('/notices') && (c.params as { per_page?: number })?.per_page === perPage).length;
}

function renderAt(hash: string) {
  window.location.hash = hash;
  return render(
    <HashRouter>
      <Routes>
        <Route path="/Login" element={<div>LOGIN</div>} />
        <Route path="*" element={<SessionGate />} />
      </Routes>
    </HashRouter>,
  );
}

/** The Notices menu item's badge count ('' when hidden). */
async function badge(): Promise<string> {
  const nav = await screen.findByRole('navigation');
  const item = Array.from(nav.querySelectorAll<HTMLElement>('a.sp-menu-item')).find((i) =>
    i.textContent?.startsWith('Thông báo'),
  );
  return item?.querySelector('.sp-count')?.getAttribute('title') ?? '';
}

jest.setTimeout(30_000);
initI18n();

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
  window.localStorage.clear();
  window.localStorage.setItem('accessToken', 'acc');
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  mockLoadRoleManifest.mockReset();
  mockLoadRoleManifest.mockImplementation((role) => Promise.resolve(manifests[role]!));
  window.innerWidth = 1400;
});

afterEach(() => {
  delete apiClient.defaults.adapter;
  disconnectSocket();
});

describe('the Notices badge', () => {
  it('follows update-notification-list on any page: shown with the count, hidden at zero', async () => {
    const state = { news: 2 };
    const adapter = serve(officer, state);
    renderAt('#/Home');
    await waitFor(async () => expect(await badge()).toBe('2'));
    const before = noticeCalls(adapter, 1);

    // A new notice: the server says update-notification-list, the shell asks the count again.
    state.news = 5;
    act(() => emitFakeSocketEvent('update-notification-list'));
    await waitFor(async () => expect(await badge()).toBe('5'));
    expect(noticeCalls(adapter, 1)).toBe(before + 1);

    // 'Xác nhận đã xem' in another tab of the same user: the server tells this tab too.
    state.news = 0;
    act(() => emitFakeSocketEvent('update-notification-list'));
    await waitFor(async () => expect(await badge()).toBe(''));
    expect(useSessionStore.getState().newNotices).toBe(0);
    expect(noticeCalls(adapter, 1)).toBe(before + 2);
  });

  it('counts again when the realtime connection comes back (the events sent meanwhile are lost)', async () => {
    const state = { news: 1 };
    const adapter = serve(officer, state);
    renderAt('#/Home');
    await waitFor(async () => expect(await badge()).toBe('1'));
    const before = noticeCalls(adapter, 1);
    // two notices were written while this tab was offline: no event reached it
    state.news = 3;
    act(() => emitFakeReconnect());
    await waitFor(async () => expect(await badge()).toBe('3'));
    expect(noticeCalls(adapter, 1)).toBe(before + 1);
  });

  it("/Notice: 'Xác nhận đã xem' clears the badge; an event reloads the page's list and the count", async () => {
    const state = { news: 1 };
    const adapter = serve(officer, state);
    renderAt('#/Notice');
    expect(await screen.findByText('THÔNG BÁO')).toBeInTheDocument();
    expect(await screen.findByText('Phạm Thị Hoa')).toBeInTheDocument();
    await waitFor(async () => expect(await badge()).toBe('1'));

    state.news = 4;
    const [lists, counts] = [noticeCalls(adapter, 20), noticeCalls(adapter, 1)];
    act(() => emitFakeSocketEvent('update-notification-list'));
    await waitFor(() => expect(noticeCalls(adapter, 20)).toBe(lists + 1));
    await waitFor(() => expect(noticeCalls(adapter, 1)).toBe(counts + 1));
    await waitFor(async () => expect(await badge()).toBe('4'));

    fireEvent.click(screen.getByRole('button', { name: /Xác nhận đã xem/ }));
    await waitFor(async () => expect(await badge()).toBe(''));
    expect(
      adapter.mock.calls.filter(([c]) => (c as InternalAxiosRequestConfig).url === '/v1/spso/notices/seen'),
    ).toHaveLength(1);
    await waitFor(() => expect(document.querySelector('.sp-row-highlight')).toBeNull());
  });

  it('staff get their own count; a student never asks for notices nor listens', async () => {
    const staffAdapter = serve({ ...officer, role: 'staff' }, { news: 3 });
    const view = renderAt('#/Home');
    await waitFor(async () => expect(await badge()).toBe('3'));
    expect(noticeCalls(staffAdapter, 1)).toBeGreaterThan(0);
    view.unmount();
    disconnectSocket();

    useSessionStore.setState(useSessionStore.getInitialState(), true);
    const studentAdapter = serve({ ...officer, mssv: '2110001', role: 'student' }, { news: 3 });
    renderAt('#/Home');
    await screen.findByRole('navigation');
    await screen.findByText('In tài liệu');
    act(() => emitFakeSocketEvent('update-notification-list'));
    await new Promise((r) => setTimeout(r, 50));
    expect(studentAdapter.mock.calls.filter(([c]) => String(c.url).includes('notices'))).toHaveLength(0);
    // Nothing of the student's session listens for notices.
    const socket = io.mock.results.at(-1)!.value as { on: jest.Mock };
    expect(socket.on.mock.calls.map(([event]) => event)).not.toContain('update-notification-list');
    expect(useSessionStore.getState().newNotices).toBe(0);
  });
});
