import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import {
  answer,
  callsTo,
  initI18n,
  mockApi,
  OFFICER,
  ok,
  refused,
  renderPage,
  resetSession,
} from 'test-support/page-harness';
import { job, printer, PRINTERS } from 'test-support/printer-room-fixtures';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import ManageSpsoPage from './manage-spso-page';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const officer = OFFICER;

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
const LIST = '/v1/spso/printers';

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${LIST}`]: (config) => answer(config, 200, ok({ printers: PRINTERS, totalPrinter: 7, activatedPrinter: 5 })),
    ...routes,
  });
}

const renderManage = () => renderPage('/ManageSpso', '/ManageSpso', <ManageSpsoPage />);
const rowOf = async (id: string) => (await screen.findByText(id)).closest('tr') as HTMLElement;
const dialogNamed = async (name: string) => screen.findByRole('dialog', { name });

/** Opens an antd Select by its label and picks the option shown as `label`. */
async function pick(selectLabel: string, label: string) {
  const combobox = screen.getByRole('combobox', { name: selectLabel });
  fireEvent.mouseDown(combobox);
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (el) => el.getAttribute('title') === label && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (found.length === 0) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(options[options.length - 1]!);
}

/** The option labels of the open dropdown of a Select. */
async function optionsOf(selectLabel: string): Promise<string[]> {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: selectLabel }));
  return waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown')].filter(
      (el) => !el.classList.contains('ant-select-dropdown-hidden'),
    );
    const last = open[open.length - 1];
    if (!last) throw new Error('no dropdown');
    return [...last.querySelectorAll('.ant-select-item-option')].map((el) => el.getAttribute('title') ?? '');
  });
}

/** Picks a day of the current month in the date field named `label`. */
async function pickDay(label: string, day: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const cell = await waitFor(() => {
    const panels = [...document.querySelectorAll('.ant-picker-dropdown')].filter(
      (el) => !el.classList.contains('ant-picker-dropdown-hidden'),
    );
    const found = panels[panels.length - 1]?.querySelector<HTMLElement>(`td[title="${day}"]`);
    if (!found) throw new Error('no panel yet');
    return found;
  });
  fireEvent.click(cell);
}

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(async () => {
  await connectSocket();
  resetSession(officer);
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/ManageSpso list', () => {
  it('shows placeholder rows while loading, then the totals and every printer with its columns', async () => {
    let release: () => void = () => undefined;
    serve({
      [`GET ${LIST}`]: (config) =>
        new Promise((resolve) => {
          release = () =>
            resolve(answer(config, 200, ok({ printers: PRINTERS, totalPrinter: 7, activatedPrinter: 5 })));
        }).then((r) => r as Awaited<ReturnType<Handler>>),
    });
    renderManage();
    expect(screen.getByRole('heading', { name: 'QUẢN LÝ HỆ THỐNG MÁY IN' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('printer-skeleton-row')).toHaveLength(5);
    await act(async () => release());
    const row = await rowOf('P001');
    expect(screen.queryByTestId('printer-skeleton-row')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Tổng số máy in')).toHaveTextContent('7');
    expect(screen.getByLabelText('Máy in đang hoạt động')).toHaveTextContent('5');
    // 18:30 UTC is the next day in Vietnam; an activation is a date, never a made-up hour
    expect(within(row).getByText('2024-05-02')).toBeInTheDocument();
    expect(within(row).queryByText(/\d\d:\d\d:\d\d/)).not.toBeInTheDocument();
    expect(within(row).getByText('Cơ sở 1 · B1 · 109')).toBeInTheDocument();
    expect(within(row).getByText('Hoạt động')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    for (const name of ['Hiện tại', 'Lịch sử', 'Cấu hình']) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
    const paused = await rowOf('P002');
    expect(within(paused).getByText('Tạm dừng')).toBeInTheDocument();
    expect(within(paused).getByText('Cơ sở 2 · H6 · 305')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(1 + PRINTERS.length);
  });

  it('searches by printer id, filters by status, location and activation order, and reloads live', async () => {
    const adapter = serve();
    renderManage();
    await rowOf('P001');
    expect(callsTo(adapter, 'GET', LIST)[0]!.params).toEqual({ sortDirection: '1' });

    const search = screen.getByRole('searchbox', { name: 'Tìm theo mã máy in' });
    fireEvent.change(search, { target: { value: ' p00 ' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({ sortDirection: '1', searchField: 'p00' }),
    );

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(
      within(await screen.findByRole('radiogroup', { name: 'Trạng thái' })).getByLabelText('Vô hiệu hóa'),
    );
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vị trí' })).getByLabelText('Cơ sở 2'));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Thời gian kích hoạt' })).getByLabelText('Giảm dần'));
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({
        searchField: 'p00',
        status: '0',
        facility: 'CS2',
        sortDirection: '-1',
      }),
    );

    const before = callsTo(adapter, 'GET', LIST).length;
    act(() => emitFakeSocketEvent('update-printer-list'));
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST)).toHaveLength(before + 1));
  });
});

describe('/ManageSpso current queue and history', () => {
  it("'Hiện tại' lists the printing job first, then the waiting ones in order, and follows live changes", async () => {
    let queue = {
      printingJob: [job('j1', { status: 'InProgress', createdAt: '2024-05-02T01:00:00.000Z' })],
      printingQueue: [
        job('j2', { firstName: 'Bình', lastName: 'Trần', mssv: '2110002', paperSize: 'A3', total_pages: 4 }),
        job('j3'),
      ],
    };
    const adapter = serve({ 'GET /v1/spso/printingQueue': (config) => answer(config, 200, ok(queue)) });
    renderManage();
    fireEvent.click(within(await rowOf('P001')).getByRole('button', { name: 'Hiện tại' }));
    const dialog = await dialogNamed('Hàng đợi in: P001');
    await within(dialog).findByText('j1.pdf');
    expect(callsTo(adapter, 'GET', '/v1/spso/printingQueue')[0]!.params).toEqual({ printerId: 'P001' });
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual(['j1.pdf', 'j2.pdf', 'j3.pdf']);
    expect(within(rows[0]!).getByText('Đang in')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('2024-05-02 08:00:00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Trần Bình')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2110002')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('4 tờ A3')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Đang đợi')).toBeInTheDocument();

    queue = { printingJob: [], printingQueue: [] };
    act(() => emitFakeSocketEvent('update-printer-list'));
    expect(await within(dialog).findByText('Máy in không có yêu cầu nào đang in hoặc đang chờ.')).toBeInTheDocument();
  });

  it("'Lịch sử' asks page 1 of 20, applies a date range, pages on the server and shows '—' without a student", async () => {
    const entries = [
      job('done', { status: 'Completed' }),
      job('gone', { user_id: null, firstName: null, lastName: null, mssv: null }),
      job('off', { status: 'Failed', failureReason: 'printer disabled' }),
    ];
    const adapter = serve({
      'GET /v1/spso/printingLog': (config) =>
        answer(config, 200, ok({ printingLog: entries, total: 45, page: config.params.page, per_page: 20 })),
    });
    renderManage();
    fireEvent.click(within(await rowOf('P001')).getByRole('button', { name: 'Lịch sử' }));
    const dialog = await dialogNamed('Lịch sử in: P001');
    await within(dialog).findByText('done.pdf');
    expect(callsTo(adapter, 'GET', '/v1/spso/printingLog')[0]!.params).toEqual({
      printerId: 'P001',
      page: 1,
      per_page: 20,
    });
    const gone = within(dialog).getByText('gone.pdf').closest('tr') as HTMLElement;
    expect(within(gone).getAllByText('—')).toHaveLength(2);
    const off = within(dialog).getByText('off.pdf').closest('tr') as HTMLElement;
    expect(within(off).getByText('Đã hủy')).toBeInTheDocument();
    expect(within(off).getByText('Máy in bị tắt, đã hoàn lại trang')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Nguyễn Văn An', { selector: 'td' })).toHaveLength(2);

    // 45 entries: three pages, the second asked from the server.
    fireEvent.click(within(dialog).getByTitle('2'));
    await waitFor(() => expect(callsTo(adapter, 'GET', '/v1/spso/printingLog').at(-1)!.params.page).toBe(2));

    const month = dayjs().format('YYYY-MM');
    await pickDay('Từ ngày', `${month}-05`);
    await pickDay('Đến ngày', `${month}-20`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', '/v1/spso/printingLog').at(-1)!.params).toEqual({
        printerId: 'P001',
        startDate: `${month}-05`,
        endDate: `${month}-20`,
        page: 1,
        per_page: 20,
      }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', '/v1/spso/printingLog').at(-1)!.params).toEqual({
        printerId: 'P001',
        page: 1,
        per_page: 20,
      }),
    );
  });
});

describe('/ManageSpso add printer', () => {
  const created = { ...printer('P-NEW'), jobsFailed: 0, pagesRefunded: 0 };

  it('checks the fields as the server does, cascades the location, and posts the printer', async () => {
    const adapter = serve({ 'POST /v1/spso/printer': (config) => answer(config, 200, ok(created)) });
    renderManage();
    await rowOf('P001');
    fireEvent.click(screen.getByRole('button', { name: /Thêm máy in/ }));
    const dialog = await dialogNamed('Thêm máy in');
    expect(within(dialog).getByRole('radio', { name: 'Hoạt động' })).toBeChecked();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    for (const text of [
      'Vui lòng nhập mã máy in',
      'Vui lòng nhập hãng máy in',
      'Vui lòng nhập mẫu máy in',
      'Vui lòng chọn cơ sở',
    ]) {
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    }
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mã máy in' }), { target: { value: 'P 1' } });
    expect(
      await within(dialog).findByText("Mã máy in gồm 2 đến 20 ký tự: chữ cái, chữ số hoặc dấu '-'"),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hãng' }), { target: { value: 'x'.repeat(101) } });
    expect(await within(dialog).findByText('Tối đa 100 ký tự')).toBeInTheDocument();

    // Facility → its buildings → that building's rooms; another facility clears building and room.
    expect(await optionsOf('Cơ sở')).toEqual(['Cơ sở 1', 'Cơ sở 2']);
    await pick('Cơ sở', 'Cơ sở 1');
    expect(await optionsOf('Tòa')).toEqual(['B1', 'B2', 'B3', 'B4', 'B5']);
    await pick('Tòa', 'B1');
    await pick('Phòng', '101');
    const selectOf = (label: string) =>
      screen.getByRole('combobox', { name: label }).closest('.ant-select') as HTMLElement;
    expect(within(selectOf('Tòa')).getByText('B1')).toBeInTheDocument();
    expect(within(selectOf('Phòng')).getByText('101')).toBeInTheDocument();
    await pick('Cơ sở', 'Cơ sở 2');
    await waitFor(() => expect(within(selectOf('Tòa')).queryByText('B1')).not.toBeInTheDocument());
    expect(within(selectOf('Phòng')).queryByText('101')).not.toBeInTheDocument();
    expect(await optionsOf('Tòa')).toEqual(['H1', 'H3', 'H6']);
    await pick('Tòa', 'H3');
    await pick('Phòng', '101');

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mã máy in' }), { target: { value: 'P-NEW' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hãng' }), { target: { value: ' Canon ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mẫu máy' }), { target: { value: 'LBP 6030' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mô tả' }), { target: { value: 'Cạnh thang máy' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Tạm dừng' }));
    const listCalls = callsTo(adapter, 'GET', LIST).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(await screen.findByText('Thêm máy in thành công')).toBeInTheDocument();
    expect(callsTo(adapter, 'POST', '/v1/spso/printer').map((c) => c.body)).toEqual([
      {
        printerId: 'P-NEW',
        brand: 'Canon',
        model: 'LBP 6030',
        location: { facility: 'CS2', department: 'H3', room: '101' },
        description: 'Cạnh thang máy',
        status: 0,
        releaseMode: 'direct',
      },
    ]);
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST).length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thêm máy in' })).not.toBeInTheDocument());
  });

  it("shows the server's message for a duplicate id and keeps the dialog open", async () => {
    serve({
      'POST /v1/spso/printer': (config) => answer(config, 409, refused('Mã máy in P001 đã tồn tại')),
    });
    renderManage();
    await rowOf('P001');
    fireEvent.click(screen.getByRole('button', { name: /Thêm máy in/ }));
    const dialog = await dialogNamed('Thêm máy in');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mã máy in' }), { target: { value: 'P001' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Hãng' }), { target: { value: 'HP' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mẫu máy' }), { target: { value: 'M404' } });
    await pick('Cơ sở', 'Cơ sở 1');
    await pick('Tòa', 'B2');
    await pick('Phòng', '101');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(await screen.findByText('Mã máy in P001 đã tồn tại')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Thêm máy in' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Mã máy in' })).toHaveValue('P001');
  });
});

describe('/ManageSpso configure', () => {
  const openConfigure = async (id = 'P001') => {
    fireEvent.click(within(await rowOf(id)).getByRole('button', { name: 'Cấu hình' }));
    return dialogNamed(`Cấu hình máy in: ${id}`);
  };
  const customise = async (dialog: HTMLElement) => {
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Tùy chỉnh' }));
    return within(dialog).findByRole('textbox', { name: 'Hãng' });
  };

  it('saves the customised fields, toasts success and closes', async () => {
    const adapter = serve({
      'PUT /v1/spso/printer': (config) =>
        answer(config, 200, ok({ ...PRINTERS[0], brand: 'Canon', jobsFailed: 0, pagesRefunded: 0 })),
    });
    renderManage();
    const dialog = await openConfigure();
    expect(await within(dialog).findByText('LaserJet M404')).toBeInTheDocument();
    fireEvent.change(await customise(dialog), { target: { value: 'Canon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(await screen.findByText('Tùy chỉnh thông tin máy in thành công')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', '/v1/spso/printer').map((c) => c.body)).toEqual([
      {
        printerId: 'P001',
        brand: 'Canon',
        model: 'LaserJet M404',
        location: { facility: 'CS1', department: 'B1', room: '109' },
        description: 'Máy in tầng 1',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cấu hình máy in/ })).not.toBeInTheDocument());
  });

  it('toasts the failure and closes the dialog all the same', async () => {
    serve({ 'PUT /v1/spso/printer': (config) => answer(config, 500, refused('Lỗi máy chủ')) });
    renderManage();
    const dialog = await openConfigure();
    fireEvent.change(await customise(dialog), { target: { value: 'Canon' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(await screen.findByText('Tùy chỉnh thông tin máy in thất bại')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cấu hình máy in/ })).not.toBeInTheDocument());
  });

  it('warns that disabling cancels the waiting jobs, then says how many were refunded', async () => {
    const adapter = serve({
      'PUT /v1/spso/printer': (config) =>
        answer(config, 200, ok({ ...PRINTERS[0], status: 0, jobsFailed: 2, pagesRefunded: 20 })),
    });
    renderManage();
    const dialog = await openConfigure();
    await customise(dialog);
    const warning = 'Máy in đang có 2 yêu cầu chờ in';
    expect(within(dialog).queryByText(new RegExp(warning))).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Kích hoạt máy in' }));
    expect(await within(dialog).findByText(new RegExp(warning))).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(
      await screen.findByText('Đã hủy 2 yêu cầu chờ in và hoàn lại 20 trang A4 cho sinh viên.'),
    ).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', '/v1/spso/printer')[0]!.body).toMatchObject({ printerId: 'P001', status: 0 });
  });

  it("retires a printer after a confirm, and shows the server's message when jobs are pending", async () => {
    let status = 409;
    const adapter = serve({
      'DELETE /v1/spso/printer': (config) =>
        status === 409
          ? answer(config, 409, refused('Máy in còn 3 yêu cầu in chưa xong, chưa thể xóa'))
          : answer(config, 200, ok(PRINTERS[0])),
    });
    renderManage();
    const dialog = await openConfigure();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Xóa máy in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Máy in còn 3 yêu cầu in chưa xong, chưa thể xóa')).toBeInTheDocument();
    expect(callsTo(adapter, 'DELETE', '/v1/spso/printer').map((c) => c.body)).toEqual([{ printerId: 'P001' }]);
    expect(screen.getByRole('dialog', { name: 'Cấu hình máy in: P001' })).toBeInTheDocument();

    status = 200;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xóa máy in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Xóa' }));
    expect(await screen.findByText('Đã xóa máy in P001')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cấu hình máy in/ })).not.toBeInTheDocument());
  });
});

describe('/ManageSpso from a notice', () => {
  it('opens with the printer of ?printer= searched (the link of a notice about that printer)', async () => {
    const adapter = serve();
    renderPage('/ManageSpso', '/ManageSpso?printer=H6-605', <ManageSpsoPage />);
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST)).toHaveLength(1));
    expect(callsTo(adapter, 'GET', LIST)[0]!.params).toEqual({ sortDirection: '1', searchField: 'H6-605' });
    expect(screen.getByRole('searchbox', { name: 'Tìm theo mã máy in' })).toHaveValue('H6-605');
  });
});
