import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { setWindowWidth } from 'test-support/match-media';
import {
  apiClient,
  connectSocket,
  disconnectSocket,
  type StudentPrinterItem,
  type StudentPrintingLog,
} from 'shared-api';
import { answer, initI18n, mockApi, ok, renderPage, resetSession, student } from '../test/page-harness';
import HistoryPage from './history-page';

jest.setTimeout(30_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const URL = '/v1/student/filterLogs';
const LOCATION = { facility: 'CS1', department: 'B4', room: '109' };
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function log(id: string, status: string, title: string, extra: Partial<StudentPrintingLog> = {}) {
  return {
    _id: id,
    status,
    finishDate: null,
    paperSize: 'A4',
    numVersion: 1,
    colorOption: false,
    landScapeOption: false,
    pagesPerSheet: 1,
    numSides: 1,
    pages: 'all',
    selectedPages: 2,
    document: { title, pages: 2, fileType: 'pdf' },
    user_id: 'u1',
    printerId: 'P001',
    createdAt: '2026-11-26T01:00:00.000Z',
    updatedAt: '2026-11-26T01:00:00.000Z',
    printers: [{ printerId: 'P001', location: LOCATION }],
    total_pages: 2,
    cost: 2,
    position: null,
    failureReason: null,
    ...extra,
  } as StudentPrintingLog;
}

function printer(printerId: string, extra: Partial<StudentPrinterItem> = {}): StudentPrinterItem {
  return {
    printerId,
    brand: 'HP',
    model: 'M404',
    description: '',
    location: { facility: 'CS1', department: 'B4', room: `R-${printerId}` },
    status: 1,
    activatedTime: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    device: null,
    releaseMode: 'direct',
    waiting_amount: 0,
    printed_count: 0,
    ...extra,
  };
}

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
function serve(logs: StudentPrintingLog[], routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${URL}`]: (config) => answer(config, 200, ok({ printingLogs: logs, printedA4: 0, printedA3: 0 })),
    'GET /v1/user/information': (config) => answer(config, 200, ok(student)),
    ...routes,
  });
}
const bodyOf = (adapter: jest.Mock, method: string, url: string) =>
  adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((config) => config.method === method && config.url === url)
    .map((config) => JSON.parse(config.data as string) as unknown);

const renderHistory = () => renderPage('/History', '/History', <HistoryPage />);
const rowOf = async (fileName: string) => (await screen.findByText(fileName)).closest('tr') as HTMLElement;

beforeAll(initI18n);
beforeEach(async () => {
  setWindowWidth(Infinity);
  await connectSocket();
  resetSession();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
  setWindowWidth(Infinity);
});

describe('/History: held and queued jobs', () => {
  it('a held job shows its status, its code grouped 3+3, the time left and the way to release it here', async () => {
    serve([log('h1', 'Held', 'held.pdf', { releaseCode: 'ACEFHJ', heldUntil: minutesFromNow(45) })]);
    renderHistory();
    const held = await rowOf('held.pdf');
    expect(within(held).getByText('Chờ nhận tại máy in')).toBeInTheDocument();
    expect(within(held).getByTestId('release-code')).toHaveTextContent(/^ACE FHJ$/);
    expect(within(held).getByTestId('held-countdown')).toHaveTextContent(/Còn 4[45]:\d\d/);
    expect(within(held).queryByText('Sắp hết hạn')).not.toBeInTheDocument();
    // at the printer without its QR: the release page, where the station's code is typed
    fireEvent.click(within(held).getByRole('link', { name: /Đang ở máy in\? Nhập mã/ }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/Release');
    expect(window.location.hash).toBe('#/Release?printer=P001');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an expired job shows its tag and nothing to act on', async () => {
    serve([log('e1', 'Expired', 'expired.pdf')]);
    renderHistory();
    const expired = await rowOf('expired.pdf');
    expect(within(expired).getByText('Hết hạn')).toBeInTheDocument();
    expect(within(expired).queryByTestId('release-code')).not.toBeInTheDocument();
    expect(within(expired).queryByRole('button', { name: /Chuyển máy in/ })).not.toBeInTheDocument();
  });

  it('the countdown is live: crossing the last 10 minutes shows the warning without a reload', async () => {
    const adapter = serve([
      log('h1', 'Held', 'held.pdf', { releaseCode: 'ACEFHJ', heldUntil: minutesFromNow(10 + 1.5 / 60) }),
    ]);
    renderHistory();
    const held = await rowOf('held.pdf');
    expect(within(held).queryByText('Sắp hết hạn')).not.toBeInTheDocument();
    expect(await within(held).findByText('Sắp hết hạn', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(within(held).getByTestId('held-countdown')).toHaveTextContent(/Còn (10:00|9:5\d)/);
    expect(adapter.mock.calls.filter(([c]) => (c as InternalAxiosRequestConfig).url === URL)).toHaveLength(1);
  });

  it('extend: PUT /v1/student/extend with the job, the toast, a reload; an extended job offers it no more', async () => {
    let extended = false;
    const adapter = serve([], {
      [`GET ${URL}`]: (config) =>
        answer(
          config,
          200,
          ok({
            printingLogs: [
              log('h1', 'Held', 'held.pdf', { releaseCode: 'ACEFHJ', heldUntil: minutesFromNow(20), extended }),
            ],
            printedA4: 0,
            printedA3: 0,
          }),
        ),
      'PUT /v1/student/extend': (config) => {
        extended = true;
        return answer(config, 200, ok({ printingLog: log('h1', 'Held', 'held.pdf', { extended: true }) }));
      },
    });
    renderHistory();
    fireEvent.click(within(await rowOf('held.pdf')).getByRole('button', { name: /Gia hạn 30 phút/ }));
    expect(await screen.findByText('Đã gia hạn thêm 30 phút')).toBeInTheDocument();
    expect(bodyOf(adapter, 'put', '/v1/student/extend')).toEqual([{ printingLogId: 'h1' }]);
    await waitFor(async () =>
      expect(within(await rowOf('held.pdf')).queryByRole('button', { name: /Gia hạn/ })).not.toBeInTheDocument(),
    );
  });

  it("a refused extension shows the server's message", async () => {
    serve([log('h1', 'Held', 'held.pdf', { releaseCode: 'ACEFHJ', heldUntil: minutesFromNow(20) })], {
      'PUT /v1/student/extend': (config) =>
        answer(config, 409, { success: false, message: 'Yêu cầu này đã được gia hạn một lần.' }),
    });
    renderHistory();
    fireEvent.click(within(await rowOf('held.pdf')).getByRole('button', { name: /Gia hạn 30 phút/ }));
    expect(await screen.findByText('Gia hạn thất bại')).toBeInTheDocument();
    expect(screen.getByText('Yêu cầu này đã được gia hạn một lần.')).toBeInTheDocument();
  });

  it('move: lists only the other printers that take jobs, sends the choice, and shows a 422 as the server says', async () => {
    let refuse = true;
    const adapter = serve([log('q1', 'Queued', 'queued.pdf', { position: 3, queuePosition: 3 })], {
      'GET /v1/student/printers': (config) =>
        answer(
          config,
          200,
          ok({
            printers: [
              printer('P001'),
              printer('P002', { estimatedWaitMinutes: 4 }),
              printer('P003', { status: 0 }),
              printer('P004', { device: { state: 'offline', reasons: [], checkedAt: null } }),
              printer('P005', { releaseMode: 'held', waiting_amount: 2 }),
            ],
            total: 5,
            totalPrinter: 5,
            activatedPrinter: 4,
            currentFileType: ['pdf'],
          }),
        ),
      'PUT /v1/student/move': (config) => {
        if (refuse) return answer(config, 422, { success: false, message: 'Máy in P005 không in được khổ A3.' });
        return answer(config, 200, ok({ printingLog: log('q1', 'Queued', 'queued.pdf', { printerId: 'P002' }) }));
      },
    });
    renderHistory();
    fireEvent.click(within(await rowOf('queued.pdf')).getByRole('button', { name: /Chuyển máy in/ }));
    const dialog = await screen.findByRole('dialog');
    const choices = await within(dialog).findAllByRole('radio');
    expect(choices.map((c) => (c as HTMLInputElement).value)).toEqual(['P002', 'P005']);
    expect(within(dialog).getByText('Chờ khoảng 4 phút')).toBeInTheDocument();
    expect(within(dialog).getByText('Nhận tại máy in')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Chuyển' })).toBeDisabled();

    fireEvent.click(within(dialog).getByRole('radio', { name: /P005/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chuyển' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Máy in P005 không in được khổ A3.');

    refuse = false;
    fireEvent.click(within(dialog).getByRole('radio', { name: /P002/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Chuyển' }));
    expect(await screen.findByText('Đã chuyển sang máy in P002')).toBeInTheDocument();
    expect(bodyOf(adapter, 'put', '/v1/student/move')).toEqual([
      { printingLogId: 'q1', printerId: 'P005' },
      { printingLogId: 'q1', printerId: 'P002' },
    ]);
  });

  it('a queued job shows its place (queuePosition first) and when it should start; unknown ones show —', async () => {
    serve([
      log('q1', 'Queued', 'soon.pdf', { position: 9, queuePosition: 2, estimatedStart: minutesFromNow(4.5) }),
      log('q2', 'Queued', 'unknown.pdf', { position: 4, estimatedStart: null }),
      log('q3', 'Queued', 'nothing.pdf', { position: null, queuePosition: null }),
    ]);
    renderHistory();
    const soon = await rowOf('soon.pdf');
    expect(within(soon).getByText('2')).toBeInTheDocument();
    expect(within(soon).getByTestId('estimated-start')).toHaveTextContent('~ 5 phút nữa');
    const unknown = await rowOf('unknown.pdf');
    expect(within(unknown).getByText('4')).toBeInTheDocument();
    expect(within(unknown).getByTestId('estimated-start')).toHaveTextContent('—');
    const nothing = await rowOf('nothing.pdf');
    expect(within(nothing).getAllByText('—').length).toBeGreaterThanOrEqual(3);
  });

  it('at 360 px the jobs are cards with the code, the time left and every action in reach', async () => {
    setWindowWidth(360);
    serve([
      log('h1', 'Held', 'held.pdf', { releaseCode: 'ACEFHJ', heldUntil: minutesFromNow(30) }),
      log('q1', 'Queued', 'queued.pdf', { queuePosition: 1, position: 1, estimatedStart: minutesFromNow(2) }),
    ]);
    renderHistory();
    const list = await screen.findByRole('list', { name: 'LỊCH SỬ HOẠT ĐỘNG' });
    expect(within(list).queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    const held = cards.find((card) => within(card).queryByText('held.pdf'))!;
    expect(within(held).getByTestId('release-code')).toHaveTextContent('ACE FHJ');
    expect(within(held).getByTestId('held-countdown')).toHaveTextContent(/Còn (30:00|29:\d\d)/);
    for (const name of [/Gia hạn 30 phút/, /Chuyển máy in/, /Hủy yêu cầu/]) {
      expect(within(held).getByRole('button', { name })).toBeInTheDocument();
    }
    const queued = cards.find((card) => within(card).queryByText('queued.pdf'))!;
    expect(within(queued).getByTestId('estimated-start')).toHaveTextContent('~ 2 phút nữa');
    expect(within(queued).queryByRole('button', { name: /Gia hạn/ })).not.toBeInTheDocument();
  });
});
