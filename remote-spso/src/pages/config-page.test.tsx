import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, type SystemConfigView } from 'shared-api';
import { answer, callsTo, initI18n, mockApi, OFFICER, ok, renderPage, resetSession } from 'test-support/page-harness';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import ConfigPage from './config-page';

jest.setTimeout(60_000);

const officer = OFFICER;

const CONFIG: SystemConfigView = {
  currentBalance: 150,
  defaultBalance: 100,
  startDate1: '2026-09-05',
  startDate2: '2027-01-20',
  currentA4Price: 600,
  defaultA4Price: 500,
  currentFileType: ['pdf', 'docx', 'png'],
  defaultFileType: ['pdf', 'jpg'],
  isDefault: false,
  retentionHours: 48,
  defaultRetentionHours: 24,
  heldJobMinutes: 60,
  defaultHeldJobMinutes: 60,
  inactiveFileTypes: [{ type: 'docx', reason: 'needs-libreoffice' }],
  updatedAt: '2026-11-20T17:30:00.000Z',
  updatedBy: { firstName: 'Minh', lastName: 'Lê Hoàng' },
};

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
const PATH = '/v1/spso/systemConfig';

function serve(put?: Handler) {
  return mockApi({
    [`GET ${PATH}`]: (config) => answer(config, 200, ok(CONFIG)),
    ...(put ? { [`PUT ${PATH}`]: put } : {}),
  });
}

const BALANCE = 'Số trang mặc định mỗi sinh viên mỗi học kỳ';
const PRICE = 'Giá mua thêm một trang A4';
const RETENTION = 'Thời gian giữ tệp sau khi in';
const renderConfig = () => renderPage('/Config', '/Config', <ConfigPage />);
const field = (name: string) => screen.findByRole('spinbutton', { name });
const types = () =>
  within(screen.getByRole('list', { name: 'Các loại file được phép in' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function addType(text: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Loại file được phép in' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: /Thêm/ }));
}

async function applyWith(password: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
  const dialog = await screen.findByRole('dialog', { name: 'Xác nhận mật khẩu' });
  const input = within(dialog).getByLabelText('Mật khẩu của bạn');
  expect(input).toHaveAttribute('autocomplete', 'current-password');
  fireEvent.change(input, { target: { value: password } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
  return dialog;
}

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(() => resetSession(officer));
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.useRealTimers();
});

describe('/Config form', () => {
  it('shows the configuration in force, who changed it last (Vietnam time) and the types this server cannot take', async () => {
    serve();
    renderConfig();
    expect(screen.getByRole('heading', { level: 1, name: 'CẤU HÌNH HỆ THỐNG' })).toBeInTheDocument();
    expect(await field(BALANCE)).toHaveValue('150');
    expect(await field(PRICE)).toHaveValue('600');
    expect(await field(RETENTION)).toHaveValue('48');
    expect(screen.getByText(/Từ 1 đến 720 giờ \(mặc định 24\).*lịch sử in vẫn giữ tên tệp/)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Ngày cấp trang học kỳ 1' })).toHaveValue('05/09/2026');
    expect(await screen.findByRole('textbox', { name: 'Ngày cấp trang học kỳ 2' })).toHaveValue('20/01/2027');
    expect(types()).toEqual(['pdf', 'docx · Cần LibreOffice trên máy chủ', 'png']);
    expect(screen.getByText(/Cập nhật lần cuối: 2026-11-21 00:30:00 bởi Lê Hoàng Minh/)).toBeInTheDocument();
  });

  it('checks the ranges of the numbers (pages, price, hours kept) and blocks e, E, + and - in them', async () => {
    const adapter = serve();
    renderConfig();
    const balance = await field(BALANCE);
    const price = await field(PRICE);
    for (const key of ['e', 'E', '+', '-']) {
      for (const input of [balance, price]) {
        expect(fireEvent.keyDown(input, { key })).toBe(false);
      }
    }
    expect(fireEvent.keyDown(balance, { key: '5' })).toBe(true);

    fireEvent.change(balance, { target: { value: '0' } });
    fireEvent.change(price, { target: { value: '1001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Số trang mặc định phải từ 1 đến 2000')).toBeInTheDocument();
    expect(await screen.findByText('Giá trang A4 phải từ 100 đến 1000 VND')).toBeInTheDocument();
    fireEvent.change(balance, { target: { value: '2001' } });
    expect(await screen.findByText('Số trang mặc định phải từ 1 đến 2000')).toBeInTheDocument();
    fireEvent.change(balance, { target: { value: '' } });
    fireEvent.change(price, { target: { value: '99' } });
    expect(await screen.findByText('Vui lòng nhập số trang mặc định')).toBeInTheDocument();
    expect(await screen.findByText('Giá trang A4 phải từ 100 đến 1000 VND')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.change(balance, { target: { value: '2000' } });
    fireEvent.change(price, { target: { value: '100' } });
    await waitFor(() => expect(screen.queryByText(/phải từ/)).not.toBeInTheDocument());

    // how long files are kept: whole hours from 1 to 720, e, E, + and - blocked too
    const retention = await field(RETENTION);
    expect(fireEvent.keyDown(retention, { key: 'e' })).toBe(false);
    fireEvent.change(retention, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Thời gian giữ tệp phải từ 1 đến 720 giờ')).toBeInTheDocument();
    fireEvent.change(retention, { target: { value: '721' } });
    expect(await screen.findByText('Thời gian giữ tệp phải từ 1 đến 720 giờ')).toBeInTheDocument();
    fireEvent.change(retention, { target: { value: '' } });
    expect(await screen.findByText('Vui lòng nhập thời gian giữ tệp')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.change(retention, { target: { value: '720' } });
    await waitFor(() => expect(screen.queryByText(/giữ tệp phải|nhập thời gian/)).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByRole('dialog', { name: 'Xác nhận mật khẩu' })).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', PATH)).toHaveLength(0);
  });

  it('adds a type (trimmed, without dot, lower case), ignores a blank one, refuses a duplicate for 2 s, removes one', async () => {
    serve();
    renderConfig();
    await field(BALANCE);
    await addType('  .XLSX ');
    expect(await screen.findByText('Đã thêm vào danh sách loại file được phép in !')).toBeInTheDocument();
    expect(types()).toEqual(['pdf', 'docx · Cần LibreOffice trên máy chủ', 'png', 'xlsx']);
    expect(screen.getByRole('textbox', { name: 'Loại file được phép in' })).toHaveValue('');

    await addType('   ');
    expect(types()).toHaveLength(4);

    jest.useFakeTimers();
    await addType('PDF');
    // the toast and the message under the field
    expect(screen.getAllByText('Loại file đã tồn tại !')).toHaveLength(2);
    expect(types()).toHaveLength(4);
    act(() => jest.advanceTimersByTime(1_900));
    expect(screen.getByRole('textbox', { name: 'Loại file được phép in' })).toHaveAccessibleDescription(
      'Loại file đã tồn tại !',
    );
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('textbox', { name: 'Loại file được phép in' })).not.toHaveAccessibleDescription();
    jest.useRealTimers();

    fireEvent.click(screen.getByRole('button', { name: 'Xóa loại file png' }));
    expect(types()).toEqual(['pdf', 'docx · Cần LibreOffice trên máy chủ', 'xlsx']);
  });

  it("'Mặc định' fills in the defaults and saves them with isDefault", async () => {
    const adapter = serve((config) => answer(config, 200, ok({ ...CONFIG, isDefault: true })));
    renderConfig();
    await field(BALANCE);
    fireEvent.click(screen.getByRole('button', { name: 'Mặc định' }));
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: BALANCE })).toHaveValue('100'));
    expect(screen.getByRole('spinbutton', { name: PRICE })).toHaveValue('500');
    expect(screen.getByRole('spinbutton', { name: RETENTION })).toHaveValue('24');
    expect(types()).toEqual(['pdf', 'jpg']);
    await applyWith('Demo@12345');
    expect(await screen.findByText('Cập nhật thành công cấu hình cho hệ thống!')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', PATH).map((c) => c.body)).toEqual([
      {
        currentBalance: 100,
        startDate1: '2026-09-05',
        startDate2: '2027-01-20',
        currentA4Price: 500,
        currentFileType: ['pdf', 'jpg'],
        isDefault: true,
        retentionHours: 24,
        password: 'Demo@12345',
      },
    ]);
  });

  it('a wrong password keeps the dialog open and changes nothing; the right one saves and shows the answer', async () => {
    let attempt = 0;
    const adapter = serve((config) => {
      attempt += 1;
      return attempt === 1
        ? answer(config, 422, { success: false, message: 'Mật khẩu không chính xác !', code: 'WRONG_PASSWORD' })
        : answer(
            config,
            200,
            ok({ ...CONFIG, currentBalance: 300, updatedAt: '2026-11-23T01:00:00.000Z', updatedBy: officer }),
          );
    });
    renderConfig();
    const balance = await field(BALANCE);
    fireEvent.change(balance, { target: { value: '250' } });
    const dialog = await applyWith('sai');
    expect(await within(dialog).findByText('Mật khẩu không chính xác !')).toBeInTheDocument();
    expect(screen.getAllByText('Mật khẩu không chính xác !').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('dialog', { name: 'Xác nhận mật khẩu' })).toBeInTheDocument();
    expect(balance).toHaveValue('250');
    expect(screen.queryByText('Cập nhật thành công cấu hình cho hệ thống!')).not.toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Mật khẩu của bạn'), { target: { value: 'Demo@12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Cập nhật thành công cấu hình cho hệ thống!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Xác nhận mật khẩu' })).not.toBeInTheDocument());
    // the form shows what the server keeps
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: BALANCE })).toHaveValue('300'));
    expect(screen.getByText(/Cập nhật lần cuối: 2026-11-23 08:00:00 bởi Lê Hoàng Minh/)).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', PATH).map((c) => (c.body as { password: string }).password)).toEqual([
      'sai',
      'Demo@12345',
    ]);
    expect((callsTo(adapter, 'PUT', PATH)[0]!.body as { currentBalance: number }).currentBalance).toBe(250);
  });

  it("shows the server's message for any other refusal", async () => {
    serve((config) =>
      answer(config, 429, {
        success: false,
        message: 'Bạn đã nhập sai mật khẩu nhiều lần.',
        code: 'TOO_MANY_REQUESTS',
      }),
    );
    renderConfig();
    await field(BALANCE);
    await applyWith('x');
    expect(await screen.findByText('Bạn đã nhập sai mật khẩu nhiều lần.')).toBeInTheDocument();
  });
});
