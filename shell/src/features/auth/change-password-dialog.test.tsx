import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { App as AntApp } from 'antd';
import { apiClient } from 'shared-api';
import { answer } from 'test-support/http';
import { initI18n } from '../../i18n';
import { ChangePasswordDialog, type ChangePasswordDialogProps } from './change-password-dialog';

jest.setTimeout(30_000);
initI18n();

const PATH = '/v1/user/password';

function serve(status = 200, body: unknown = { success: true, message: '', data: null }) {
  const adapter = jest.fn((config: InternalAxiosRequestConfig) => answer(config, status, body));
  apiClient.defaults.adapter = adapter;
  return adapter;
}
const puts = (adapter: jest.Mock) =>
  adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((config) => config.method === 'put' && config.url === PATH)
    .map((config) => JSON.parse(config.data as string) as unknown);

function renderDialog(props: Partial<ChangePasswordDialogProps> = {}) {
  const handlers = { onClose: jest.fn(), onChanged: jest.fn(), onLogout: jest.fn() };
  render(
    <AntApp>
      <ChangePasswordDialog open {...handlers} {...props} />
    </AntApp>,
  );
  const dialog = screen.getByRole('dialog');
  const field = (name: string) => within(dialog).getByLabelText(name);
  const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: /^Đổi mật khẩu$/ }));
  return { dialog, type, submit, ...handlers };
}

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
});
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('ChangePasswordDialog', () => {
  it('checks the fields before anything is sent', async () => {
    const adapter = serve();
    const { dialog, type, submit } = renderDialog();
    submit();
    expect(await within(dialog).findByText('Vui lòng nhập mật khẩu hiện tại')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập mật khẩu mới')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập lại mật khẩu mới')).toBeInTheDocument();

    type('Mật khẩu hiện tại', 'Old-pass-1');
    type('Mật khẩu mới', 'short');
    expect(await within(dialog).findByText('Mật khẩu mới cần ít nhất 8 ký tự')).toBeInTheDocument();
    type('Mật khẩu mới', 'Old-pass-1');
    expect(await within(dialog).findByText('Mật khẩu mới phải khác mật khẩu hiện tại')).toBeInTheDocument();
    type('Mật khẩu mới', 'New-pass-22');
    type('Nhập lại mật khẩu mới', 'New-pass-2');
    expect(await within(dialog).findByText('Mật khẩu nhập lại không khớp')).toBeInTheDocument();
    submit();
    await waitFor(() => expect(within(dialog).getByText('Mật khẩu nhập lại không khớp')).toBeInTheDocument());
    expect(puts(adapter)).toHaveLength(0);
  });

  it('sends the current and new passwords once and says the other sign-ins ended', async () => {
    const adapter = serve();
    const { type, submit, onChanged } = renderDialog();
    type('Mật khẩu hiện tại', 'Old-pass-1');
    type('Mật khẩu mới', 'New-pass-22');
    type('Nhập lại mật khẩu mới', 'New-pass-22');
    submit();
    submit();
    expect(
      await screen.findByText('Đã đổi mật khẩu. Các phiên đăng nhập khác của tài khoản đã kết thúc.'),
    ).toBeInTheDocument();
    expect(puts(adapter)).toEqual([{ currentPassword: 'Old-pass-1', newPassword: 'New-pass-22' }]);
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it("keeps the dialog with the server's words (a wrong current password, a school account)", async () => {
    serve(400, {
      success: false,
      message: 'Tài khoản đăng nhập bằng tài khoản trường không có mật khẩu để đổi tại đây',
      code: 'BAD_REQUEST',
    });
    const { dialog, type, submit, onChanged } = renderDialog();
    type('Mật khẩu hiện tại', 'whatever-1');
    type('Mật khẩu mới', 'New-pass-22');
    type('Nhập lại mật khẩu mới', 'New-pass-22');
    submit();
    expect(
      await within(dialog).findByText('Tài khoản đăng nhập bằng tài khoản trường không có mật khẩu để đổi tại đây'),
    ).toBeInTheDocument();
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes by its cancel button, its close button or Esc when not forced', async () => {
    serve();
    const { dialog, onClose } = renderDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(within(dialog).getByRole('button', { name: /Close/ }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(3));
  });

  it('forced (a temporary password) cannot be closed: no close button, no cancel, Esc and the mask do nothing', async () => {
    serve();
    const { dialog, onClose, onLogout } = renderDialog({ forced: true });
    expect(
      within(dialog).getByText(
        'Tài khoản của bạn đang dùng mật khẩu tạm thời. Hãy đặt mật khẩu mới trước khi tiếp tục.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Mật khẩu tạm thời')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Close/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Hủy' })).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const mask = document.querySelector('.ant-modal-wrap') as HTMLElement;
    fireEvent.mouseDown(mask);
    fireEvent.mouseUp(mask);
    fireEvent.click(mask);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // the way out is to sign out
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đăng xuất' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
