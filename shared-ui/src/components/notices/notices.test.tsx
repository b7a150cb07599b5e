import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import {
  apiClient,
  connectSocket,
  disconnectSocket,
  useSessionStore,
  type Notice,
  type NoticeListResponse,
  type UserInfo,
} from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { setWindowWidth } from 'test-support/match-media';
import { answer, callsTo, initI18n, mockApi, ok, renderPage, resetSession } from 'test-support/page-harness';
import { NoticeBoard } from './notice-board';
import { SafeHtml, sanitizeHtml } from './safe-html';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

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

function notice(id: string, over: Partial<Notice> = {}): Notice {
  return {
    _id: id,
    sender: { user_id: 'u5', role: 'staff', firstName: 'Hoa', lastName: 'Phạm Thị' },
    receiver: null,
    receiverRole: 'spso',
    location: { facility: 'CS2', department: 'H6', room: '605' },
    action: 'printer-disabled',
    description: `Nhân viên tạm dừng máy in <b>${id}</b>`,
    printerId: 'H6-605',
    seen: true,
    actionTime: '2026-11-20T03:04:05.000Z',
    createdAt: '2026-11-20T03:04:05.000Z',
    updatedAt: '2026-11-20T03:04:05.000Z',
    ...over,
  };
}

const FIRST: Notice[] = [
  notice('n1', {
    seen: false,
    description: 'Máy in <b>&lt;img&gt; H6-605</b> bị tắt <img src=x onerror="alert(1)"><script>alert(2)</script>',
  }),
  notice('n2', {
    sender: { user_id: '', role: 'system', firstName: '', lastName: '' },
    location: null,
    printerId: null,
    description: 'Cấu hình hệ thống đã thay đổi',
  }),
];
const LIST = '/v1/spso/notices';
const SEEN = '/v1/spso/notices/seen';

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;

/** The notices API with `news` new ones; the list answers `pages[page - 1]` and total 45 (3 pages). */
function serve(state: { news: number; pages?: Notice[][] }, routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${LIST}`]: (config) => {
      const page = Number((config.params as { page: number }).page);
      const per = Number((config.params as { per_page: number }).per_page);
      const rows = per === 1 ? [] : ((state.pages ?? [FIRST])[page - 1] ?? []);
      const data: NoticeListResponse = { allNotices: rows, news: state.news, total: 45, page, per_page: per };
      return answer(config, 200, ok(data));
    },
    [`PUT ${SEEN}`]: (config) => {
      state.news = 0;
      return answer(config, 200, ok({ news: 0 }));
    },
    ...routes,
  });
}

const renderBoard = () => renderPage('/Notice', '/Notice', <NoticeBoard role="spso" />);
const listCalls = (adapter: jest.Mock) => callsTo(adapter, 'GET', LIST).filter((c) => c.params.per_page === 20);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

const realMatchMedia = window.matchMedia;
beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(async () => {
  await connectSocket();
  resetSession(officer);
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('SafeHtml', () => {
  it('keeps text and emphasis, removes images with handlers and scripts', () => {
    const html = 'Máy in <b>P-1</b><img src=x onerror=alert(1)><script>alert(2)</script> <i onclick="x()">ok</i>';
    expect(sanitizeHtml(html)).toBe('Máy in <b>P-1</b> <i>ok</i>');
    const { container } = render(<SafeHtml html={html} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('b')).toHaveTextContent('P-1');
    expect(container).toHaveTextContent('Máy in P-1 ok');
  });
});

describe('NoticeBoard', () => {
  it('a list that could not load says so with a retry, never "no notices"; the retry loads it', async () => {
    const adapter = serve({ news: 1 });
    const served = adapter.getMockImplementation()!;
    adapter.mockImplementation((config: InternalAxiosRequestConfig) =>
      config.url === LIST && (config.params as { per_page: number }).per_page === 20
        ? answer(config, 500, { success: false, message: 'Lỗi máy chủ' })
        : served(config),
    );
    renderBoard();
    expect(await screen.findByText('Không tải được danh sách thông báo.')).toBeInTheDocument();
    expect(screen.queryByText('Chưa có thông báo nào')).not.toBeInTheDocument();
    adapter.mockImplementation(served);
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await rowOf('Phạm Thị Hoa')).toBeInTheDocument();
    expect(screen.queryByText('Không tải được danh sách thông báo.')).not.toBeInTheDocument();
  });

  it('shows skeleton rows, then the table: time UTC+7, name, role, sanitized content, location', async () => {
    let release: () => void = () => undefined;
    const adapter = serve({ news: 1 });
    const served = adapter.getMockImplementation()!;
    adapter.mockImplementationOnce(
      (config: InternalAxiosRequestConfig) => new Promise((resolve) => (release = () => resolve(served(config)))),
    );
    renderBoard();
    expect(screen.getAllByTestId('notice-skeleton-row').length).toBeGreaterThan(0);
    await waitFor(() => expect(adapter).toHaveBeenCalled());
    expect(screen.getAllByTestId('notice-skeleton-row').length).toBeGreaterThan(0);
    act(() => release());
    const row = await rowOf('Phạm Thị Hoa');
    expect(screen.queryByTestId('notice-skeleton-row')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Thời gian',
      'Họ và tên',
      'Vai trò',
      'Nội dung',
      'Vị trí',
    ]);
    expect(listCalls(adapter)[0]!.params).toEqual({ page: 1, per_page: 20 });
    expect(within(row).getByText('2026-11-20 10:04:05')).toBeInTheDocument();
    expect(within(row).getByText('Phạm Thị Hoa')).toBeInTheDocument();
    expect(within(row).getByText('Nhân viên')).toBeInTheDocument();
    expect(within(row).getByText('Cơ sở 2 · H6 · 605')).toBeInTheDocument();
    // The escaped name stays text; the image and the script are gone.
    expect(row).toHaveTextContent('Máy in <img> H6-605 bị tắt');
    expect(row.querySelector('img')).toBeNull();
    expect(row.querySelector('script')).toBeNull();

    const system = (await screen.findByText('Cấu hình hệ thống đã thay đổi')).closest('tr') as HTMLElement;
    expect(within(system).getAllByText('Hệ thống')).toHaveLength(2);
    expect(within(system).getByText('—')).toBeInTheDocument();
    expect(within(system).queryByRole('link')).not.toBeInTheDocument();
  });

  it("highlights unseen rows and marks them 'Mới' for screen readers; seen rows are plain", async () => {
    serve({ news: 1 });
    renderBoard();
    const unseen = await rowOf('Phạm Thị Hoa');
    const seen = (await screen.findByText('Cấu hình hệ thống đã thay đổi')).closest('tr') as HTMLElement;
    expect(unseen).toHaveClass('sp-row-highlight');
    expect(unseen.style.background).not.toBe('');
    expect(within(unseen).getByText('Mới')).toBeInTheDocument();
    expect(seen).not.toHaveClass('sp-row-highlight');
    expect(seen.style.background).toBe('');
    expect(within(seen).queryByText('Mới')).not.toBeInTheDocument();
  });

  it('says so when there is no notice', async () => {
    mockApi({
      [`GET ${LIST}`]: (config) =>
        answer(config, 200, ok({ allNotices: [], news: 0, total: 0, page: 1, per_page: 20 })),
    });
    renderBoard();
    expect(await screen.findByText('Chưa có thông báo nào')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Xác nhận đã xem/ })).toBeDisabled();
  });

  it('pages on the server: page 2 asks page=2 and shows its rows', async () => {
    const adapter = serve({ news: 0, pages: [FIRST, [notice('n21', { description: 'Trang hai' })]] });
    renderBoard();
    await rowOf('Phạm Thị Hoa');
    fireEvent.click(screen.getByRole('listitem', { name: '2' }));
    expect(await screen.findByText('Trang hai')).toBeInTheDocument();
    expect(listCalls(adapter).at(-1)!.params).toEqual({ page: 2, per_page: 20 });
  });

  it("'Xác nhận đã xem' PUTs seen, reloads the list and the badge count, and the badge goes to 0", async () => {
    const state = { news: 3 };
    const adapter = serve(state);
    renderBoard();
    await rowOf('Phạm Thị Hoa');
    await waitFor(() => expect(useSessionStore.getState().newNotices).toBe(3));
    const before = listCalls(adapter).length;
    const countsBefore = callsTo(adapter, 'GET', LIST).length - before;
    fireEvent.click(screen.getByRole('button', { name: /Xác nhận đã xem/ }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', SEEN)).toHaveLength(1));
    await waitFor(() => expect(listCalls(adapter)).toHaveLength(before + 1));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).length - listCalls(adapter).length).toBe(countsBefore + 1),
    );
    expect(useSessionStore.getState().newNotices).toBe(0);
    await waitFor(() => expect(screen.getByTestId('notice-news')).toHaveTextContent('0 thông báo mới'));
  });

  it('reloads the list on update-notification-list', async () => {
    const state = { news: 1, pages: [FIRST] };
    const adapter = serve(state);
    renderBoard();
    await rowOf('Phạm Thị Hoa');
    state.pages = [[notice('n0', { seen: false, description: 'Thông báo vừa đến' }), ...FIRST]];
    state.news = 2;
    const before = listCalls(adapter).length;
    act(() => emitFakeSocketEvent('update-notification-list'));
    expect(await screen.findByText('Thông báo vừa đến')).toBeInTheDocument();
    expect(listCalls(adapter)).toHaveLength(before + 1);
    await waitFor(() => expect(useSessionStore.getState().newNotices).toBe(2));
  });

  it("links a printer's notice to the printer page of the reader's role, that printer searched", async () => {
    serve({ news: 1 });
    renderBoard();
    const row = await rowOf('Phạm Thị Hoa');
    const link = within(row).getByRole('link', { name: 'Xem máy in H6-605' });
    expect(link).toHaveAttribute('href', '#/ManageSpso?printer=H6-605');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/ManageSpso'));
    expect(window.location.hash).toBe('#/ManageSpso?printer=H6-605');
  });

  it('staff links go to /ManageStaff; on a phone the notices are cards, the unseen one tinted', async () => {
    setWindowWidth(360);
    resetSession({ ...officer, role: 'staff' });
    mockApi({
      'GET /v1/staff/notices': (config) =>
        answer(config, 200, ok({ allNotices: FIRST, news: 1, total: 2, page: 1, per_page: 20 })),
    });
    renderPage('/NoticeStaff', '/NoticeStaff', <NoticeBoard role="staff" />);
    const card = (await screen.findByText('Phạm Thị Hoa')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(card).toHaveClass('sp-row-highlight');
    expect(within(card).getByText('Mới')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Xem máy in H6-605' })).toHaveAttribute(
      'href',
      '#/ManageStaff?printer=H6-605',
    );
  });
});
