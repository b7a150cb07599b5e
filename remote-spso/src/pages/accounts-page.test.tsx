import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, type Account, type ImportResult } from 'shared-api';
import { answer, callsTo, initI18n, mockApi, OFFICER, ok, renderPage, resetSession } from 'test-support/page-harness';
import { setWindowWidth } from 'test-support/match-media';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import AccountsPage from './accounts-page';

jest.setTimeout(60_000);

function account(id: string, extra: Partial<Account> = {}): Account {
  return {
    id,
    email: `${id}@hcmut.edu.vn`,
    mssv: null,
    firstName: 'Bình',
    lastName: 'Trần Thị',
    role: 'staff',
    disabled: false,
    lastLoginAt: '2026-11-20T03:00:00.000Z',
    source: 'password',
    facility: 'CS1',
    mustChangePassword: false,
    createdAt: '2026-09-01T00:00:00.000Z',
    ...extra,
  };
}

const ME = account(OFFICER._id, {
  email: OFFICER.email,
  mssv: OFFICER.mssv,
  firstName: OFFICER.firstName,
  lastName: OFFICER.lastName,
  role: 'spso',
  facility: null,
});
const STAFF = account('u2', { mssv: 'NV002' });
const STUDENT = account('u3', {
  mssv: '2110003',
  firstName: 'An <b>',
  lastName: 'Nguyễn Văn',
  role: 'student',
  source: 'cas',
  facility: null,
  lastLoginAt: null,
});
const OTHER_OFFICER = account('u4', { role: 'spso', facility: null, firstName: 'Cường', lastName: 'Phạm' });
const ACCOUNTS = [ME, STAFF, STUDENT, OTHER_OFFICER];

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;
const USERS = '/v1/spso/users';
const IMPORT = '/v1/spso/users/import';

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    [`GET ${USERS}`]: (config) => answer(config, 200, ok({ users: ACCOUNTS, total: 45 })),
    ...routes,
  });
}

const renderAccounts = () => renderPage('/Accounts', '/Accounts', <AccountsPage />);
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** The open confirmation bubble showing `text`. */
async function confirmBubble(text: string | RegExp): Promise<HTMLElement> {
  return (await screen.findByText(text)).closest('.ant-popover') as HTMLElement;
}

/** Opens an antd Select by its label and picks the option shown as `label`. */
async function pick(selectLabel: string, label: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: selectLabel }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (el) => el.getAttribute('title') === label && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (found.length === 0) throw new Error(`no option ${label}`);
    return found.at(-1)!;
  });
  fireEvent.click(option);
}

/** The dialog whose title is `title` (antd names dialogs by a generated id in jest: found by their text). */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen
      .getAllByRole('dialog')
      .find((dialog) => dialog.querySelector('.ant-modal-title')?.textContent === title);
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
  });
}

const csv = (text: string, name = 'k2026.csv') => new File([text], name, { type: 'text/csv' });

async function chooseFile(dialog: HTMLElement, file: File) {
  const input = await waitFor(() => {
    const found = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!found) throw new Error('no file input yet');
    return found;
  });
  fireEvent.change(input, { target: { files: [file] } });
  await within(dialog).findByText(file.name);
}

function importResult(extra: Partial<ImportResult> = {}): ImportResult {
  return { created: 0, updated: 0, unchanged: 0, errors: [], changes: [], applied: false, ...extra };
}

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(() => resetSession(OFFICER));
afterEach(() => {
  delete apiClient.defaults.adapter;
  setWindowWidth(Infinity);
});

describe('/Accounts list', () => {
  it('lists a page of accounts with their columns, names as text, and asks page 1 of 20', async () => {
    const adapter = serve();
    renderAccounts();
    expect(screen.getByRole('heading', { level: 1, name: 'QUẢN LÝ TÀI KHOẢN' })).toBeInTheDocument();
    const staff = await rowOf('NV002');
    expect(
      within(staff)
        .getAllByRole('cell')
        .slice(0, 7)
        .map((c) => c.textContent),
    ).toEqual([
      'Trần Thị Bình',
      'NV002',
      'u2@hcmut.edu.vn',
      'Nhân viênCơ sở 1',
      'Mật khẩu',
      'Đang hoạt động',
      '2026-11-20 10:00:00',
    ]);
    // a name with markup in it stays text
    const student = await rowOf('2110003');
    expect(within(student).getByText('Nguyễn Văn An <b>')).toBeInTheDocument();
    expect(student.querySelector('b')).toBeNull();
    expect(within(student).getByText('Tài khoản trường (CAS)')).toBeInTheDocument();
    expect(within(student).getByText('Chưa đăng nhập')).toBeInTheDocument();
    // an account of the school sign-in has no password to reset
    expect(within(student).queryByRole('button', { name: /Cấp lại mật khẩu/ })).not.toBeInTheDocument();
    expect(callsTo(adapter, 'GET', USERS)[0]!.params).toEqual({ page: 1, per_page: 20 });
  });

  it('sends the search, the role and the state, back on page 1, and pages on the server', async () => {
    const adapter = serve();
    renderAccounts();
    await rowOf('NV002');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(callsTo(adapter, 'GET', USERS).at(-1)!.params).toEqual({ page: 3, per_page: 20 }));

    const search = screen.getByRole('searchbox', { name: 'Tìm theo mã số, họ tên hoặc e-mail' });
    fireEvent.change(search, { target: { value: '  tran binh ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tìm' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', USERS).at(-1)!.params).toEqual({
        searchField: 'tran binh',
        page: 1,
        per_page: 20,
      }),
    );

    await pick('Vai trò', 'Nhân viên');
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', USERS).at(-1)!.params).toEqual({
        searchField: 'tran binh',
        role: 'staff',
        page: 1,
        per_page: 20,
      }),
    );
    await pick('Trạng thái', 'Đã vô hiệu hóa');
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', USERS).at(-1)!.params).toEqual({
        searchField: 'tran binh',
        role: 'staff',
        disabled: 'true',
        page: 1,
        per_page: 20,
      }),
    );
    // cleared, the search goes at once
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', USERS).at(-1)!.params).toEqual({
        role: 'staff',
        disabled: 'true',
        page: 1,
        per_page: 20,
      }),
    );
  });

  it('draws cards on a 360 px phone, each value labelled and its buttons in view', async () => {
    setWindowWidth(360);
    serve();
    renderAccounts();
    const card = (await screen.findByText('NV002')).closest('li') as HTMLElement;
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(card).getByText('Trần Thị Bình')).toBeInTheDocument();
    expect(within(card).getByText('Đăng nhập gần nhất')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Vô hiệu hóa Trần Thị Bình' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Cấp lại mật khẩu cho Trần Thị Bình' })).toBeInTheDocument();
    // the search, the filters and both buttons are still there
    expect(screen.getByRole('searchbox', { name: 'Tìm theo mã số, họ tên hoặc e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Nhập sinh viên \(CSV\)/ })).toBeInTheDocument();
  });

  it('says so when nothing matches, and when the list cannot be loaded', async () => {
    let fail = true;
    serve({
      [`GET ${USERS}`]: (config) =>
        fail
          ? answer(config, 500, { success: false, message: 'Lỗi máy chủ' })
          : answer(config, 200, ok({ users: [], total: 0 })),
    });
    renderAccounts();
    expect(await screen.findByText('Không tải được danh sách tài khoản.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByText('Không có tài khoản nào phù hợp')).toBeInTheDocument();
  });
});

describe('/Accounts issue', () => {
  it('checks the form, issues a staff account and shows its temporary password once', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.assign(navigator, { clipboard: { writeText } });
    const adapter = serve({
      [`POST ${USERS}`]: (config) =>
        answer(
          config,
          200,
          ok({
            user: account('u9', {
              email: 'le.c@hcmut.edu.vn',
              firstName: 'Cẩm',
              lastName: 'Lê',
              mustChangePassword: true,
            }),
            temporaryPassword: 'Xy7-kQ2p-Lm9w',
          }),
        ),
    });
    renderAccounts();
    await rowOf('NV002');
    fireEvent.click(screen.getByRole('button', { name: /Cấp tài khoản/ }));
    const dialog = await dialogTitled('Cấp tài khoản mới');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cấp tài khoản' }));
    expect(await within(dialog).findByText('Vui lòng nhập họ và tên đệm')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập tên')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng nhập e-mail')).toBeInTheDocument();
    expect(within(dialog).getByText('Vui lòng chọn cơ sở làm việc')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Họ và tên đệm' }), { target: { value: ' Lê ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tên' }), { target: { value: 'Cẩm' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'le.c@' } });
    expect(await within(dialog).findByText('E-mail không hợp lệ')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'le.c@hcmut.edu.vn' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cơ sở 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cấp tài khoản' }));

    const shown = await dialogTitled('Tài khoản đã được cấp');
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('Xy7-kQ2p-Lm9w');
    expect(within(shown).getByText(/Mật khẩu này sẽ không được hiển thị lại/)).toBeInTheDocument();
    expect(within(shown).getByText('Mật khẩu tạm thời của Lê Cẩm (le.c@hcmut.edu.vn):')).toBeInTheDocument();
    expect(callsTo(adapter, 'POST', USERS).map((c) => c.body)).toEqual([
      { email: 'le.c@hcmut.edu.vn', lastName: 'Lê', firstName: 'Cẩm', role: 'staff', facility: 'CS2' },
    ]);
    fireEvent.click(within(shown).getByRole('button', { name: /Sao chép/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Xy7-kQ2p-Lm9w'));
    expect(await screen.findByText('Đã sao chép mật khẩu tạm thời')).toBeInTheDocument();
    // the list reads again with the new account
    await waitFor(() => expect(callsTo(adapter, 'GET', USERS)).toHaveLength(2));

    // once closed, the password is gone from the page
    fireEvent.click(within(shown).getByRole('button', { name: 'Tôi đã lưu mật khẩu' }));
    await waitFor(() => expect(screen.queryByText('Xy7-kQ2p-Lm9w')).not.toBeInTheDocument());
  });

  it('issues an officer without a facility, and marks an e-mail in use with the server words', async () => {
    let taken = true;
    const adapter = serve({
      [`POST ${USERS}`]: (config) =>
        taken
          ? answer(config, 409, {
              success: false,
              message: 'E-mail đã được dùng cho tài khoản khác',
              code: 'EMAIL_TAKEN',
            })
          : answer(config, 200, ok({ user: account('u10', { role: 'spso' }), temporaryPassword: 'Tmp-2' })),
    });
    renderAccounts();
    await rowOf('NV002');
    fireEvent.click(screen.getByRole('button', { name: /Cấp tài khoản/ }));
    const dialog = await dialogTitled('Cấp tài khoản mới');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Họ và tên đệm' }), { target: { value: 'Võ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tên' }), { target: { value: 'Dũng' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'u2@hcmut.edu.vn' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Quản trị viên SPSO' }));
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: 'Cơ sở 1' })).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cấp tài khoản' }));
    expect(await within(dialog).findByText('E-mail đã được dùng cho tài khoản khác')).toBeInTheDocument();
    expect(callsTo(adapter, 'POST', USERS)[0]!.body).toEqual({
      email: 'u2@hcmut.edu.vn',
      lastName: 'Võ',
      firstName: 'Dũng',
      role: 'spso',
    });
    expect(screen.queryByTestId('temporary-password')).not.toBeInTheDocument();

    taken = false;
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'vo.d@hcmut.edu.vn' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cấp tài khoản' }));
    expect(await screen.findByTestId('temporary-password')).toHaveTextContent('Tmp-2');
  });
});

describe('/Accounts changes', () => {
  it('disables an account after a confirmation (PUT disabled: true)', async () => {
    const adapter = serve({
      [`PUT ${USERS}`]: (config) => answer(config, 200, ok({ ...STAFF, disabled: true })),
    });
    renderAccounts();
    const row = await rowOf('NV002');
    fireEvent.click(within(row).getByRole('button', { name: 'Vô hiệu hóa Trần Thị Bình' }));
    const bubble = await confirmBubble(
      'Vô hiệu hóa tài khoản Trần Thị Bình? Mọi phiên đăng nhập của tài khoản này kết thúc ngay.',
    );
    expect(callsTo(adapter, 'PUT', USERS)).toHaveLength(0);
    fireEvent.click(within(bubble).getByRole('button', { name: 'Vô hiệu hóa' }));
    expect(await screen.findByText('Đã vô hiệu hóa tài khoản Trần Thị Bình')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', USERS).map((c) => c.body)).toEqual([{ id: 'u2', disabled: true }]);
    await waitFor(() => expect(callsTo(adapter, 'GET', USERS)).toHaveLength(2));
  });

  it("shows the server's refusal to disable the last officer", async () => {
    const adapter = serve({
      [`PUT ${USERS}`]: (config) =>
        answer(config, 409, {
          success: false,
          message: 'Không thể vô hiệu hóa quản trị viên SPSO cuối cùng',
          code: 'LAST_OFFICER',
        }),
    });
    renderAccounts();
    const row = await rowOf('Phạm Cường');
    fireEvent.click(within(row).getByRole('button', { name: 'Vô hiệu hóa Phạm Cường' }));
    const bubble = await confirmBubble(/^Vô hiệu hóa tài khoản Phạm Cường\?/);
    fireEvent.click(within(bubble).getByRole('button', { name: 'Vô hiệu hóa' }));
    expect(await screen.findByText('Không thể vô hiệu hóa quản trị viên SPSO cuối cùng')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', USERS).map((c) => c.body)).toEqual([{ id: 'u4', disabled: true }]);
  });

  it("never offers to disable the officer's own account; enables a disabled one", async () => {
    const disabled = account('u5', { disabled: true, mssv: 'NV005', firstName: 'Em', lastName: 'Đỗ' });
    const adapter = serve({
      [`GET ${USERS}`]: (config) => answer(config, 200, ok({ users: [ME, disabled], total: 2 })),
      [`PUT ${USERS}`]: (config) => answer(config, 200, ok({ ...disabled, disabled: false })),
    });
    renderAccounts();
    const mine = await rowOf('QT001');
    const own = within(mine).getByRole('button', { name: /^Vô hiệu hóa Lê Hoàng Minh/ });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleName('Vô hiệu hóa Lê Hoàng Minh: Bạn không thể tự vô hiệu hóa tài khoản của mình');

    const row = await rowOf('NV005');
    expect(within(row).getByText('Đã vô hiệu hóa')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Kích hoạt Đỗ Em' }));
    const bubble = await confirmBubble('Kích hoạt lại tài khoản Đỗ Em?');
    fireEvent.click(within(bubble).getByRole('button', { name: 'Kích hoạt' }));
    expect(await screen.findByText('Đã kích hoạt tài khoản Đỗ Em')).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', USERS).map((c) => c.body)).toEqual([{ id: 'u5', disabled: false }]);
  });

  it('resets a password after a confirmation and shows the new one once', async () => {
    const adapter = serve({
      [`PUT ${USERS}`]: (config) =>
        answer(config, 200, ok({ ...STAFF, mustChangePassword: true, temporaryPassword: 'New-Tmp-77' })),
    });
    renderAccounts();
    const row = await rowOf('NV002');
    fireEvent.click(within(row).getByRole('button', { name: 'Cấp lại mật khẩu cho Trần Thị Bình' }));
    const bubble = await confirmBubble(
      'Cấp mật khẩu tạm thời mới cho Trần Thị Bình? Mật khẩu hiện tại không dùng được nữa.',
    );
    fireEvent.click(within(bubble).getByRole('button', { name: 'Cấp lại mật khẩu' }));
    const shown = await dialogTitled('Mật khẩu tạm thời mới');
    expect(within(shown).getByTestId('temporary-password')).toHaveTextContent('New-Tmp-77');
    expect(callsTo(adapter, 'PUT', USERS).map((c) => c.body)).toEqual([{ id: 'u2', resetPassword: true }]);
  });
});

describe('/Accounts student import', () => {
  async function openImport() {
    renderAccounts();
    await rowOf('NV002');
    fireEvent.click(screen.getByRole('button', { name: /Nhập sinh viên \(CSV\)/ }));
    return dialogTitled('Nhập sinh viên từ tệp CSV của phòng đào tạo');
  }

  it('a dry run with wrong lines lists them by line number and offers no apply', async () => {
    const adapter = serve({
      [`POST ${IMPORT}`]: (config) =>
        answer(
          config,
          200,
          ok(
            importResult({
              created: 2,
              unchanged: 5,
              errors: [
                { line: 3, message: 'E-mail không hợp lệ: an@' },
                { line: 7, message: 'Thiếu mã số sinh viên' },
              ],
              changes: [
                {
                  line: 2,
                  mssv: '2310001',
                  email: 'a@hcmut.edu.vn',
                  lastName: 'Nguyễn',
                  firstName: 'Ánh',
                  action: 'create',
                },
              ],
            }),
          ),
        ),
    });
    const dialog = await openImport();
    expect(within(dialog).getByRole('button', { name: /Kiểm tra tệp/ })).toBeDisabled();
    await chooseFile(dialog, csv('mssv,email,lastName,firstName,major,classes\n'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Kiểm tra tệp/ }));

    const errors = await within(dialog).findByRole('table', { name: 'Các dòng sai' });
    const rows = within(errors)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'E-mail không hợp lệ: an@'],
      ['7', 'Thiếu mã số sinh viên'],
    ]);
    expect(
      within(dialog).getByText('Tệp có 2 lỗi: chưa có gì được ghi. Sửa các dòng dưới đây rồi kiểm tra lại.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Áp dụng/ })).not.toBeInTheDocument();

    const posts = adapter.mock.calls
      .map(([c]) => c as InternalAxiosRequestConfig)
      .filter((c) => c.method === 'post' && c.url === IMPORT);
    expect(posts).toHaveLength(1);
    const form = posts[0]!.data as FormData;
    expect(form.get('dryRun')).toBe('true');
    expect((form.get('file') as File).name).toBe('k2026.csv');
  });

  it('a clean dry run shows the counts and the first changes; Áp dụng writes and the list reads again', async () => {
    const changes = [
      {
        line: 2,
        mssv: '2310001',
        email: 'a@hcmut.edu.vn',
        lastName: 'Nguyễn',
        firstName: 'Ánh',
        action: 'create' as const,
      },
      {
        line: 4,
        mssv: '2110003',
        email: 'u3@hcmut.edu.vn',
        lastName: 'Nguyễn Văn',
        firstName: 'An',
        action: 'update' as const,
        fields: ['major', 'classes'],
      },
    ];
    const adapter = serve({
      [`POST ${IMPORT}`]: (config) => {
        const dryRun = (config.data as FormData).get('dryRun') === 'true';
        return answer(
          config,
          200,
          ok(importResult({ created: 1, updated: 1, unchanged: 3, changes, applied: !dryRun })),
        );
      },
    });
    const dialog = await openImport();
    await chooseFile(dialog, csv('\uFEFFmssv,email,lastName,firstName,major,classes\n'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Kiểm tra tệp/ }));
    expect(
      await within(dialog).findByText('Tệp hợp lệ. Nhấn "Áp dụng" để ghi các thay đổi dưới đây.'),
    ).toBeInTheDocument();
    const summary = within(dialog).getByRole('region', { name: 'Kết quả kiểm tra tệp' });
    expect(summary).toHaveTextContent('Tạo mới1');
    expect(summary).toHaveTextContent('Cập nhật1');
    expect(summary).toHaveTextContent('Không đổi3');
    const table = within(dialog).getByRole('table', { name: 'Các thay đổi' });
    const update = within(table).getByText('2110003').closest('tr') as HTMLElement;
    expect(
      within(update)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['4', '2110003', 'Nguyễn Văn An', 'u3@hcmut.edu.vn', 'Cập nhật', 'Khoa, Lớp']);
    const before = callsTo(adapter, 'GET', USERS).length;

    fireEvent.click(within(dialog).getByRole('button', { name: /Áp dụng/ }));
    expect(await within(dialog).findByText('Đã nhập xong: 1 tạo mới, 1 cập nhật, 3 không đổi.')).toBeInTheDocument();
    const posts = adapter.mock.calls
      .map(([c]) => c as InternalAxiosRequestConfig)
      .filter((c) => c.method === 'post' && c.url === IMPORT);
    expect(posts.map((c) => (c.data as FormData).get('dryRun'))).toEqual(['true', 'false']);
    expect(within(dialog).queryByRole('button', { name: /Áp dụng/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo(adapter, 'GET', USERS).length).toBe(before + 1));
  });

  it("shows the server's refusal of a file, and a new file starts over", async () => {
    serve({
      [`POST ${IMPORT}`]: (config) =>
        answer(config, 400, { success: false, message: 'Tệp không phải CSV mã UTF-8', code: 'BAD_REQUEST' }),
    });
    const dialog = await openImport();
    await chooseFile(dialog, csv('x', 'sai.csv'));
    fireEvent.click(within(dialog).getByRole('button', { name: /Kiểm tra tệp/ }));
    expect(await within(dialog).findByText('Tệp không phải CSV mã UTF-8')).toBeInTheDocument();
    await chooseFile(dialog, csv('mssv\n', 'dung.csv'));
    await waitFor(() => expect(within(dialog).queryByText('Tệp không phải CSV mã UTF-8')).not.toBeInTheDocument());
  });
});
