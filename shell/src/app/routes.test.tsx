import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axios, { AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { apiClient, disconnectSocket, useSessionStore, type UserInfo } from 'shared-api';
import type { RemoteManifest } from 'shared-ui';
import studentManifest from '../../../remote-student/src/manifest';
import staffManifest from '../../../remote-staff/src/manifest';
import spsoManifest from '../../../remote-spso/src/manifest';
import { initI18n } from '../i18n';
import { SessionGate } from './session-gate';
import { answer } from 'test-support/http';

// Jest cannot load federated modules: the role's manifest comes from the remote's source instead.
const mockLoadRoleManifest = jest.fn<Promise<RemoteManifest>, [string]>();
jest.mock('../remotes/remote-loader', () => ({
  loadRoleManifest: (role: string) => mockLoadRoleManifest(role),
  remoteName: (role: string) => `remote_${role}`,
}));
// Leaving for the school's logout is a full navigation, which jsdom cannot do: recorded instead.
const mockEndSchoolSession = jest.fn();
jest.mock('../features/auth/school-logout', () => ({
  endSchoolSession: (provider: string) => mockEndSchoolSession(provider),
}));
// The realtime connection opened after login: an inert fake instead of a real socket.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));
// The guide page links static HTML files (webpack gives their URLs); the jest config maps no .html.
jest.mock('../../public/guides/huong-dan-sinh-vien.html', () => 'huong-dan-sinh-vien.html');
jest.mock('../../public/guides/huong-dan-quan-ly-spso.html', () => 'huong-dan-quan-ly-spso.html');
jest.mock('../../public/guides/huong-dan-nhan-vien.html', () => 'huong-dan-nhan-vien.html');

const manifests: Record<string, RemoteManifest> = {
  student: studentManifest,
  staff: staffManifest,
  spso: spsoManifest,
};

const baseUser: UserInfo = {
  _id: 'u1',
  mssv: '2110001',
  firstName: 'An',
  lastName: 'Nguyễn Văn',
  email: 'an@hcmut.edu.vn',
  balance: 20,
  major: 'Khoa học máy tính',
  classes: 'MT21KH01',
  currentA4Price: 500,
  role: 'student',
};
const officer: UserInfo = {
  ...baseUser,
  _id: 'u9',
  mssv: 'SPSO01',
  firstName: 'Bình',
  lastName: 'Trần',
  major: null,
  classes: null,
  role: 'spso',
};

/** An API that knows the signed-in user; any other call answers 404 (pages must cope). */
function serveUser(user: Partial<UserInfo> | null) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
    if (config.url === '/v1/user/information') {
      return user
        ? answer(config, 200, { success: true, message: '', data: user })
        : answer(config, 401, { success: false, message: 'Chưa đăng nhập' });
    }
    if (config.url === '/v1/user/logout') return answer(config, 200, { success: true, message: '', data: null });
    return answer(config, 404, { success: false, message: 'not found' });
  });
  apiClient.defaults.adapter = adapter;
  return adapter;
}

function renderAt(hash: string) {
  window.location.hash = hash;
  return render(
    <HashRouter>
      <Routes>
        <Route path="/" element={<div>LANDING</div>} />
        <Route path="/Login" element={<div>LOGIN</div>} />
        <Route path="*" element={<SessionGate />} />
      </Routes>
    </HashRouter>,
  );
}

const sideMenu = () => screen.findByRole('navigation');
/** The side menu's items (plain DOM query inside waitFor: role queries on antd's DOM are slow). */
const menuItems = (nav: HTMLElement) => Array.from(nav.querySelectorAll<HTMLElement>('a.sp-menu-item'));
/** Waits for a text cheaply, then checks once that it is a heading (role queries over antd's DOM are slow). */
async function findHeading(name: string): Promise<HTMLElement> {
  await screen.findByText(name);
  return screen.getByRole('heading', { name });
}
/** The header's user button, found by its text then its button (a role query over the whole page is slow). */
async function userButton(): Promise<HTMLElement> {
  const name = await screen.findByText(/Nguyễn Văn An/, { selector: 'button, button *' });
  const button = name.closest('button');
  if (!button) throw new Error('the user name is not inside a button');
  return button;
}
async function menuLabels(): Promise<string[]> {
  const nav = await sideMenu();
  await waitFor(() => expect(menuItems(nav).length).toBeGreaterThan(2));
  return within(nav)
    .getAllByRole('link')
    .map((item) => item.textContent ?? '');
}

// Sign-in then logout through antd's DOM takes ~8 s on 2 busy cores; CI's loaded machine needs the margin.
jest.setTimeout(45_000);
initI18n();

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  mockLoadRoleManifest.mockReset();
  mockLoadRoleManifest.mockImplementation((role) =>
    manifests[role] ? Promise.resolve(manifests[role]) : Promise.reject(new Error(`no remote for role ${role}`)),
  );
  // Wide window: the side menu is open (spec: > 1280 px).
  window.innerWidth = 1400;
});

afterEach(() => {
  delete apiClient.defaults.adapter;
  disconnectSocket();
});

describe('SessionGate', () => {
  it('without a stored token redirects to /Login and asks nothing of the server', async () => {
    const adapter = serveUser(baseUser);
    renderAt('#/Home');
    expect(await screen.findByText('LOGIN')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Login');
    expect(adapter).not.toHaveBeenCalled();
    expect(mockLoadRoleManifest).not.toHaveBeenCalled();
  });

  it('every signed-in route redirects to /Login without a token', async () => {
    serveUser(baseUser);
    for (const path of ['#/Printing', '#/Bkpay', '#/ManageSpso', '#/Support']) {
      const view = renderAt(path);
      expect(await screen.findByText('LOGIN')).toBeInTheDocument();
      view.unmount();
    }
  });

  it('a signed-out visitor keeps the page asked for as /Login?next= (the station QR with its query); /Home needs none', async () => {
    serveUser(baseUser);
    renderAt('#/Release?printer=P001&code=ACEFHJ');
    expect(await screen.findByText('LOGIN')).toBeInTheDocument();
    expect(window.location.hash).toBe(`#/Login?next=${encodeURIComponent('/Release?printer=P001&code=ACEFHJ')}`);
    expect(new URLSearchParams(window.location.hash.split('?')[1]).get('next')).toBe(
      '/Release?printer=P001&code=ACEFHJ',
    );
  });

  it('a path that is not one of this app is never carried as next (//evil.example)', async () => {
    serveUser(baseUser);
    renderAt('#//evil.example');
    expect(await screen.findByText('LOGIN')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Login');
  });

  it('when the user call fails (token refused) redirects to /Login', async () => {
    window.localStorage.setItem('accessToken', 'expired');
    serveUser(null);
    renderAt('#/Home');
    expect(await screen.findByText('LOGIN')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Login');
  });

  it("a token whose user is a student: the signed-in app with the student's menu, no messages button", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    const adapter = serveUser(baseUser);
    renderAt('#/Home');

    expect(await menuLabels()).toEqual(['Trang chủ', 'In tài liệu', 'Lịch sử', 'Hướng dẫn']);
    expect(mockLoadRoleManifest).toHaveBeenCalledWith('student');
    expect(adapter.mock.calls[0]![0].headers.get('Authorization')).toBe('Bearer acc');
    // The header: user's name, no messages button for a student.
    expect(screen.getByRole('button', { name: /Nguyễn Văn An/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tin nhắn' })).not.toBeInTheDocument();
    // The side menu shows the name and major.
    expect(within(await sideMenu()).getByText('Khoa học máy tính')).toBeInTheDocument();
  });

  it("a student reaches the remote's pages (/Printing) inside the layout", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(baseUser);
    renderAt('#/Printing');
    expect(await findHeading('CHỌN MÁY IN')).toBeInTheDocument();
    expect(await sideMenu()).toBeInTheDocument();
  });

  it("a student does not get another role's pages", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(baseUser);
    renderAt('#/ManageSpso');
    await menuLabels();
    expect(await screen.findByText('Không tìm thấy trang')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'QUẢN LÝ HỆ THỐNG MÁY IN' })).not.toBeInTheDocument();
  });

  it('/Bkpay is drawn without the common layout', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(baseUser);
    renderAt('#/Bkpay');
    expect(await findHeading('THANH TOÁN')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it("spso: the messages button and the officer's menu items in the spec's order", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(officer);
    renderAt('#/Nowhere');
    expect(await menuLabels()).toEqual([
      'Trang chủ',
      'Hệ thống máy in',
      'Cấu hình hệ thống',
      'Hoạt động in ấn',
      'Quản lý tài khoản',
      'Báo cáo',
      'Thông báo',
      'Hướng dẫn',
    ]);
    expect(mockLoadRoleManifest).toHaveBeenCalledWith('spso');
    expect(screen.getByRole('button', { name: 'Tin nhắn' })).toBeInTheDocument();
  });

  it('staff: the messages button and the staff menu', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser({ ...officer, role: 'staff' });
    renderAt('#/Nowhere');
    expect(await menuLabels()).toEqual(['Trang chủ', 'Hệ thống máy in', 'Thông báo', 'Hướng dẫn']);
    expect(screen.getByRole('button', { name: 'Tin nhắn' })).toBeInTheDocument();
  });

  it("the Notices item shows the store's count of new notices as a badge only when above zero", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(officer);
    renderAt('#/Nowhere');
    await menuLabels();
    const nav = await sideMenu();
    const notices = within(nav).getByRole('link', { name: /Thông báo/ });
    const noticesItem = () => menuItems(nav).find((item) => item.textContent?.startsWith('Thông báo'))!;
    expect(noticesItem()).toBe(notices);
    expect(noticesItem().querySelector('.sp-count')).toBeNull();

    act(() => useSessionStore.getState().setNewNotices(3));
    await waitFor(() => expect(noticesItem().querySelector('.sp-count')).not.toBeNull());
    expect(noticesItem().querySelector('.sp-count')).toHaveAttribute('title', '3');
    // No other item carries a badge.
    for (const item of menuItems(nav).filter((i) => i !== noticesItem()))
      expect(item.querySelector('.sp-count')).toBeNull();

    act(() => useSessionStore.getState().setNewNotices(0));
    await waitFor(() => expect(noticesItem().querySelector('.sp-count')).toBeNull());
  });

  it('after a page reload an spso still gets the new-notice badge (the count is fetched on load)', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    const adapter = serveUser(officer);
    const answerUser = adapter.getMockImplementation()!;
    adapter.mockImplementation((config: InternalAxiosRequestConfig) =>
      config.url === '/v1/spso/notices'
        ? answer(config, 200, { success: true, message: '', data: { allNotices: [], news: 2 } })
        : answerUser(config),
    );
    renderAt('#/Nowhere');
    const nav = await sideMenu();
    await waitFor(() => expect(nav.querySelector('.sp-count')).not.toBeNull());
    expect(nav.querySelector('.sp-count')).toHaveAttribute('title', '2');
    expect(useSessionStore.getState().newNotices).toBe(2);
  });

  it("a remote that fails to load shows the error panel inside the layout; 'Thử lại' loads it again", async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(baseUser);
    mockLoadRoleManifest.mockRejectedValueOnce(new Error('remoteEntry.js: HTTP 502'));
    const user = userEvent.setup();
    renderAt('#/Printing');

    expect(await screen.findByText('Không tải được chức năng')).toBeInTheDocument();
    expect(screen.getByText('remoteEntry.js: HTTP 502')).toBeInTheDocument();
    // Inside the layout: the header and the shell's own menu items are still there.
    expect(screen.getByRole('button', { name: /Nguyễn Văn An/ })).toBeInTheDocument();
    expect(mockLoadRoleManifest).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: /Thử lại/ }));
    expect(await findHeading('CHỌN MÁY IN')).toBeInTheDocument();
    expect(mockLoadRoleManifest).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Không tải được chức năng')).not.toBeInTheDocument();
  });

  it('the shell pages (/Home, /Support) stay usable while the remote is down', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser(baseUser);
    mockLoadRoleManifest.mockRejectedValue(new Error('down'));
    renderAt('#/Support');
    expect(await findHeading('HƯỚNG DẪN')).toBeInTheDocument();
  });

  async function signInAndLogout() {
    window.localStorage.setItem('accessToken', 'acc');
    window.localStorage.setItem('refreshToken', 'ref');
    const adapter = serveUser(baseUser);
    const user = userEvent.setup();
    renderAt('#/Nowhere');
    await menuLabels();
    await user.click(await userButton());
    const panel = await screen.findByTestId('user-panel');
    await user.click(within(panel).getByRole('button', { name: /Đăng xuất/ }));
    // The landing page (a stub here; see landing-page.test) forgets the session as it opens.
    await screen.findByText('LANDING');
    return adapter;
  }

  it('logout posts the refresh token and clears both tokens', async () => {
    const adapter = await signInAndLogout();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    const logoutCall = adapter.mock.calls.find(([c]) => c.url === '/v1/user/logout');
    expect(logoutCall?.[0].method).toBe('post');
    expect(JSON.parse(logoutCall?.[0].data as string)).toEqual({
      refreshToken: 'ref',
    });
  });

  it('after logout the user goes to / (the landing page)', async () => {
    await signInAndLogout();
    expect(await screen.findByText('LANDING')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/');
  });

  it('after logout of a school sign-in, the browser goes through the page that ends the school session', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    window.localStorage.setItem('refreshToken', 'ref');
    window.localStorage.setItem('signInProvider', 'cas');
    const adapter = serveUser(baseUser);
    const user = userEvent.setup();
    renderAt('#/Nowhere');
    await menuLabels();
    await user.click(await userButton());
    const panel = await screen.findByTestId('user-panel');
    await user.click(within(panel).getByRole('button', { name: /Đăng xuất/ }));
    await waitFor(() => expect(mockEndSchoolSession).toHaveBeenCalledWith('cas'));
    // the portal's own logout happened first, and the session is gone from the browser
    expect(adapter.mock.calls.some(([c]) => c.url === '/v1/user/logout')).toBe(true);
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(window.localStorage.getItem('signInProvider')).toBeNull();
  });

  it('a user with an unknown role sees only the public routes', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    serveUser({ ...baseUser, role: 'admin' as never });
    renderAt('#/Home');
    expect(await screen.findByText('LOGIN')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});

describe('a temporary password', () => {
  it('shows only the password dialog, which cannot be closed, until the password is changed; then the portal opens', async () => {
    window.localStorage.setItem('accessToken', 'acc');
    window.localStorage.setItem('refreshToken', 'ref');
    // the refresh goes through axios itself (not the portal's client): it drops the temporary password's mark
    const refresh = jest.spyOn(axios, 'post').mockResolvedValue({
      status: 200,
      data: { success: true, message: '', data: { accessToken: 'acc-2', refreshToken: 'ref-2' } },
    });
    let mustChangePassword = true;
    const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
      if (config.url === '/v1/user/information')
        return answer(config, 200, { success: true, message: '', data: { ...officer, mustChangePassword } });
      if (config.url === '/v1/user/password' && config.method === 'put') {
        mustChangePassword = false;
        return answer(config, 200, { success: true, message: '', data: null });
      }
      return answer(config, 403, { success: false, message: 'Hãy đổi mật khẩu', code: 'PASSWORD_CHANGE_REQUIRED' });
    });
    apiClient.defaults.adapter = adapter;
    renderAt('#/Support');
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Tài khoản của bạn đang dùng mật khẩu tạm thời. Hãy đặt mật khẩu mới trước khi tiếp tục.',
      ),
    ).toBeInTheDocument();
    // nothing else of the portal: no layout, no remote, no other call
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(mockLoadRoleManifest).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
    expect(adapter.mock.calls.map(([c]) => c.url)).toEqual(['/v1/user/information']);

    fireEvent.change(within(dialog).getByLabelText('Mật khẩu tạm thời'), { target: { value: 'Tmp-1234' } });
    fireEvent.change(within(dialog).getByLabelText('Mật khẩu mới'), { target: { value: 'Mine-5678' } });
    fireEvent.change(within(dialog).getByLabelText('Nhập lại mật khẩu mới'), { target: { value: 'Mine-5678' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Đổi mật khẩu$/ }));

    // the user information is read again, and the officer's portal opens where they were going
    expect(await findHeading('HƯỚNG DẪN')).toBeInTheDocument();
    expect(await menuLabels()).toContain('Quản lý tài khoản');
    const put = adapter.mock.calls.map(([c]) => c).find((c) => c.url === '/v1/user/password')!;
    expect(JSON.parse(put.data as string)).toEqual({ currentPassword: 'Tmp-1234', newPassword: 'Mine-5678' });
    expect(adapter.mock.calls.filter(([c]) => c.url === '/v1/user/information')).toHaveLength(2);
    // the token was renewed before the user information was read again, which used the new one
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh.mock.calls[0]![1]).toEqual({ refreshToken: 'ref' });
    const reread = adapter.mock.calls.filter(([c]) => c.url === '/v1/user/information')[1]![0];
    expect(AxiosHeaders.from(reread.headers).get('Authorization')).toBe('Bearer acc-2');
    refresh.mockRestore();
    // a loaded CI machine: the dialog, the form and then the whole signed-in app
  }, 45_000);
});
