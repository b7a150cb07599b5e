import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, type StudentPrintingLog } from 'shared-api';
import { answer, initI18n, mockApi, ok, paramsOf, renderPage, resetSession } from '../test/page-harness';
import ReleasePage from './release-page';

jest.setTimeout(30_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const LOGS = '/v1/student/filterLogs';
const RELEASE = '/v1/student/release';

function log(id: string, status: string, title: string, printerId = 'P001'): StudentPrintingLog {
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
    selectedPages: 3,
    document: { title, pages: 3, fileType: 'pdf' },
    user_id: 'u1',
    printerId,
    createdAt: '2026-11-26T01:00:00.000Z',
    updatedAt: '2026-11-26T01:00:00.000Z',
    printers: [{ printerId, location: { facility: 'CS1', department: 'B4', room: '109' } }],
    total_pages: 3,
    cost: 3,
    position: null,
    failureReason: null,
    heldUntil: status === 'Held' ? new Date(Date.now() + 3_600_000).toISOString() : null,
    releaseCode: status === 'Held' ? 'KMNPRT' : null,
  } as StudentPrintingLog;
}

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
/** The held jobs the server holds: a release turns them Queued (the first InProgress). */
function serve(held: StudentPrintingLog[], release?: Handler) {
  let jobs = held;
  return mockApi({
    [`GET ${LOGS}`]: (config) => answer(config, 200, ok({ printingLogs: jobs, printedA4: 0, printedA3: 0 })),
    [`POST ${RELEASE}`]:
      release ??
      ((config) => {
        const body = JSON.parse(config.data as string) as { printingLogId?: string; printerId: string };
        const picked = jobs.filter(
          (j) =>
            j.status === 'Held' &&
            j.printerId === body.printerId &&
            (!body.printingLogId || j._id === body.printingLogId),
        );
        jobs = jobs.filter((j) => !picked.includes(j));
        const printingLogs = picked.map((j, i) => ({
          ...j,
          status: i === 0 ? 'InProgress' : 'Queued',
          releaseCode: null,
        }));
        return answer(config, 200, ok({ printingLogs }));
      }),
  });
}
const releaseBodies = (adapter: jest.Mock) =>
  adapter.mock.calls
    .map(([config]) => config as InternalAxiosRequestConfig)
    .filter((config) => config.method === 'post' && config.url === RELEASE)
    .map((config) => JSON.parse(config.data as string) as unknown);

const HELD = [
  log('h1', 'Held', 'bai-tap.pdf'),
  log('h2', 'Held', 'slide.pdf'),
  log('h3', 'Held', 'elsewhere.pdf', 'P002'),
  log('q1', 'Queued', 'queued.pdf'),
];
const open = (at: string) => renderPage('/Release', at, <ReleasePage />);

beforeAll(initI18n);
beforeEach(async () => {
  await connectSocket();
  resetSession();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/Release (the station QR on the phone)', () => {
  it("lists only the caller's held jobs at that printer and releases all with the QR's code", async () => {
    const adapter = serve(HELD);
    open('/Release?printer=P001&code=acefhj');
    const list = await screen.findByRole('list', { name: 'Yêu cầu in đang chờ tại máy in này' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('bai-tap.pdf'), expect.stringContaining('slide.pdf')]);
    expect(paramsOf(adapter, LOGS)[0]).toMatchObject({ status: 'Held' });
    // the code came with the QR: nothing to type
    expect(screen.queryByLabelText('Mã trên máy nhận lệnh in')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'In tất cả (2)' }));
    const done = await screen.findByRole('list', { name: 'Yêu cầu vừa gửi đến máy in' });
    expect(releaseBodies(adapter)).toEqual([{ printerId: 'P001', stationCode: 'ACEFHJ' }]);
    expect(within(done).getByText('bai-tap.pdf').closest('li')).toHaveTextContent('Đang in');
    expect(within(done).getByText('slide.pdf').closest('li')).toHaveTextContent('Đang đợi');
    expect(screen.getByText('Đã gửi 2 yêu cầu đến máy in')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Xem lịch sử in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/History');
  });

  it('releases one job; the used code is forgotten and the next release asks for the code shown now', async () => {
    const adapter = serve(HELD);
    open('/Release?printer=P001&code=ACEFHJ');
    fireEvent.click(await screen.findByRole('button', { name: 'In slide.pdf' }));
    expect(await screen.findByText('Đã gửi 1 yêu cầu đến máy in')).toBeInTheDocument();
    expect(releaseBodies(adapter)).toEqual([{ printerId: 'P001', stationCode: 'ACEFHJ', printingLogId: 'h2' }]);

    // bai-tap.pdf still waits; a station's code works once
    await waitFor(() => expect(screen.getByRole('button', { name: 'In bai-tap.pdf' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'In tất cả (1)' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Mã trên máy nhận lệnh in'), { target: { value: 'kmn-prt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dùng mã này' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'In tất cả (1)' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'In tất cả (1)' }));
    await waitFor(() => expect(releaseBodies(adapter)).toHaveLength(2));
    expect(releaseBodies(adapter)[1]).toEqual({ printerId: 'P001', stationCode: 'KMNPRT' });
  });

  it('opened without a code, the station code is typed by hand; a code of the wrong form is refused here', async () => {
    const adapter = serve(HELD);
    open('/Release?printer=P001');
    const field = await screen.findByLabelText('Mã trên máy nhận lệnh in');
    expect(screen.getByRole('button', { name: 'In tất cả (2)' })).toBeDisabled();
    fireEvent.change(field, { target: { value: 'AB0-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dùng mã này' }));
    expect(await screen.findByText(/Mã gồm 6 ký tự/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In tất cả (2)' })).toBeDisabled();

    fireEvent.change(field, { target: { value: ' ace fhj ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dùng mã này' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'In bai-tap.pdf' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'In bai-tap.pdf' }));
    await waitFor(() => expect(releaseBodies(adapter)).toHaveLength(1));
    expect(releaseBodies(adapter)[0]).toEqual({ printerId: 'P001', stationCode: 'ACEFHJ', printingLogId: 'h1' });
  });

  it("an old code: the server's message, and the field to type the code shown now", async () => {
    serve(HELD, (config) =>
      answer(config, 422, {
        success: false,
        code: 'RELEASE_CODE_INVALID',
        message:
          'Mã tại máy in không đúng, đã hết hạn hoặc đã được dùng: hãy quét lại mã QR đang hiện trên máy nhận lệnh in',
      }),
    );
    open('/Release?printer=P001&code=ACEFHJ');
    fireEvent.click(await screen.findByRole('button', { name: 'In tất cả (2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mã tại máy in không đúng, đã hết hạn hoặc đã được dùng',
    );
    expect(screen.getByLabelText('Mã trên máy nhận lệnh in')).toBeInTheDocument();
  });

  it.each([
    [422, 'PRINTER_ERROR', 'Máy in đang báo lỗi (hết giấy): chưa thể in. Hãy báo cán bộ hoặc chuyển sang máy in khác'],
    [429, 'TOO_MANY_REQUESTS', 'Bạn đã thử mã quá nhiều lần. Vui lòng thử lại sau 30 giây'],
  ])('a %i refusal (%s) is shown as the server says; the jobs stay', async (status, code, message) => {
    serve(HELD, (config) => answer(config, status, { success: false, code, message }));
    open('/Release?printer=P001&code=ACEFHJ');
    fireEvent.click(await screen.findByRole('button', { name: 'In tất cả (2)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'In bai-tap.pdf' })).toBeInTheDocument();
    expect(screen.queryByText(/yêu cầu đến máy in/)).not.toBeInTheDocument();
  });

  it('with no held job at that printer it says so', async () => {
    serve([log('h3', 'Held', 'elsewhere.pdf', 'P002')]);
    open('/Release?printer=P001&code=ACEFHJ');
    expect(await screen.findByText('Bạn không có yêu cầu in nào đang chờ tại máy in P001.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /In tất cả/ })).not.toBeInTheDocument();
  });

  it('without a printer it explains how to open it', async () => {
    serve(HELD);
    open('/Release');
    expect(await screen.findByText(/quét mã QR trên máy nhận lệnh in/)).toBeInTheDocument();
  });
});
