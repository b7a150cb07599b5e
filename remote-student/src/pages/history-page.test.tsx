import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, useSessionStore, type StudentPrintingLog } from 'shared-api';
import { historyQuery, DEFAULT_HISTORY_FILTERS } from '../features/history/api/filter-logs';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { answer, initI18n, mockApi, ok, paramsOf, renderPage, resetSession, student } from '../test/page-harness';
import HistoryPage from './history-page';
import JobRefundWatcher from '../features/history/components/job-refund-watcher';
import { WatcherWithToasts } from 'shared-ui/testing';

jest.setTimeout(30_000);

// The realtime connection: a fake socket.io-client whose server events the tests play.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const URL = '/v1/student/filterLogs';

function log(id: string, status: string, title: string, createdAt: string, extra: Partial<StudentPrintingLog> = {}) {
  return {
    _id: id,
    status,
    finishDate: null,
    paperSize: 'A4',
    numVersion: 2,
    colorOption: false,
    landScapeOption: true,
    pagesPerSheet: 2,
    numSides: 1,
    pages: '1-3',
    selectedPages: 3,
    document: { title, pages: 5, fileType: 'pdf' },
    user_id: 'u1',
    printerId: 'P001',
    createdAt,
    updatedAt: createdAt,
    printers: [{ printerId: 'P001', location: { facility: 'CS1', department: 'B4', room: '109' } }],
    total_pages: 4,
    cost: 4,
    position: status === 'Queued' ? 2 : null,
    failureReason: null,
    ...extra,
  } as StudentPrintingLog;
}

const LOGS = [
  log('l1', 'Queued', 'queued.pdf', '2024-05-01T18:30:00.000Z'),
  log('l2', 'InProgress', 'printing.pdf', '2024-05-01T03:04:05.000Z'),
  log('l3', 'Completed', 'done.pdf', '2024-04-30T10:00:00.000Z', { paperSize: 'A3', pages: 'all' }),
  log('l4', 'Failed', 'failed.pdf', '2024-04-29T10:00:00.000Z'),
  log('l5', 'Whatever', 'odd.pdf', '2024-04-28T10:00:00.000Z'),
];

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;

function serve(routes: Record<string, Handler> = {}, logs = LOGS) {
  return mockApi({
    [`GET ${URL}`]: (config) => answer(config, 200, ok({ printingLogs: logs, printedA4: 12, printedA3: 2 })),
    'GET /v1/user/information': (config) => answer(config, 200, ok({ ...student, balance: 31 })),
    ...routes,
  });
}

const renderHistory = () => renderPage('/History', '/History', <HistoryPage />);
const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr') as HTMLElement;

beforeAll(initI18n);
beforeEach(async () => {
  await connectSocket();
  resetSession();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/History', () => {
  it('shows the title, the A4 and A3 totals, and asks for the latest 100 first', async () => {
    const adapter = serve();
    renderHistory();
    expect(screen.getByRole('heading', { name: 'LỊCH SỬ HOẠT ĐỘNG' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Tổng số trang A4 đã in')).toHaveTextContent('12'));
    expect(screen.getByLabelText('Tổng số trang A3 đã in')).toHaveTextContent('2');
    expect(paramsOf(adapter, URL)[0]).toEqual({ per_page: 100, sortDirection: -1 });
  });

  it('draws each status with its text, and an unknown status as cancelled', async () => {
    serve();
    renderHistory();
    expect(within(await rowOf('queued.pdf')).getByText('Đang đợi')).toBeInTheDocument();
    expect(within(await rowOf('printing.pdf')).getByText('Đang in')).toBeInTheDocument();
    expect(within(await rowOf('done.pdf')).getByText('Đã in')).toBeInTheDocument();
    expect(within(await rowOf('failed.pdf')).getByText('Đã hủy')).toBeInTheDocument();
    expect(within(await rowOf('odd.pdf')).getByText('Đã hủy')).toBeInTheDocument();
    // Only a queued job shows its position and a cancel action.
    expect(within(await rowOf('queued.pdf')).getByRole('button', { name: /Hủy yêu cầu/ })).toBeInTheDocument();
    expect(within(await rowOf('printing.pdf')).queryByRole('button', { name: /Hủy yêu cầu/ })).not.toBeInTheDocument();
  });

  it('shows the print date in Vietnam time (+7 h): date and time of the shifted ISO text', async () => {
    serve();
    renderHistory();
    const queued = await rowOf('queued.pdf');
    expect(within(queued).getByTestId('print-date')).toHaveTextContent('2024-05-0201:30:00');
    expect(within(await rowOf('printing.pdf')).getByTestId('print-date')).toHaveTextContent('2024-05-0110:04:05');
    expect(
      within(queued).getByText('A4 · 2 bản · Thường · Ngang · 2 trang/tờ · 1 mặt · Trang 1-3'),
    ).toBeInTheDocument();
    expect(within(queued).getByText('2')).toBeInTheDocument();
  });

  it('a row opens the detail dialog', async () => {
    serve();
    renderHistory();
    fireEvent.click(await screen.findByText('done.pdf'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Chi tiết yêu cầu in')).toBeInTheDocument();
    expect(within(dialog).getByText('CS1, B4, 109')).toBeInTheDocument();
    expect(within(dialog).getByText('Đã in')).toBeInTheDocument();
  });

  it('cancel: the confirm dialog, DELETE with the log id, the toast and the refunded balance', async () => {
    const remove = jest.fn((config: InternalAxiosRequestConfig) =>
      answer(config, 200, ok({ printingLog: { ...LOGS[0], status: 'Failed' }, balance: 28 })),
    );
    const adapter = serve({ 'DELETE /v1/student/cancelLog': remove });
    renderHistory();
    fireEvent.click(within(await rowOf('queued.pdf')).getByRole('button', { name: /Hủy yêu cầu/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/queued\.pdf/)).toBeInTheDocument();
    // The row click behind the button must not open the details as well.
    expect(screen.queryByText('Chi tiết yêu cầu in')).not.toBeInTheDocument();
    const before = paramsOf(adapter, URL).length;
    fireEvent.click(within(dialog).getByRole('button', { name: /Hủy yêu cầu/ }));

    expect(await screen.findByText('Hủy yêu cầu in thành công')).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(JSON.parse(remove.mock.calls[0]![0].data as string)).toEqual({ printingLogId: 'l1' });
    expect(useSessionStore.getState().balance).toBe(28);
    await waitFor(() => expect(paramsOf(adapter, URL).length).toBeGreaterThan(before));
  });

  it('a refused cancel shows the failure toast and keeps the balance', async () => {
    serve({
      'DELETE /v1/student/cancelLog': (config) =>
        answer(config, 422, { success: false, message: 'Yêu cầu đã bắt đầu in', code: 'X' }),
    });
    renderHistory();
    fireEvent.click(within(await rowOf('queued.pdf')).getByRole('button', { name: /Hủy yêu cầu/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Hủy yêu cầu/ }));
    expect(await screen.findByText('Hủy yêu cầu in thất bại')).toBeInTheDocument();
    expect(useSessionStore.getState().balance).toBe(20);
  });

  it('search and the filter dropdown map to the query', async () => {
    const adapter = serve();
    renderHistory();
    await rowOf('queued.pdf');
    const search = screen.getByRole('searchbox', { name: 'Tìm theo tên tệp' });
    fireEvent.change(search, { target: { value: 'report' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(paramsOf(adapter, URL).at(-1)).toEqual({ per_page: 100, sortDirection: -1, searchField: 'report' }),
    );

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Đang đợi' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Cơ sở 2' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Cũ nhất' }));
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(paramsOf(adapter, URL).at(-1)).toEqual({
        per_page: 100,
        sortDirection: 1,
        searchField: 'report',
        status: 'Queued',
        facility: 'CS2',
      }),
    );
  });

  it('the date range goes as startDate and endDate', () => {
    expect(historyQuery({ ...DEFAULT_HISTORY_FILTERS, startDate: '2024-05-01', endDate: '2024-05-31' })).toEqual({
      per_page: 100,
      sortDirection: -1,
      startDate: '2024-05-01',
      endDate: '2024-05-31',
    });
  });

  it('reloads on update-student-history and refreshes the balance from the user information', async () => {
    const adapter = serve();
    renderHistory();
    await rowOf('queued.pdf');
    serve({}, [log('l1', 'Completed', 'queued.pdf', '2024-05-01T18:30:00.000Z')]);
    act(() => emitFakeSocketEvent('update-student-history'));
    await waitFor(() =>
      expect(within(screen.getByText('queued.pdf').closest('tr')!).getByText('Đã in')).toBeInTheDocument(),
    );
    await waitFor(() => expect(useSessionStore.getState().balance).toBe(31));
    expect(adapter).toHaveBeenCalled();
  });
  it('an empty history says there are no requests yet; an empty search says nothing matches', async () => {
    serve({}, []);
    renderHistory();
    expect(await screen.findByText('Chưa có yêu cầu in nào')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Tìm theo tên tệp' });
    fireEvent.change(search, { target: { value: 'không-có' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('Không có yêu cầu in nào khớp với tìm kiếm hoặc bộ lọc')).toBeInTheDocument();
    expect(screen.queryByText('Chưa có yêu cầu in nào')).not.toBeInTheDocument();
  });

  it("the detail shows a cancelled job's reason in words, and a printer's own reason as given", async () => {
    serve({}, [
      log('c1', 'Failed', 'cancelled.pdf', '2024-05-01T10:00:00.000Z', { failureReason: 'cancelled' }),
      log('c2', 'Failed', 'jam.pdf', '2024-05-01T09:00:00.000Z', { failureReason: 'Máy in báo kẹt giấy' }),
    ]);
    renderHistory();
    fireEvent.click(await screen.findByText('cancelled.pdf'));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Đã hủy theo yêu cầu')).toBeInTheDocument();
    expect(within(dialog).queryByText('cancelled')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Đóng' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('jam.pdf'));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Máy in báo kẹt giấy')).toBeInTheDocument();
  });

  it('a job ended by someone else: its row says why, and the student is told live with the file, printer and pages', async () => {
    const title = '<img src=x onerror=alert(1)> Giải tích.pdf';
    const adapter = serve({}, [
      log('a', 'Failed', title, '2024-10-01T03:00:00.000Z', { failureReason: 'printer disabled', cost: 6 }),
    ]);
    renderPage(
      '/History',
      '/History',
      <>
        <HistoryPage />
        <WatcherWithToasts Watcher={JobRefundWatcher} />
      </>,
    );
    const row = await rowOf(title);
    expect(within(row).getByText('Đã hủy')).toBeInTheDocument();
    expect(within(row).getByTestId('failure-reason')).toHaveTextContent('Máy in bị tắt, đã hoàn lại trang');

    const infoCalls = () =>
      adapter.mock.calls.filter(([c]) => (c as InternalAxiosRequestConfig).url === '/v1/user/information').length;
    const before = infoCalls();
    act(() =>
      emitFakeSocketEvent('job-refunded', {
        printingLogId: 'a',
        printerId: 'B1-109',
        title,
        pages: 6,
        reason: 'printer disabled',
      }),
    );
    expect(await screen.findByText('Yêu cầu in tại máy B1-109 đã bị hủy')).toBeInTheDocument();
    const description = screen.getByText(/Đã hoàn lại 6 trang A4/);
    // the file name is the student's own text: shown as text, never as markup
    expect(description).toHaveTextContent(`Tệp "${title}" không được in: Máy in bị tắt, đã hoàn lại trang.`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    // the header's balance is read again at once
    await waitFor(() => expect(infoCalls()).toBeGreaterThan(before));
  });

  it('a held job about to expire: the student is told live, wherever they are, with the minutes left', async () => {
    const title = '<img src=x onerror=alert(1)> Đề cương.pdf';
    serve({}, [log('h', 'Held', title, '2024-10-01T03:00:00.000Z', { cost: 2 })]);
    renderPage('/History', '/History', <WatcherWithToasts Watcher={JobRefundWatcher} />);
    act(() => emitFakeSocketEvent('job-expiring', { printingLogId: 'h', printerId: 'H1-101', title, minutes: 9 }));
    expect(await screen.findByText('Yêu cầu in tại máy H1-101 sắp hết hạn giữ')).toBeInTheDocument();
    expect(screen.getByText(/sẽ hết hạn sau 9 phút/)).toHaveTextContent(
      `Tệp "${title}" đang chờ bạn tại máy in H1-101 sẽ hết hạn sau 9 phút và được hoàn lại trang.`,
    );
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
