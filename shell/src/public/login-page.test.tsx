import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { HashRouter, Route, Routes, useLocation } from 'react-router-dom';
import { apiClient, useSessionStore } from 'shared-api';
import { addLocaleBundle, initI18n } from '../i18n';
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

/** Any other page: where the sign-in went, path and query. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderLogin(hash = '#/Login') {
  window.location.hash = hash;
  return render(
    // strict: effects run twice in development, and a one-time code must still be exchanged once
    <StrictMode>
      <HashRouter>
        <Routes>
          <Route path="/Login" element={<LoginPage />} />
          <Route path="/Home" element={<div>HOME</div>} />
          <Route path="*" element={<Where />} />
        </Routes>
      </HashRouter>
    </StrictMode>,
  );
}

const submitButton = () => screen.getByRole('button', { name: /Đăng nhập/ });
const emailBox = () => screen.getByRole('textbox', { name: /Tên tài khoản/ });
const passwordBox = () => screen.getByLabelText(/Mật khẩu/, { selector: 'input' });

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  // no network in page tests: by default no school sign-in is configured (tests serve their own API)
  apiClient.defaults.adapter = (config) =>
    config.url === '/v1/auth/providers'
      ? answer(config, 200, { success: true, message: '', data: [] })
      : answer(config, 404, { success: false, message: 'not found' });
});

afterEach(async () => {
  // the list of school sign-ins the page asks for as it opens: settled inside act before the next test
  await act(async () => {});
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

  it('submitting empty fields shows both validation messages in the alert box and sends no login', async () => {
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
    // the page asks only which school sign-ins to offer
    const urls = adapter.mock.calls.map(([config]) => (config as InternalAxiosRequestConfig).url);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.every((url) => url === '/v1/auth/providers')).toBe(true);
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
    const logins = adapter.mock.calls.filter(([config]) => config.url === '/v1/user/login');
    expect(logins).toHaveLength(1);
    expect(JSON.parse(logins[0]![0].data as string)).toEqual({
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
    const loginCall = adapter.mock.calls.find(([c]) => c.url === '/v1/user/login');
    expect(JSON.parse(loginCall![0].data as string)).toEqual({
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

  it('a language whose texts cannot load (no network) leaves the page in Vietnamese, with a message', async () => {
    const vi = (await import('../i18n/locales/vi.json')).default;
    // English of one namespace fails to load, as its chunk would without network
    await addLocaleBundle('offline', { vi: {}, en: () => Promise.reject(new Error('Network Error')) });
    const user = userEvent.setup();
    renderLogin();
    await user.selectOptions(screen.getByRole('combobox', { name: /Ngôn ngữ/ }), 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent(vi.languages.loadFailed);
    expect(screen.getByRole('combobox', { name: /Ngôn ngữ/ })).toHaveValue('vi');
    expect(submitButton()).toBeInTheDocument();
    expect(window.localStorage.getItem('lang')).toBeNull();

    // back online: choosing English again works and the message goes
    await addLocaleBundle('offline', { vi: {}, en: () => Promise.resolve({ default: {} }) });
    await user.selectOptions(screen.getByRole('combobox', { name: /Ngôn ngữ/ }), 'en');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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

describe('/Login?next=: back to the page asked for', () => {
  /** The API of a password login that succeeds. */
  function servePasswordLogin() {
    apiClient.defaults.adapter = (config: InternalAxiosRequestConfig) => {
      if (config.url === '/v1/user/login')
        return answer(config, 200, {
          success: true,
          message: '',
          data: { accessToken: 'acc', refreshToken: 'ref', role: 'student' },
        });
      if (config.url === '/v1/user/information')
        return answer(config, 200, { success: true, message: '', data: student });
      if (config.url === '/v1/auth/providers') return answer(config, 200, { success: true, message: '', data: [] });
      return answer(config, 404, { success: false, message: 'not found' });
    };
  }
  async function signInWithPassword() {
    const user = userEvent.setup();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.type(passwordBox(), 'secret');
    await user.click(submitButton());
  }

  it('a password sign-in goes to the release page the QR opened, query and all', async () => {
    servePasswordLogin();
    renderLogin(`#/Login?next=${encodeURIComponent('/Release?printer=P001&code=ACEFHJ')}`);
    await signInWithPassword();
    expect(await screen.findByTestId('where')).toHaveTextContent('/Release?printer=P001&code=ACEFHJ');
    expect(window.location.hash).toBe('#/Release?printer=P001&code=ACEFHJ');
  });

  it.each([
    ['//evil.example'],
    ['//evil.example/Release'],
    ['https://evil.example/'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['Release'],
    ['/Login?next=/Home'],
  ])('a next of %j is refused: the sign-in ends on /Home', async (next) => {
    servePasswordLogin();
    renderLogin(`#/Login?next=${encodeURIComponent(next)}`);
    await signInWithPassword();
    expect(await screen.findByText('HOME')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Home');
  });
});

describe('/Login: school sign-in', () => {
  const providers = [
    { id: 'cas', label: 'Đăng nhập bằng tài khoản trường', loginUrl: 'https://print.hcmut.edu.vn/v1/auth/cas/login' },
    { id: 'oidc', label: 'Microsoft 365 HCMUT', loginUrl: 'https://print.hcmut.edu.vn/v1/auth/oidc/login' },
  ];

  /** The API: the providers, the exchange (`exchange` answers it), the user. */
  function serve(exchange?: (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>) {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) => {
      if (config.url === '/v1/auth/providers')
        return answer(config, 200, { success: true, message: '', data: providers });
      if (config.url === '/v1/auth/exchange' && exchange) return exchange(config);
      if (config.url === '/v1/user/information')
        return answer(config, 200, { success: true, message: '', data: student });
      return answer(config, 404, { success: false, message: 'not found' });
    });
    apiClient.defaults.adapter = adapter;
    return adapter;
  }

  it('shows one link per provider, labelled as the server says, above the password form', async () => {
    serve();
    renderLogin();
    const group = await screen.findByRole('group', { name: 'Tài khoản trường' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Đăng nhập bằng tài khoản trường', 'https://print.hcmut.edu.vn/v1/auth/cas/login'],
      ['Microsoft 365 HCMUT', 'https://print.hcmut.edu.vn/v1/auth/oidc/login'],
    ]);
    // above the password form, which stays for everyone
    expect(group.compareDocumentPosition(emailBox()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(submitButton()).toBeEnabled();
  });

  it('shows no school sign-in when none is configured (or the list cannot be read)', async () => {
    const adapter = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, { success: true, message: '', data: [] }),
    );
    apiClient.defaults.adapter = adapter;
    renderLogin();
    await waitFor(() => expect(adapter).toHaveBeenCalled());
    expect(screen.queryByRole('group', { name: 'Tài khoản trường' })).not.toBeInTheDocument();
    expect(emailBox()).toBeInTheDocument();
  });

  it('?code=: exchanges it once, stores the pair as a password login does, loads the user and goes to /Home', async () => {
    const adapter = serve((config) =>
      answer(config, 200, {
        success: true,
        message: 'Đăng nhập thành công',
        data: { accessToken: 'sso-acc', refreshToken: 'sso-ref', role: 'student', provider: 'cas' },
      }),
    );
    renderLogin('#/Login?code=one-time-code');
    expect(await screen.findByText('HOME')).toBeInTheDocument();
    const exchanges = adapter.mock.calls.filter(([config]) => config.url === '/v1/auth/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]![0].method).toBe('post');
    expect(JSON.parse(exchanges[0]![0].data as string)).toEqual({ code: 'one-time-code' });
    expect(window.localStorage.getItem('accessToken')).toBe('sso-acc');
    expect(window.localStorage.getItem('refreshToken')).toBe('sso-ref');
    expect(window.localStorage.getItem('signInProvider')).toBe('cas');
    const infoCall = adapter.mock.calls.find(([c]) => c.url === '/v1/user/information');
    expect(infoCall?.[0].headers.get('Authorization')).toBe('Bearer sso-acc');
    expect(useSessionStore.getState()).toMatchObject({ status: 'ready', role: 'student' });
    expect(window.location.hash).toBe('#/Home');
  });

  it('?code= already used or expired: a translated message, the code gone from the address, no tokens', async () => {
    serve((config) =>
      answer(config, 401, { success: false, message: 'Mã đăng nhập không hợp lệ…', code: 'SIGN_IN_CODE_INVALID' }),
    );
    renderLogin('#/Login?code=used-code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Phiên đăng nhập bằng tài khoản trường đã hết hạn hoặc đã được dùng. Vui lòng đăng nhập lại.',
    );
    expect(window.location.hash).toBe('#/Login');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
    expect(submitButton()).toBeEnabled();
  });

  it("?error=not-school: the spec's words, translated with the language selector; the key leaves the address", async () => {
    serve();
    const user = userEvent.setup();
    renderLogin('#/Login?error=not-school');
    expect(screen.getByRole('alert')).toHaveTextContent('Chỉ tài khoản của trường mới được sử dụng dịch vụ.');
    await waitFor(() => expect(window.location.hash).toBe('#/Login'));
    await user.selectOptions(screen.getByRole('combobox', { name: /Ngôn ngữ/ }), 'en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Only school accounts may use the service.');
  });

  it.each([
    ['unavailable', 'Máy chủ đăng nhập của trường không phản hồi. Vui lòng thử lại sau.'],
    ['disabled', 'Tài khoản đã bị vô hiệu hóa. Vui lòng liên hệ bộ phận hỗ trợ.'],
    ['<b>the provider says</b>', 'Không đăng nhập được bằng tài khoản trường. Vui lòng thử lại.'],
  ])('?error=%s shows its own text, never what the address says, and the buttons to try again', async (key, text) => {
    serve();
    renderLogin(`#/Login?error=${encodeURIComponent(key)}`);
    const box = screen.getByRole('alert');
    expect(box).toHaveTextContent(text);
    expect(box).not.toHaveTextContent('provider says');
    expect(await screen.findByRole('group', { name: 'Tài khoản trường' })).toBeInTheDocument();
  });

  it("a role whose password login is off (PASSWORD_LOGIN_DISABLED): the portal's message, pointing to the school sign-in", async () => {
    serve();
    const adapter = apiClient.defaults.adapter as jest.Mock;
    apiClient.defaults.adapter = (config: InternalAxiosRequestConfig) =>
      config.url === '/v1/user/login'
        ? answer(config, 403, { success: false, message: 'server words', code: 'PASSWORD_LOGIN_DISABLED' })
        : adapter(config);
    const user = userEvent.setup();
    renderLogin();
    await user.type(emailBox(), 'an@hcmut.edu.vn');
    await user.type(passwordBox(), 'right-password');
    await user.click(submitButton());
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Tài khoản này đăng nhập bằng tài khoản trường, không dùng mật khẩu');
    expect(window.localStorage.getItem('accessToken')).toBeNull();
  });

  it('next survives the trip to the school: kept as the link is followed, used once on the way back with ?code=', async () => {
    window.sessionStorage.clear();
    // jsdom cannot leave for the school's page: the link's default action is stopped after React's handler
    const stay = (event: MouseEvent) => event.preventDefault();
    window.addEventListener('click', stay);
    try {
      serve();
      const view = renderLogin(`#/Login?next=${encodeURIComponent('/Release?printer=P001')}`);
      const group = await screen.findByRole('group', { name: 'Tài khoản trường' });
      await userEvent.setup().click(within(group).getAllByRole('link')[0]!);
      view.unmount();
    } finally {
      window.removeEventListener('click', stay);
    }

    const adapter = serve((config) =>
      answer(config, 200, {
        success: true,
        message: '',
        data: { accessToken: 'a', refreshToken: 'r', role: 'student' },
      }),
    );
    renderLogin('#/Login?code=one-time-code');
    expect(await screen.findByTestId('where')).toHaveTextContent('/Release?printer=P001');
    expect(adapter.mock.calls.filter(([config]) => config.url === '/v1/auth/exchange')).toHaveLength(1);
    // used once: the next school sign-in without a next ends on /Home
    expect(window.sessionStorage.length).toBe(0);
  });

  it('a next kept in the tab is checked again on the way back: //evil.example is refused', async () => {
    window.sessionStorage.setItem('sp.signIn.next', '//evil.example');
    serve((config) =>
      answer(config, 200, {
        success: true,
        message: '',
        data: { accessToken: 'a', refreshToken: 'r', role: 'student' },
      }),
    );
    renderLogin('#/Login?code=one-time-code');
    expect(await screen.findByText('HOME')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Home');
  });
});
