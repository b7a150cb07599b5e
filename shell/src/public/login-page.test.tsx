import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { apiClient, useSessionStore } from 'shared-api';
import { initI18n } from '../i18n';
import LoginPage from './login-page';
import { answer } from 'test-support/http';

// The realtime connection opened after login: an inert fake instead of a real socket.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const student = {
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

initI18n();

function renderLogin() {
  window.location.hash = '#/Login';
  return render(
    <HashRouter>
      <Routes>
        <Route path="/Login" element={<LoginPage />} />
        <Route path="/Home" element={<div>HOME</div>} />
      </Routes>
    </HashRouter>,
  );
}

const submitButton = () => screen.getByRole('button', { name: /Đăng nhập/ });
const emailBox = () => screen.getByRole('textbox', { name: /Tên tài khoản/ });
const passwordBox = () => screen.getByLabelText(/Mật khẩu/, { selector: 'input' });

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});

afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('LoginPage', () => {
  it('removes both stored tokens and forgets the session when it opens', () => {
    window.localStorage.setItem('accessToken', 'old-access');
    window.localStorage.setItem('refreshToken', 'old-refresh');
    useSessionStore.setState({ status: 'ready', role: 'spso' });
    renderLogin();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(useSessionStore.getState().role).toBeNull();
  });

  it('shows the form: account name, password, Đăng nhập and Xóa, no error box', () => {
    renderLogin();
    expect(emailBox()).toBeInTheDocument();
    expect(passwordBox()).toHaveAttribute('type', 'password');
    expect(submitButton()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Xóa' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('submitting empty fields shows both validation messages in the alert box and calls no server', async () => {
    const adapter = jest.fn();
    apiClient.defaults.adapter = adapter;
    const user = userEvent.setup();
    renderLogin();
    await user.click(submitButton());
    const box = screen.getByRole('alert');
    const items = within(box)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Tên tài khoản là bắt buộc', 'Mật khẩu là bắt buộc']);
    expect(adapter).not.toHaveBeenCalled();
  });

  it('a missing password alone shows only its message', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.click(submitButton());
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent('Mật khẩu là bắt buộc');
    expect(box).not.toHaveTextContent('Tên tài khoản là bắt buộc');
  });

  it("'Xóa' clears the fields and the error box", async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.click(submitButton());
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await user.type(passwordBox(), 'secret');
    await user.click(screen.getByRole('button', { name: 'Xóa' }));
    expect(emailBox()).toHaveValue('');
    expect(passwordBox()).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a 401 answer shows the server's message in the alert box and stays on /Login", async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 401, {
        success: false,
        message: 'Tài khoản hoặc mật khẩu không chính xác',
        code: 'INVALID_CREDENTIALS',
      }),
    );
    apiClient.defaults.adapter = adapter;
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.type(passwordBox(), 'wrong');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Tài khoản hoặc mật khẩu không chính xác');
    expect(adapter).toHaveBeenCalledTimes(1);
    expect(JSON.parse(adapter.mock.calls[0]![0].data as string)).toEqual({
      email: 'an@hcmut.edu.vn',
      password: 'wrong',
    });
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(window.location.hash).toBe('#/Login');
    // The button is usable again for another try.
    expect(submitButton()).toBeEnabled();
  });

  it('a failure without a server message shows the generic failure text', async () => {
    apiClient.defaults.adapter = (config) => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK', config));
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.type(passwordBox(), 'pw');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Đăng nhập thất bại');
  });

  it('a 200 answer stores both tokens, loads the user and goes to /Home', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
      if (config.method === 'post' && config.url === '/v1/user/login') {
        return answer(config, 200, {
          success: true,
          message: 'Đăng nhập thành công',
          data: { accessToken: 'acc', refreshToken: 'ref', role: 'student' },
        });
      }
      if (config.method === 'get' && config.url === '/v1/user/information') {
        return answer(config, 200, {
          success: true,
          message: '',
          data: student,
        });
      }
      return answer(config, 404, { success: false, message: 'not found' });
    });
    apiClient.defaults.adapter = adapter;
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), '  an@hcmut.edu.vn ');
    await user.type(passwordBox(), 'secret');
    await user.click(submitButton());

    expect(await screen.findByText('HOME')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Home');
    expect(window.localStorage.getItem('accessToken')).toBe('acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('ref');
    // The account name is sent trimmed; the user call carries the new token.
    expect(JSON.parse(adapter.mock.calls[0]![0].data as string)).toEqual({
      email: 'an@hcmut.edu.vn',
      password: 'secret',
    });
    const infoCall = adapter.mock.calls.find(([c]) => c.url === '/v1/user/information');
    expect(infoCall?.[0].headers.get('Authorization')).toBe('Bearer acc');
    expect(useSessionStore.getState()).toMatchObject({
      status: 'ready',
      role: 'student',
      balance: 20,
    });
  });

  it('the language select switches the texts to English and remembers the choice', async () => {
    const user = userEvent.setup();
    renderLogin();
    const select = screen.getByRole('combobox', { name: /Ngôn ngữ/ });
    await user.selectOptions(select, 'en');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Đăng nhập/ })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(screen.getByRole('combobox', { name: /Language/ })).toHaveValue('en');
    // Validation messages follow the language too.
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Account name is required'));
  });
});

describe('/Login landmarks', () => {
  it('everything is inside main, with the support text as a named region (no aside inside main)', () => {
    const { container } = renderLogin();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(within(main).getByRole('region', { name: /hỗ trợ|support/i })).toBeInTheDocument();
    expect(container.querySelector('aside')).toBeNull();
    expect(container.firstElementChild).toBe(main);
  });
});
