import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, type AdjustmentLedgerEntry, type StudentHistoryDetailRow, type StudentRecord } from 'shared-api';
import { answer, callsTo, initI18n, mockApi, OFFICER, ok, renderPage, resetSession } from 'test-support/page-harness';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import ActivitiesPage from './activities-page';

jest.setTimeout(60_000);

const officer = OFFICER;

function student(n: number, extra: Partial<StudentRecord> = {}): StudentRecord {
  return {
    _id: `s${n}`,
    firstName: 'An',
    lastName: 'Nguyễn Văn',
    mssv: String(2110000 + n),
    major: 'Khoa học và Kỹ thuật Máy tính',
    classes: 'MT21KH01',
    total_payment: 12_000 * n,
    printedA4: 30 * n,
    printedA3: n,
    balance: 50,
    ...extra,
  };
}

const STUDENTS = [student(1), student(2, { firstName: 'Bình', lastName: 'Trần Thị', major: null, classes: null })];

const DETAIL: StudentHistoryDetailRow[] = [
  { date: '2026-11-20', fileNames: ['de-cuong.pdf', 'bai-tap.docx'], quantity: 2, page_Quantity: { A4: 14, A3: 2 } },
  { date: '2026-11-02', fileNames: ['luan-van.pdf'], quantity: 1, page_Quantity: { A4: 80, A3: 0 } },
];

function entry(id: string, extra: Partial<AdjustmentLedgerEntry> = {}): AdjustmentLedgerEntry {
  return {
    _id: id,
    kind: 'charge',
    delta: -14,
    balance_after: 50,
    note: null,
    semester_key: null,
    ref_type: null,
    ref_id: null,
    created_at: '2026-11-20T03:00:00.000Z',
    createdBy: null,
    ...extra,
  };
}

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
const LIST = '/v1/spso/students';

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${LIST}`]: (config) =>
      answer(config, 200, { ...ok(STUDENTS), total: 30_000, page: config.params.page, per_page: 20 }),
    'GET /v1/spso/detailStudent': (config) => answer(config, 200, ok(DETAIL)),
    'GET /v1/spso/studentLedger': (config) =>
      answer(
        config,
        200,
        ok({
          student: STUDENTS[0],
          entries: [entry('e1'), entry('e2', { kind: 'grant', delta: 64, balance_after: 64, semester_key: 'HK261' })],
          total: 25,
          page: config.params.page,
          per_page: config.params.per_page,
          balance: 50,
        }),
      ),
    ...routes,
  });
}

const renderActivities = () => renderPage('/Activities', '/Activities', <ActivitiesPage />);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function openHistory() {
  fireEvent.click(within(await rowOf('2110001')).getByRole('button', { name: 'Lịch sử của Nguyễn Văn An (2110001)' }));
  return screen.findByRole('dialog', { name: 'Nguyễn Văn An (2110001)' });
}

async function openAdjustment(drawer: HTMLElement) {
  await within(drawer).findByText('50 trang');
  fireEvent.click(within(drawer).getByRole('button', { name: /Điều chỉnh số trang/ }));
  // In jest antd names every dialog 'test-id' (its useId): the dialog over the drawer is the last one.
  const dialog = await waitFor(() => {
    const dialogs = screen.getAllByRole('dialog');
    if (dialogs.length < 2) throw new Error('no adjustment dialog yet');
    return dialogs.at(-1)!;
  });
  expect(within(dialog).getByText('Điều chỉnh số trang')).toBeInTheDocument();
  return dialog;
}

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(() => resetSession(officer));
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.useRealTimers();
});

describe('/Activities list', () => {
  it('lists a page of students with their columns and asks page 1 of 20', async () => {
    const adapter = serve();
    renderActivities();
    expect(screen.getByRole('heading', { level: 1, name: 'HOẠT ĐỘNG IN ẤN CỦA SINH VIÊN' })).toBeInTheDocument();
    const row = await rowOf('2110001');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Nguyễn Văn An',
      '2110001',
      'Khoa học và Kỹ thuật Máy tính',
      'MT21KH01',
      'A4: 30 · A3: 1',
      '12.000 VND',
      'Lịch sử',
    ]);
    const second = await rowOf('2110002');
    expect(within(second).getByText('Trần Thị Bình')).toBeInTheDocument();
    expect(within(second).getAllByText('—')).toHaveLength(2);
    expect(callsTo(adapter, 'GET', LIST)[0]!.params).toEqual({ page: 1, per_page: 20 });
  });

  it('searches by code and by name once the typing pauses, sorts by name and payment, and pages on the server', async () => {
    const adapter = serve();
    renderActivities();
    await rowOf('2110001');

    // 30,000 students: page 3 is asked from the server
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({ page: 3, per_page: 20 }));

    jest.useFakeTimers();
    const before = callsTo(adapter, 'GET', LIST).length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Tìm theo tên sinh viên' }), { target: { value: 'ng' } });
    act(() => jest.advanceTimersByTime(200));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Tìm theo tên sinh viên' }), {
      target: { value: ' nguyen van ' },
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Tìm theo mã số sinh viên' }), {
      target: { value: '2110' },
    });
    act(() => jest.advanceTimersByTime(399));
    expect(callsTo(adapter, 'GET', LIST)).toHaveLength(before);
    act(() => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    // one request for the settled search, back on page 1
    await waitFor(() => expect(callsTo(adapter, 'GET', LIST)).toHaveLength(before + 1));
    expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({
      studentId: '2110',
      studentName: 'nguyen van',
      page: 1,
      per_page: 20,
    });

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(
      within(await screen.findByRole('radiogroup', { name: 'Sắp xếp theo tên' })).getByRole('radio', { name: 'Z-A' }),
    );
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Sắp xếp theo tổng tiền' })).getByRole('radio', {
        name: 'Tăng dần',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', LIST).at(-1)!.params).toEqual({
        studentId: '2110',
        studentName: 'nguyen van',
        sortName: -1,
        sortPayment: 1,
        page: 1,
        per_page: 20,
      }),
    );
  });

  it('says so when nothing matches', async () => {
    serve({ [`GET ${LIST}`]: (config) => answer(config, 200, { ...ok([]), total: 0, page: 1, per_page: 20 }) });
    renderActivities();
    expect(await screen.findByText('Không có sinh viên nào phù hợp')).toBeInTheDocument();
  });
});

describe('/Activities detail', () => {
  it("shows the student's printing by day, the balance and the page movements paged", async () => {
    const adapter = serve();
    renderActivities();
    const drawer = await openHistory();
    const days = await within(drawer).findByRole('table', { name: 'Lịch sử in theo ngày' });
    const first = (await within(days).findByText('2026-11-20')).closest('tr') as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-11-20', 'de-cuong.pdf, bai-tap.docx', '2', '14', '2']);
    expect(within(days).getAllByRole('row')).toHaveLength(3);
    expect(callsTo(adapter, 'GET', '/v1/spso/detailStudent')[0]!.params).toEqual({ studentId: '2110001' });

    expect(await within(drawer).findByText('50 trang')).toBeInTheDocument();
    const ledger = within(drawer).getByRole('table', { name: 'Biến động số trang' });
    const grant = (await within(ledger).findByText('Cấp trang học kỳ')).closest('tr') as HTMLElement;
    expect(
      within(grant)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2026-11-20 10:00:00', 'Cấp trang học kỳ', '+64', '64', '—', '—']);
    expect(callsTo(adapter, 'GET', '/v1/spso/studentLedger')[0]!.params).toEqual({
      studentId: '2110001',
      page: 1,
      per_page: 10,
    });
    fireEvent.click(within(drawer).getByTitle('3'));
    await waitFor(() => expect(callsTo(adapter, 'GET', '/v1/spso/studentLedger').at(-1)!.params.page).toBe(3));
  });

  it('shows the server message for an unknown student', async () => {
    serve({
      'GET /v1/spso/detailStudent': (config) =>
        answer(config, 404, { success: false, message: 'Không tìm thấy sinh viên có mã số 2110001' }),
    });
    renderActivities();
    const drawer = await openHistory();
    expect(await within(drawer).findByText('Không tìm thấy sinh viên có mã số 2110001')).toBeInTheDocument();
  });

  it('checks the adjustment, sends a double click once, and reloads the balance and movements', async () => {
    let balance = 50;
    const adapter = serve({
      'GET /v1/spso/studentLedger': (config) =>
        answer(
          config,
          200,
          ok({ student: STUDENTS[0], entries: [entry('e1')], total: 1, page: 1, per_page: 10, balance }),
        ),
      'POST /v1/spso/adjustment': (config) => {
        balance = 60;
        return new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
          answer(
            config,
            200,
            ok({
              entry: entry('adj', { kind: 'adjustment', delta: 10, balance_after: 60, note: 'In lỗi' }),
              balance: 60,
              applied: true,
            }),
          ),
        );
      },
    });
    renderActivities();
    const drawer = await openHistory();
    const dialog = await openAdjustment(drawer);
    const pages = await within(dialog).findByRole('spinbutton', { name: /Số trang/ });
    const reason = within(dialog).getByRole('textbox', { name: 'Lý do' });
    const submit = within(dialog).getByRole('button', { name: 'Xác nhận' });

    fireEvent.click(submit);
    expect(await within(dialog).findByText('Số trang điều chỉnh phải là số nguyên khác 0')).toBeInTheDocument();
    expect(await within(dialog).findByText('Lý do cần ít nhất 5 ký tự')).toBeInTheDocument();
    fireEvent.change(pages, { target: { value: '2001' } });
    fireEvent.change(reason, { target: { value: '   abc   ' } });
    expect(await within(dialog).findByText('Mỗi lần điều chỉnh tối đa 2000 trang')).toBeInTheDocument();
    expect(within(dialog).getByText('Lý do cần ít nhất 5 ký tự')).toBeInTheDocument();

    fireEvent.change(pages, { target: { value: '10' } });
    fireEvent.change(reason, { target: { value: 'Máy in lỗi, hoàn lại trang' } });
    await waitFor(() =>
      expect(within(dialog).queryByText('Mỗi lần điều chỉnh tối đa 2000 trang')).not.toBeInTheDocument(),
    );
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText('Đã điều chỉnh số trang. Số dư mới: 60 trang')).toBeInTheDocument();
    const posts = callsTo(adapter, 'POST', '/v1/spso/adjustment');
    expect(posts).toHaveLength(1);
    const body = posts[0]!.body as { studentId: string; pages: number; reason: string; requestId: string };
    expect(body).toMatchObject({ studentId: '2110001', pages: 10, reason: 'Máy in lỗi, hoàn lại trang' });
    expect(body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await within(drawer).findByText('60 trang')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(1));
  });

  it("shows the server's 422 in the dialog and retries with the same request id", async () => {
    let refuse = true;
    const adapter = serve({
      'POST /v1/spso/adjustment': (config) =>
        refuse
          ? answer(config, 422, {
              success: false,
              message: 'Không thể trừ 80 trang: sinh viên chỉ còn 50 trang (số dư không được âm)',
              code: 'BUSINESS_RULE',
            })
          : answer(config, 200, ok({ entry: entry('adj'), balance: 0, applied: true })),
    });
    renderActivities();
    const drawer = await openHistory();
    const dialog = await openAdjustment(drawer);
    fireEvent.change(await within(dialog).findByRole('spinbutton', { name: /Số trang/ }), { target: { value: '-80' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Lý do' }), { target: { value: 'Trừ trang in sai' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(
      await within(dialog).findByText('Không thể trừ 80 trang: sinh viên chỉ còn 50 trang (số dư không được âm)'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('dialog')).toHaveLength(2);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Đã điều chỉnh số trang. Số dư mới: 0 trang')).toBeInTheDocument();
    const ids = callsTo(adapter, 'POST', '/v1/spso/adjustment').map((c) => (c.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect((callsTo(adapter, 'POST', '/v1/spso/adjustment')[0]!.body as { pages: number }).pages).toBe(-80);
  });
});
