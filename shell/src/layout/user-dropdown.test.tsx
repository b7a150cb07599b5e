import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Button, Modal } from 'antd';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from 'shared-api';
import { useSessionStore } from 'shared-api';
import { initI18n } from '../i18n';
import type { PushPlatform } from '../features/push/browser-push';
import { displayBalance, UserDropdown } from './user-dropdown';

initI18n();
// user-event's clicks through antd's dropdown and dialog are slow on a loaded 2-core CI machine
jest.setTimeout(30_000);

const student: UserInfo = {
  _id: 'u1',
  mssv: '2110001',
  firstName: 'An',
  lastName: 'Nguyễn Văn',
  email: 'an@hcmut.edu.vn',
  balance: 12.9,
  major: 'Khoa học máy tính',
  classes: 'MT21KH01',
  currentA4Price: 500,
  role: 'student',
};

beforeEach(() => {
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

describe('displayBalance (whole pages, rounded down)', () => {
  it('floors fractional balances', () => {
    expect(displayBalance(12.9)).toBe(12);
    expect(displayBalance(12.1)).toBe(12);
    expect(displayBalance(0.99)).toBe(0);
  });

  it('keeps whole balances', () => {
    expect(displayBalance(12)).toBe(12);
    expect(displayBalance(0)).toBe(0);
  });

  it('never shows a negative balance', () => {
    expect(displayBalance(-3)).toBe(0);
    expect(displayBalance(-0.5)).toBe(0);
  });
});

describe('UserDropdown', () => {
  async function open(onLogout = jest.fn()) {
    const user = userEvent.setup();
    render(<UserDropdown onLogout={onLogout} />);
    await user.click(screen.getByRole('button', { name: /Nguyễn Văn An|Trần Bình/ }));
    return { user, panel: await screen.findByTestId('user-panel') };
  }

  it('renders nothing without a user', () => {
    const { container } = render(<UserDropdown onLogout={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("the header's name never wraps: it is cut with '…' and the whole name is the button's title", () => {
    useSessionStore.getState().setUser(student);
    render(<UserDropdown onLogout={jest.fn()} />);
    const button = screen.getByRole('button', { name: /Nguyễn Văn An/ });
    expect(button).toHaveAttribute('title', 'Nguyễn Văn An');
    expect(button.querySelector('.sp-user-name')).toHaveTextContent('Nguyễn Văn An');
  });

  it('a student sees name, student code, balance rounded down, Khoa and Lớp', async () => {
    useSessionStore.getState().setUser(student);
    const { panel } = await open();
    expect(within(panel).getByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(panel).toHaveTextContent('2110001');
    expect(panel).toHaveTextContent('12 trang A4');
    expect(panel).not.toHaveTextContent('12.9');
    expect(panel).toHaveTextContent('Khoa');
    expect(panel).toHaveTextContent('Khoa học máy tính');
    expect(panel).toHaveTextContent('Lớp');
    expect(panel).toHaveTextContent('MT21KH01');
  });

  it('the balance follows the store (after a purchase or a print)', async () => {
    useSessionStore.getState().setUser(student);
    const { panel } = await open();
    expect(panel).toHaveTextContent('12 trang A4');
    act(() => useSessionStore.getState().setBalance(30.4));
    expect(panel).toHaveTextContent('30 trang A4');
  });

  it('a non-student sees name and staff code only, with a placeholder when the code is missing', async () => {
    useSessionStore.getState().setUser({
      ...student,
      firstName: 'Bình',
      lastName: 'Trần',
      mssv: null,
      role: 'staff',
      major: null,
      classes: null,
    });
    const { panel } = await open();
    expect(within(panel).getByText('Trần Bình')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Mã nhân viên');
    expect(panel).toHaveTextContent('—');
    expect(panel).not.toHaveTextContent('trang A4');
    expect(panel).not.toHaveTextContent('Lớp');
  });

  it('the logout button calls onLogout', async () => {
    useSessionStore.getState().setUser(student);
    const onLogout = jest.fn();
    const { user, panel } = await open(onLogout);
    await user.click(within(panel).getByRole('button', { name: /Đăng xuất/ }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
  it("'Đổi mật khẩu' closes the panel and opens the password dialog, which cancels", async () => {
    useSessionStore.getState().setUser(student);
    const { user, panel } = await open();
    await user.click(within(panel).getByRole('button', { name: /Đổi mật khẩu/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Đổi mật khẩu', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mật khẩu hiện tại')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mật khẩu mới')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nhập lại mật khẩu mới')).toBeInTheDocument();
    await waitFor(() => expect(panel.closest('.sp-user-popover')).not.toBeVisible());
    await user.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByLabelText('Mật khẩu hiện tại')).not.toBeInTheDocument());
  });

  it('a button in the panel that opens a dialog closes the panel first; the dialog stays open', async () => {
    useSessionStore.getState().setUser(student);
    function Extra() {
      const [shown, setShown] = useState(false);
      return (
        <>
          <Button onClick={() => setShown(true)}>Mua thêm giấy</Button>
          <Modal open={shown} title="Mua giấy in" onCancel={() => setShown(false)} footer={null}>
            <p>Số lượng</p>
          </Modal>
        </>
      );
    }
    const user = userEvent.setup();
    render(<UserDropdown onLogout={jest.fn()} Extra={Extra} />);
    await user.click(screen.getByRole('button', { name: /Nguyễn Văn An/ }));
    const panel = await screen.findByTestId('user-panel');
    await user.click(within(panel).getByRole('button', { name: 'Mua thêm giấy' }));
    expect(await screen.findByRole('dialog', { name: 'Mua giấy in' })).toBeInTheDocument();
    await waitFor(() => expect(panel.closest('.sp-user-popover')).not.toBeVisible());
    // The dialog outlives the closed panel that rendered it.
    expect(screen.getByRole('dialog', { name: 'Mua giấy in' })).toHaveTextContent('Số lượng');
  });
});

describe("UserDropdown: a student's push notification switch", () => {
  /** A browser with Web Push that has never been asked; the user refuses when asked. */
  const refusingBrowser = (): PushPlatform => ({
    permission: () => 'default',
    requestPermission: jest.fn(async () => 'denied' as const),
    existing: jest.fn(async () => null),
    register: jest.fn(),
  });

  async function openWith(detectPush: () => PushPlatform | null) {
    const user = userEvent.setup();
    render(<UserDropdown onLogout={jest.fn()} detectPush={detectPush} />);
    await user.click(screen.getByRole('button', { name: /Nguyễn Văn An|Trần Bình/ }));
    return { user, panel: await screen.findByTestId('user-panel') };
  }

  it('a student sees it where the browser has Web Push; the panel stays open when it is used', async () => {
    useSessionStore.getState().setUser(student);
    const platform = refusingBrowser();
    const { user, panel } = await openWith(() => platform);
    const toggle = await within(panel).findByRole('switch', { name: 'Thông báo trên thiết bị này' });
    await waitFor(() => expect(toggle).not.toBeDisabled());
    await user.click(toggle);
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Trình duyệt đang chặn thông báo');
    expect(platform.requestPermission).toHaveBeenCalledTimes(1);
    expect(panel.closest('.sp-user-popover')).toBeVisible();
  });

  it('not where the browser has no Web Push', async () => {
    useSessionStore.getState().setUser(student);
    const { panel } = await openWith(() => null);
    expect(within(panel).queryByRole('switch')).toBeNull();
    expect(panel).not.toHaveTextContent('Thông báo trên thiết bị này');
  });

  it('never for staff or officers (only students’ jobs are pushed)', async () => {
    useSessionStore.getState().setUser({ ...student, role: 'staff', firstName: 'Bình', lastName: 'Trần' });
    const detect = jest.fn(refusingBrowser);
    const { panel } = await openWith(detect);
    expect(within(panel).queryByRole('switch')).toBeNull();
    expect(detect).not.toHaveBeenCalled();
  });
});
