import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiClient, type PrinterProbeResponse } from 'shared-api';
import { printer } from 'test-support/printer-room-fixtures';
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
import { AddPrinterDialog } from './add-printer-dialog';
import { SpsoPrinterDialog } from './spso-printer-dialog';

jest.setTimeout(60_000);

const officer = OFFICER;

const PROBE = '/v1/spso/printer/probe';
const PRINTER = '/v1/spso/printer';
const FIELD = 'Địa chỉ thiết bị (IPP)';
const TEST = 'Kiểm tra kết nối';
const BAD_ADDRESS = /Địa chỉ thiết bị phải bắt đầu bằng ipp:\/\/ hoặc ipps:\/\//;

const probeAnswer: PrinterProbeResponse = {
  makeAndModel: 'HP LaserJet Pro M404dn',
  state: 'stopped',
  stateReasons: ['media-empty-error', 'toner-low-warning', 'none'],
  media: ['iso_a4_210x297mm', 'iso_a3_297x420mm', 'na_letter_8.5x11in'],
  sides: ['one-sided', 'two-sided-long-edge', 'two-sided-short-edge'],
  colorModes: ['monochrome', 'color'],
  formats: ['application/pdf'],
};

/** Opens an antd Select by its label and picks the option shown as `label`. */
async function pick(selectLabel: string, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: selectLabel }));
  const options = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (el) => el.getAttribute('title') === label && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (found.length === 0) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(options[options.length - 1]!);
}

const type = (dialog: HTMLElement, name: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

/** The add dialog, open, with every required field filled (the device's address left to the test). */
async function openAddFilled() {
  renderPage('/', '/', <AddPrinterDialog open onClose={() => undefined} onAdded={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Thêm máy in' });
  type(dialog, 'Mã máy in', 'P-IPP');
  type(dialog, 'Hãng', 'HP');
  type(dialog, 'Mẫu máy', 'M404');
  await pick('Cơ sở', 'Cơ sở 1');
  await pick('Tòa', 'B1');
  await pick('Phòng', '101');
  return dialog;
}

/** The officer's configure dialog of `row`, on its customise tab. */
async function openCustomise(row: ReturnType<typeof printer>) {
  renderPage('/', '/', <SpsoPrinterDialog printer={row} onClose={() => undefined} onSaved={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: `Cấu hình máy in: ${row.printerId}` });
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Tùy chỉnh' }));
  await within(dialog).findByRole('textbox', { name: FIELD });
  return dialog;
}

beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(() => resetSession(officer));
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('the device address of the add dialog', () => {
  it('refuses an http:// address on the spot, then posts the ipp:// one it was corrected to', async () => {
    const adapter = mockApi({
      [`POST ${PRINTER}`]: (config) =>
        answer(config, 200, ok({ ...printer('P-IPP'), jobsFailed: 0, pagesRefunded: 0 })),
    });
    const dialog = await openAddFilled();
    const field = within(dialog).getByRole('textbox', { name: FIELD });
    expect(field).toHaveAttribute('placeholder', 'ipp://192.168.1.20:631/ipp/print');
    expect(within(dialog).getByText('Để trống nếu là máy in mô phỏng (không nối với thiết bị thật).')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: TEST })).toBeDisabled();

    fireEvent.change(field, { target: { value: 'http://192.168.1.20:631/ipp/print' } });
    expect(await within(dialog).findByText(BAD_ADDRESS)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: TEST })).toBeDisabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(within(dialog).getByText(BAD_ADDRESS)).toBeInTheDocument());
    expect(callsTo(adapter, 'POST', PRINTER)).toHaveLength(0);

    fireEvent.change(field, { target: { value: ' ipps://printer-b1.hcmut.edu.vn/ipp/print ' } });
    await waitFor(() => expect(within(dialog).queryByText(BAD_ADDRESS)).not.toBeInTheDocument());
    expect(within(dialog).getByRole('button', { name: TEST })).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'POST', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'POST', PRINTER)[0]!.body).toEqual({
      printerId: 'P-IPP',
      brand: 'HP',
      model: 'M404',
      location: { facility: 'CS1', department: 'B1', room: '101' },
      description: '',
      status: 1,
      releaseMode: 'direct',
      deviceUri: 'ipps://printer-b1.hcmut.edu.vn/ipp/print',
    });
  });

  it('leaves deviceUri out for a simulated printer (the field left empty)', async () => {
    const adapter = mockApi({
      [`POST ${PRINTER}`]: (config) =>
        answer(config, 200, ok({ ...printer('P-IPP'), jobsFailed: 0, pagesRefunded: 0 })),
    });
    const dialog = await openAddFilled();
    type(dialog, FIELD, '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'POST', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'POST', PRINTER)[0]!.body).not.toHaveProperty('deviceUri');
  });
});

describe('the connection test', () => {
  it('asks the device and shows its answer in the dialog: model, state and reasons, paper, sides, colour', async () => {
    let release: () => void = () => undefined;
    const adapter = mockApi({
      [`POST ${PROBE}`]: (config) =>
        new Promise((resolve) => {
          release = () => resolve(answer(config, 200, ok(probeAnswer)));
        }).then((r) => r as Awaited<ReturnType<typeof answer>>),
    });
    renderPage('/', '/', <AddPrinterDialog open onClose={() => undefined} onAdded={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Thêm máy in' });
    type(dialog, FIELD, 'ipp://192.168.1.20:631/ipp/print');
    const test = within(dialog).getByRole('button', { name: TEST });
    await waitFor(() => expect(test).toBeEnabled());
    fireEvent.click(test);
    // loading while the device is asked
    await waitFor(() => expect(test).toHaveClass('ant-btn-loading'));
    expect(callsTo(adapter, 'POST', PROBE).map((c) => c.body)).toEqual([
      { deviceUri: 'ipp://192.168.1.20:631/ipp/print' },
    ]);
    release();

    const result = await within(dialog).findByRole('region', { name: 'Kết quả kiểm tra kết nối' });
    await waitFor(() => expect(test).not.toHaveClass('ant-btn-loading'));
    expect(within(result).getByText('Thiết bị đã trả lời')).toBeInTheDocument();
    const value = (label: string) =>
      within(result).getByText(label).closest('tr')!.querySelector('.ant-descriptions-item-content')!;
    expect(value('Máy in')).toHaveTextContent('HP LaserJet Pro M404dn');
    expect(within(value('Trạng thái thiết bị') as HTMLElement).getByText('Đang dừng')).toBeInTheDocument();
    expect(value('Trạng thái thiết bị')).toHaveTextContent('Hết giấy, Sắp hết mực');
    expect(value('Khổ giấy')).toHaveTextContent(/^A4, A3, na_letter_8\.5x11in$/);
    expect(value('Số mặt in')).toHaveTextContent(/^Một mặt, Hai mặt$/);
    expect(value('Chế độ màu')).toHaveTextContent(/^Đen trắng, Màu$/);

    // the answer is about that address: another one hides it
    type(dialog, FIELD, 'ipp://192.168.1.21:631/ipp/print');
    await waitFor(() =>
      expect(within(dialog).queryByRole('region', { name: 'Kết quả kiểm tra kết nối' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's message in the dialog when the device does not answer (422) or the address is refused (400)", async () => {
    let status = 422;
    mockApi({
      [`POST ${PROBE}`]: (config) =>
        status === 422
          ? answer(config, 422, {
              ...refused('Thiết bị không trả lời trong 5 giây: kiểm tra địa chỉ và mạng'),
              code: 'DEVICE_UNREACHABLE',
            })
          : answer(config, 400, refused('Địa chỉ thiết bị phải là ipp:// hoặc ipps://')),
    });
    renderPage('/', '/', <AddPrinterDialog open onClose={() => undefined} onAdded={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Thêm máy in' });
    type(dialog, FIELD, 'ipp://10.0.0.99/ipp/print');
    const test = within(dialog).getByRole('button', { name: TEST });
    await waitFor(() => expect(test).toBeEnabled());
    fireEvent.click(test);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Không kết nối được thiết bị');
    expect(alert).toHaveTextContent('Thiết bị không trả lời trong 5 giây: kiểm tra địa chỉ và mạng');
    expect(within(dialog).queryByRole('region', { name: 'Kết quả kiểm tra kết nối' })).not.toBeInTheDocument();

    status = 400;
    fireEvent.click(test);
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Địa chỉ thiết bị phải là ipp:// hoặc ipps://'),
    );
  });
});

describe('the device address of the configure dialog', () => {
  const real = printer('P-IPP', {
    deviceUri: 'ipp://192.168.1.20:631/ipp/print',
    device: { state: 'idle', reasons: [], checkedAt: '2026-05-02T03:04:05.000Z' },
  });
  const saved = (config: Parameters<typeof answer>[0]) =>
    answer(config, 200, ok({ ...real, jobsFailed: 0, pagesRefunded: 0 }));

  it("shows the device's state and address on the info tab, and pre-fills the address", async () => {
    renderPage('/', '/', <SpsoPrinterDialog printer={real} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Cấu hình máy in: P-IPP' });
    expect(await within(dialog).findByText('Sẵn sàng')).toBeInTheDocument();
    expect(within(dialog).getByText('ipp://192.168.1.20:631/ipp/print')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tùy chỉnh' }));
    expect(await within(dialog).findByRole('textbox', { name: FIELD })).toHaveValue('ipp://192.168.1.20:631/ipp/print');
  });

  it('sends null when the officer clears the address (simulated again)', async () => {
    const adapter = mockApi({ [`PUT ${PRINTER}`]: saved });
    const dialog = await openCustomise(real);
    type(dialog, FIELD, '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'PUT', PRINTER)[0]!.body).toMatchObject({ printerId: 'P-IPP', deviceUri: null });
  });

  it('leaves deviceUri out when the address is unchanged', async () => {
    const adapter = mockApi({ [`PUT ${PRINTER}`]: saved });
    const dialog = await openCustomise(real);
    type(dialog, 'Hãng', 'Canon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(1));
    const unchanged = callsTo(adapter, 'PUT', PRINTER)[0]!.body;
    expect(unchanged).toMatchObject({ printerId: 'P-IPP', brand: 'Canon' });
    expect(unchanged).not.toHaveProperty('deviceUri');
  });

  it('sends the new address of a simulated printer, and refuses an http:// one without a request', async () => {
    const adapter = mockApi({ [`PUT ${PRINTER}`]: saved });
    const dialog = await openCustomise(printer('P001'));
    expect(within(dialog).getByRole('textbox', { name: FIELD })).toHaveValue('');
    type(dialog, FIELD, 'http://192.168.1.30/ipp/print');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    expect(await within(dialog).findByText(BAD_ADDRESS)).toBeInTheDocument();
    expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(0);

    type(dialog, FIELD, 'ipp://192.168.1.30/ipp/print');
    await waitFor(() => expect(within(dialog).queryByText(BAD_ADDRESS)).not.toBeInTheDocument());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'PUT', PRINTER)[0]!.body).toMatchObject({
      printerId: 'P001',
      deviceUri: 'ipp://192.168.1.30/ipp/print',
    });
  });
});
