import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, type UserInfo } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { setWindowWidth } from 'test-support/match-media';
import { answer, callsTo, initI18n, mockApi, ok, refused, renderPage, resetSession } from 'test-support/page-harness';
import { job, PRINTERS } from 'test-support/printer-room-fixtures';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import ManageStaffPage from './manage-staff-page';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const staff: UserInfo = {
  _id: 'u5',
  mssv: 'NV001',
  firstName: 'Hoa',
  lastName: 'Phạm Thị',
  email: 'staff@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'staff',
};

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
const LIST = '/v1/staff/printers';

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${LIST}`]: (config) => answer(config, 200, ok({ printers: PRINTERS, totalPrinter: 3, activatedPrinter: 2 })),
    ...routes,
  });
}

const renderManage = () => renderPage('/ManageStaff', '/ManageStaff', <ManageStaffPage />);
const rowOf = async (id: string) => (await screen.findByText(id)).closest('tr') as HTMLElement;

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

const realMatchMedia = window.matchMedia;
beforeAll(() => initI18n('staff', { vi, en }));
beforeEach(async () => {
  await connectSocket();
  resetSession(staff);
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/ManageStaff list', () => {
  it('shows the staff table: printer ID, queue count with details, history, status, configure', async () => {
    const adapter = serve();
    renderManage();
    const row = await rowOf('P001');
    expect(screen.getByLabelText('Tổng số máy in')).toHaveTextContent('3');
    expect(screen.getByLabelText('Máy in đang hoạt động')).toHaveTextContent('2');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Mã máy in', 'Hàng đợi', 'Lịch sử in', 'Trạng thái', 'Thiết lập']);
    expect(within(row).getByTestId('waiting-amount')).toHaveTextContent('3');
    for (const name of ['Chi tiết', 'Lịch sử', 'Cấu hình']) {
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(await rowOf('P002')).getByText('Tạm dừng')).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', LIST)[0]!.params).toEqual({ sortDirection: '1' });

    const search = screen.getByRole('searchbox', { name: 'Tìm theo mã máy in' });
    fireEvent.change(search, { target: { value: 'P002' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({ sortDirection: '1', searchField: 'P002' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(within(await screen.findByRole('radiogroup', { name: 'Trạng thái' })).getByLabelText('Hoạt động'));
    fireEvent.click(within(screen.getByRole('radiogroup', { name: 'Vị trí' })).getByLabelText('Cơ sở 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({
        searchField: 'P002',
        status: '1',
        facility: 'CS1',
        sortDirection: '1',
      }),
    );
    const before = callsTo(adapter, 'GET', LIST).length;
    act(() => emitFakeSocketEvent('update-printer-list'));
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST)).toHaveLength(before + 1));
  });

  it('draws cards on a 360 px phone, each value labelled and its buttons in view', async () => {
    setWindowWidth(360);
    serve();
    renderManage();
    const card = (await screen.findByText('P001')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Hàng đợi')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Chi tiết' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Lịch sử' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cấu hình' })).toBeInTheDocument();
  });

  it("'Chi tiết' and 'Lịch sử' ask the staff routes of that printer", async () => {
    const adapter = serve({
      'GET /v1/staff/printingQueue': (config) =>
        answer(config, 200, ok({ printingJob: [job('now', { status: 'InProgress' })], printingQueue: [job('next')] })),
      'GET /v1/staff/printingLog': (config) =>
        answer(
          config,
          200,
          ok({ printingLog: [job('old', { status: 'Completed' })], total: 1, page: 1, per_page: 20 }),
        ),
    });
    renderManage();
    fireEvent.click(within(await rowOf('P001')).getByRole('button', { name: 'Chi tiết' }));
    const queue = await screen.findByRole('dialog', { name: 'Hàng đợi in: P001' });
    expect(await within(queue).findByText('now.pdf')).toBeInTheDocument();
    expect(within(queue).getByText('next.pdf')).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/staff/printingQueue')[0]!.params).toEqual({ printerId: 'P001' });
    fireEvent.click(within(queue).getByRole('button', { name: /Close|Đóng/ }));

    fireEvent.click(within(await rowOf('P002')).getByRole('button', { name: 'Lịch sử' }));
    const log = await screen.findByRole('dialog', { name: 'Lịch sử in: P002' });
    expect(await within(log).findByText('old.pdf')).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/staff/printingLog')[0]!.params).toEqual({
      printerId: 'P002',
      page: 1,
      per_page: 20,
    });
  });
});

describe('/ManageStaff status switch', () => {
  const openConfigure = async () => {
    fireEvent.click(within(await rowOf('P001')).getByRole('button', { name: 'Cấu hình' }));
    return screen.findByRole('dialog', { name: 'Cấu hình máy in: P001' });
  };

  it("saves the switch with PUT /v1/staff/printer and toasts the spec's success, with the refund", async () => {
    const adapter = serve({
      'PUT /v1/staff/printer': (config) =>
        answer(config, 200, ok({ ...PRINTERS[0], status: 0, jobsFailed: 2, pagesRefunded: 14 })),
    });
    renderManage();
    const dialog = await openConfigure();
    expect(within(dialog).getByText('LaserJet M404')).toBeInTheDocument();
    const toggle = within(dialog).getByRole('switch', { name: 'Kích hoạt máy in' });
    expect(toggle).toBeChecked();
    expect(within(dialog).queryByText(/yêu cầu chờ in/)).not.toBeInTheDocument();
    fireEvent.click(toggle);
    expect(
      within(dialog).getByText(
        'Máy in đang có 2 yêu cầu chờ in: khi tắt máy in, các yêu cầu này sẽ bị hủy và số trang được hoàn lại cho sinh viên.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tùy chỉnh thông tin máy tin thành công')).toBeInTheDocument();
    expect(screen.getByText('Đã hủy 2 yêu cầu chờ in và hoàn lại 14 trang A4 cho sinh viên.')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', '/v1/staff/printer').map((c) => c.body)).toEqual([{ printerId: 'P001', status: 0 }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cấu hình máy in/ })).not.toBeInTheDocument());
  });

  it("toasts the spec's failure when the server refuses", async () => {
    serve({ 'PUT /v1/staff/printer': (config) => answer(config, 500, refused('Lỗi máy chủ')) });
    renderManage();
    const dialog = await openConfigure();
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Kích hoạt máy in' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tùy chỉnh thông tin máy tin thất bại')).toBeInTheDocument();
    expect(screen.queryByText('Tùy chỉnh thông tin máy tin thành công')).not.toBeInTheDocument();
  });
});

describe('/ManageStaff student history', () => {
  const openHistory = async () => {
    await rowOf('P001');
    fireEvent.click(screen.getByRole('button', { name: /Lịch sử in của sinh viên/ }));
    return screen.findByRole('dialog', { name: 'Lịch sử in của sinh viên' });
  };

  it("asks the student's jobs by code and dates and shows the student with them", async () => {
    const adapter = serve({
      'GET /v1/staff/studentHistory': (config) =>
        answer(
          config,
          200,
          ok({
            student: {
              _id: 'u1',
              firstName: 'An',
              lastName: 'Nguyễn Văn',
              mssv: '2110001',
              major: 'Khoa học máy tính',
              classes: 'MT21KH01',
            },
            printingLogs: [job('thesis', { status: 'Completed', printerId: 'P003' })],
            total: 1,
            page: 1,
            per_page: 10,
          }),
        ),
    });
    renderManage();
    const dialog = await openHistory();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tìm kiếm' }));
    expect(await within(dialog).findByText('Vui lòng nhập mã số sinh viên')).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/staff/studentHistory')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mã số sinh viên' }), {
      target: { value: '2110001' },
    });
    const month = dayjs().format('YYYY-MM');
    await pickDay('Từ ngày', `${month}-01`);
    await pickDay('Đến ngày', `${month}-15`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tìm kiếm' }));
    expect(await within(dialog).findByText('thesis.pdf')).toBeInTheDocument();
    expect(within(dialog).getByText('Nguyễn Văn An')).toBeInTheDocument();
    expect(within(dialog).getByText('MT21KH01')).toBeInTheDocument();
    expect(within(dialog).getAllByText('2110001').length).toBeGreaterThan(0);
    expect(callsTo(adapter, 'GET', '/v1/staff/studentHistory')[0]!.params).toEqual({
      studentId: '2110001',
      start: `${month}-01`,
      end: `${month}-15`,
      page: 1,
      per_page: 10,
    });
  });

  it("shows the server's message in the dialog for an unknown student code", async () => {
    serve({
      'GET /v1/staff/studentHistory': (config) =>
        answer(config, 404, refused('Không tìm thấy sinh viên có mã 9999999')),
    });
    renderManage();
    const dialog = await openHistory();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Mã số sinh viên' }), {
      target: { value: '9999999' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tìm kiếm' }));
    expect(await within(dialog).findByText('Không tìm thấy sinh viên có mã 9999999')).toBeInTheDocument();
  });
});

describe('/ManageStaff from a notice', () => {
  it('opens with the printer of ?printer= searched (the link of a notice about that printer)', async () => {
    const adapter = serve();
    renderPage('/ManageStaff', '/ManageStaff?printer=H6-605', <ManageStaffPage />);
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST)).toHaveLength(1));
    expect(callsTo(adapter, 'GET', LIST)[0]!.params).toEqual({ sortDirection: '1', searchField: 'H6-605' });
    expect(screen.getByRole('searchbox', { name: 'Tìm theo mã máy in' })).toHaveValue('H6-605');
  });
});
