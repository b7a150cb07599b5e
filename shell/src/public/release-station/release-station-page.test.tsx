import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import QRCode from 'antd/es/qr-code';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { apiClient, RELEASE_CODE_ALPHABET, type StationCodeResponse, type StationReleasedJob } from 'shared-api';
import { answer } from 'test-support/http';
import { AppRoutes } from '../../app/routes';
import { initI18n } from '../../i18n';
import { ReleaseStationPage } from './release-station-page';
import { releaseUrl, STATION_KEY_STORAGE } from './station-key';

initI18n();
// role queries over a keypad of 22 big buttons are slow on a loaded machine
jest.setTimeout(60_000);

const CODE = '/v1/release-station/code';
const RELEASE = '/v1/release-station/release';
const ok = (data: unknown, message = '') => ({ success: true, message, data });
const refused = (message: string, code?: string) => ({ success: false, message, ...(code ? { code } : {}) });

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
interface Call {
  method: string;
  url: string;
  token: unknown;
  body: unknown;
}

/** Serves the station's two routes from `routes`, recording each call with the key it carried. */
function serve(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  apiClient.defaults.adapter = (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    calls.push({
      method,
      url: config.url ?? '',
      token: config.headers.get('X-Station-Token'),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    });
    const handler = routes[`${method} ${config.url}`];
    return handler ? handler(config) : answer(config, 404, refused('not found'));
  };
  return calls;
}

const codeAnswer = (code: string, expiresAt: number, printerId = 'H1-101'): StationCodeResponse => ({
  code,
  printerId,
  expiresAt: new Date(expiresAt).toISOString(),
});

function renderStation(hash: string, now?: () => number) {
  window.location.hash = hash;
  return render(
    <HashRouter>
      <Routes>
        <Route path="/ReleaseStation" element={<ReleaseStationPage now={now} />} />
      </Routes>
    </HashRouter>,
  );
}

/** The markup antd draws for a QR code of `value`, to compare with the station's. */
function qrMarkup(value: string): string {
  const { container, unmount } = render(<QRCode type="svg" value={value} size={260} errorLevel="M" bordered={false} />);
  const markup = container.querySelector('svg')?.innerHTML ?? '';
  unmount();
  return markup;
}

const typeCode = (code: string) => {
  const keypad = screen.getByRole('region', { name: 'Bàn phím mã nhận' });
  for (const char of code) fireEvent.click(within(keypad).getByRole('button', { name: char }));
};

beforeEach(async () => {
  await act(() => i18next.changeLanguage('vi'));
  window.localStorage.clear();
});
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.useRealTimers();
});

describe('/ReleaseStation', () => {
  it('takes the key from the link, keeps it, clears the address bar, and shows the printer, the QR and the code', async () => {
    const calls = serve({
      [`GET ${CODE}`]: (config) => answer(config, 200, ok(codeAnswer('AC3F7K', Date.now() + 60_000))),
    });
    renderStation('#/ReleaseStation?key=rs_station-key');

    expect(await screen.findByTestId('station-code')).toHaveTextContent('AC3F7K');
    expect(screen.getByText('Máy in H1-101')).toBeInTheDocument();
    expect(screen.getByText(/^Mã đổi sau (59|60) giây$/)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === CODE).map((c) => c.token)).toEqual(['rs_station-key']);
    expect(window.localStorage.getItem(STATION_KEY_STORAGE)).toBe('rs_station-key');
    await waitFor(() => expect(window.location.hash).toBe('#/ReleaseStation'));

    const qr = screen.getByRole('img', { name: 'Mã QR nhận bản in tại máy in H1-101' });
    const svg = qr.querySelector('svg');
    expect(svg).not.toBeNull();
    const expected = releaseUrl('H1-101', 'AC3F7K');
    expect(expected).toBe(`${window.location.origin}/#/Release?printer=H1-101&code=AC3F7K`);
    expect(svg!.innerHTML).toBe(qrMarkup(expected));
    expect(svg!.innerHTML).not.toBe(qrMarkup(releaseUrl('H1-101', 'AC3F7X')));
  });

  it('asks for the next code right when the shown one changes (expiresAt), and sooner when a phone used it', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T02:00:00.000Z') });
    window.localStorage.setItem(STATION_KEY_STORAGE, 'rs_kept');
    // the server's rule: a code is shown 60 s from its issue, or until a phone uses it (the first one was
    // issued 5 s before the station asked: it changes off the station's 10 s rhythm)
    const next = ['AC3F7K', 'MNPRTW', 'HJK347'];
    let shown = { code: next.shift()!, issuedAt: Date.now() - 5_000, used: false };
    const calls = serve({
      [`GET ${CODE}`]: (config) => {
        if (shown.used || Date.now() >= shown.issuedAt + 60_000) {
          shown = { code: next.shift() ?? 'XXXXXX', issuedAt: Date.now(), used: false };
        }
        return answer(config, 200, ok(codeAnswer(shown.code, shown.issuedAt + 60_000)));
      },
    });
    const advance = (ms: number) =>
      act(async () => {
        jest.advanceTimersByTime(ms);
      });
    renderStation('#/ReleaseStation', () => Date.now());
    expect(await screen.findByTestId('station-code')).toHaveTextContent('AC3F7K');
    expect(calls[0]!.token).toBe('rs_kept');

    await advance(30_000);
    expect(screen.getByText(/^Mã đổi sau (24|25) giây$/)).toBeInTheDocument();
    expect(screen.getByTestId('station-code')).toHaveTextContent('AC3F7K');
    await advance(24_500);
    expect(screen.getByTestId('station-code')).toHaveTextContent('AC3F7K');
    // the change itself: asked again at expiresAt, not at the next check
    await advance(1_000);
    await waitFor(() => expect(screen.getByTestId('station-code')).toHaveTextContent('MNPRTW'));
    expect(screen.getByText(/^Mã đổi sau (59|60) giây$/)).toBeInTheDocument();
    // never more than one request per 10 s meanwhile
    expect(calls.length).toBeLessThanOrEqual(8);

    // a phone used the shown code: the station shows the next one within 10 s, long before its 60 s
    shown.used = true;
    await advance(10_000);
    await waitFor(() => expect(screen.getByTestId('station-code')).toHaveTextContent('HJK347'));
    expect(calls.every((c) => c.token === 'rs_kept')).toBe(true);
  });

  it('releases a job by the code typed on the keypad and shows it; a wrong code shows only the server’s words', async () => {
    window.localStorage.setItem(STATION_KEY_STORAGE, 'rs_kept');
    const job: StationReleasedJob = {
      _id: 'j1',
      status: 'Queued',
      printerId: 'H1-101',
      owner: 'N. V. An',
      paperSize: 'A4',
      numVersion: 2,
      total_pages: 14,
      createdAt: '2026-11-26T01:00:00.000Z',
    };
    const calls = serve({
      [`GET ${CODE}`]: (config) => answer(config, 200, ok(codeAnswer('AC3F7K', Date.now() + 60_000))),
      [`POST ${RELEASE}`]: (config) => {
        const { releaseCode } = JSON.parse(config.data as string) as { releaseCode: string };
        return releaseCode === 'HJK347'
          ? answer(config, 200, ok(job, 'Đã nhận lệnh in: máy in sẽ in ngay'))
          : answer(
              config,
              422,
              refused('Mã nhận không đúng hoặc lệnh in đã hết hạn. Hãy kiểm tra lại mã', 'RELEASE_CODE_INVALID'),
            );
      },
    });
    renderStation('#/ReleaseStation');
    await screen.findByTestId('station-code');

    const keypad = screen.getByRole('region', { name: 'Bàn phím mã nhận' });
    for (const char of RELEASE_CODE_ALPHABET) {
      expect(within(keypad).getByRole('button', { name: char })).toBeEnabled();
    }
    const submit = within(keypad).getByRole('button', { name: 'Nhận bản in' });
    expect(submit).toBeDisabled();
    typeCode('HJK34');
    expect(submit).toBeDisabled();
    typeCode('X');
    fireEvent.click(within(keypad).getByRole('button', { name: 'Xóa' }));
    typeCode('7');
    expect(within(keypad).getByRole('status', { name: 'Mã nhận đã gõ' })).toHaveTextContent('HJK347');
    // six typed: no seventh
    expect(within(keypad).getByRole('button', { name: 'A' })).toBeDisabled();
    fireEvent.click(submit);

    const released = await screen.findByText('Đã nhận lệnh in: máy in sẽ in ngay');
    const panel = released.closest('.ant-alert') as HTMLElement;
    expect(within(panel).getByText('Chủ lệnh in: N. V. An')).toBeInTheDocument();
    expect(within(panel).getByText('Số trang: 14')).toBeInTheDocument();
    expect(within(panel).getByText('Số bản: 2')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      expect.objectContaining({ url: RELEASE, token: 'rs_kept', body: { releaseCode: 'HJK347' } }),
    ]);
    expect(within(keypad).getByRole('status', { name: 'Mã nhận đã gõ' })).toHaveTextContent('Chưa gõ ký tự nào');

    typeCode('AAAAAA');
    fireEvent.click(submit);
    expect(
      await screen.findByText('Mã nhận không đúng hoặc lệnh in đã hết hạn. Hãy kiểm tra lại mã'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Chủ lệnh in: N. V. An')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('a revoked key (401) is forgotten: the station says so and asks for a new key, pasted as the link', async () => {
    window.localStorage.setItem(STATION_KEY_STORAGE, 'rs_revoked');
    const calls = serve({
      [`GET ${CODE}`]: (config) =>
        config.headers.get('X-Station-Token') === 'rs_new'
          ? answer(config, 200, ok(codeAnswer('MNPRTW', Date.now() + 60_000, 'H3-106')))
          : answer(
              config,
              401,
              refused('Khóa của máy nhận lệnh in không hợp lệ hoặc đã bị thu hồi', 'STATION_TOKEN_INVALID'),
            ),
    });
    renderStation('#/ReleaseStation');
    expect(await screen.findByText('Trạm đã bị thu hồi / khoá không hợp lệ')).toBeInTheDocument();
    expect(window.localStorage.getItem(STATION_KEY_STORAGE)).toBeNull();
    expect(screen.queryByTestId('station-code')).not.toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Khóa của trạm nhận' });
    fireEvent.change(box, { target: { value: ' https://print.hcmut.edu.vn/#/ReleaseStation?key=rs_new ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lưu khóa' }));
    expect(await screen.findByTestId('station-code')).toHaveTextContent('MNPRTW');
    expect(screen.getByText('Máy in H3-106')).toBeInTheDocument();
    expect(window.localStorage.getItem(STATION_KEY_STORAGE)).toBe('rs_new');
    expect(calls.map((c) => c.token)).toEqual(['rs_revoked', 'rs_new']);
  });

  it('a key revoked while the keypad is used goes back to setup too', async () => {
    window.localStorage.setItem(STATION_KEY_STORAGE, 'rs_kept');
    serve({
      [`GET ${CODE}`]: (config) => answer(config, 200, ok(codeAnswer('AC3F7K', Date.now() + 60_000))),
      [`POST ${RELEASE}`]: (config) =>
        answer(config, 401, refused('Khóa không hợp lệ hoặc đã bị thu hồi', 'STATION_TOKEN_INVALID')),
    });
    renderStation('#/ReleaseStation');
    await screen.findByTestId('station-code');
    typeCode('HJK347');
    fireEvent.click(screen.getByRole('button', { name: 'Nhận bản in' }));
    expect(await screen.findByText('Trạm đã bị thu hồi / khoá không hợp lệ')).toBeInTheDocument();
    expect(window.localStorage.getItem(STATION_KEY_STORAGE)).toBeNull();
  });

  it('is a public route of the shell: no session, no sign-in page, no side menu', async () => {
    serve({});
    window.location.hash = '#/ReleaseStation';
    render(
      <HashRouter>
        <AppRoutes />
      </HashRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Cài đặt trạm nhận' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/ReleaseStation');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('without a key it asks for one and asks nothing of the server', async () => {
    const calls = serve({});
    renderStation('#/ReleaseStation');
    expect(await screen.findByRole('heading', { name: 'Cài đặt trạm nhận' })).toBeInTheDocument();
    expect(screen.queryByText('Trạm đã bị thu hồi / khoá không hợp lệ')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lưu khóa' }));
    expect(await screen.findByText('Vui lòng dán khóa của trạm nhận')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows the server's words when the code cannot be had (a printer or device problem), then tries again", async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T02:00:00.000Z') });
    window.localStorage.setItem(STATION_KEY_STORAGE, 'rs_kept');
    let fail = true;
    const calls = serve({
      [`GET ${CODE}`]: (config) =>
        fail
          ? answer(config, 422, refused('Máy in H1-101 hiện đang báo lỗi: chưa thể nhận lệnh in', 'PRINTER_OFFLINE'))
          : answer(config, 200, ok(codeAnswer('AC3F7K', Date.now() + 60_000))),
    });
    renderStation('#/ReleaseStation', () => Date.now());
    expect(await screen.findByText('Máy in H1-101 hiện đang báo lỗi: chưa thể nhận lệnh in')).toBeInTheDocument();
    expect(screen.queryByTestId('station-code')).not.toBeInTheDocument();
    fail = false;
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    await waitFor(() => expect(screen.getByTestId('station-code')).toHaveTextContent('AC3F7K'));
    expect(calls).toHaveLength(2);
  });
});
