import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiClient, type ReleaseStation } from 'shared-api';
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
import { PrinterTable, SPSO_PRINTER_COLUMNS } from './printer-table';
import { SpsoPrinterDialog } from './spso-printer-dialog';

jest.setTimeout(60_000);

const PRINTER = '/v1/spso/printer';
const STATIONS = '/v1/spso/release-station';
const HELD = 'Giữ đến khi nhận tại máy in';
const DIRECT = 'In ngay';

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

const saved = (config: Parameters<typeof answer>[0]) =>
  answer(config, 200, ok({ ...printer('P001'), jobsFailed: 0, pagesRefunded: 0 }));

function station(id: string, extra: Partial<ReleaseStation> = {}): ReleaseStation {
  return {
    stationId: `${id}-0000-4000-8000-000000000000`,
    printerId: 'H1-101',
    createdAt: '2026-11-20T01:00:00.000Z',
    revokedAt: null,
    lastSeenAt: null,
    ...extra,
  };
}

beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(() => resetSession(OFFICER));
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe("the release mode ('Chế độ in')", () => {
  it('is direct by default in the add dialog and sends held when chosen', async () => {
    const adapter = mockApi({ [`POST ${PRINTER}`]: saved });
    renderPage('/', '/', <AddPrinterDialog open onClose={() => undefined} onAdded={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Thêm máy in' });
    const group = dialog;
    expect(within(dialog).getByText('Chế độ in')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: DIRECT })).toBeChecked();
    expect(within(group).getByRole('radio', { name: HELD })).not.toBeChecked();
    type(dialog, 'Mã máy in', 'P-HELD');
    type(dialog, 'Hãng', 'HP');
    type(dialog, 'Mẫu máy', 'M404');
    await pick('Cơ sở', 'Cơ sở 1');
    await pick('Tòa', 'B1');
    await pick('Phòng', '101');
    fireEvent.click(within(group).getByRole('radio', { name: HELD }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'POST', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'POST', PRINTER)[0]!.body).toMatchObject({ printerId: 'P-HELD', releaseMode: 'held' });
  });

  it("pre-fills the printer's mode in the configure dialog and sends it only when it changes", async () => {
    const adapter = mockApi({ [`PUT ${PRINTER}`]: saved });
    const { unmount } = renderPage(
      '/',
      '/',
      <SpsoPrinterDialog
        printer={printer('P001', { releaseMode: 'held' })}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cấu hình máy in: P001' });
    expect(await within(dialog).findByText(HELD)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tùy chỉnh' }));
    const held = await within(dialog).findByRole('radio', { name: HELD });
    expect(held).toBeChecked();
    type(dialog, 'Hãng', 'Canon');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(1));
    expect(callsTo(adapter, 'PUT', PRINTER)[0]!.body).not.toHaveProperty('releaseMode');
    unmount();

    renderPage(
      '/',
      '/',
      <SpsoPrinterDialog printer={printer('P001')} onClose={() => undefined} onSaved={() => undefined} />,
    );
    dialog = await screen.findByRole('dialog', { name: 'Cấu hình máy in: P001' });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Tùy chỉnh' }));
    expect(await within(dialog).findByRole('radio', { name: DIRECT })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('radio', { name: HELD }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hoàn tất' }));
    await waitFor(() => expect(callsTo(adapter, 'PUT', PRINTER)).toHaveLength(2));
    expect(callsTo(adapter, 'PUT', PRINTER)[1]!.body).toMatchObject({ printerId: 'P001', releaseMode: 'held' });
  });

  it('marks a held printer in the table', async () => {
    renderPage(
      '/',
      '/',
      <PrinterTable
        printers={[printer('H1-101', { releaseMode: 'held' }), printer('P002', { releaseMode: 'direct' })]}
        loading={false}
        columns={SPSO_PRINTER_COLUMNS}
        onCurrent={() => undefined}
        onHistory={() => undefined}
        onConfigure={() => undefined}
      />,
    );
    const heldRow = (await screen.findByText('H1-101')).closest('tr') as HTMLElement;
    const directRow = screen.getByText('P002').closest('tr') as HTMLElement;
    expect(within(heldRow).getByText('Giữ lệnh in')).toBeInTheDocument();
    expect(within(directRow).queryByText('Giữ lệnh in')).not.toBeInTheDocument();
  });
});

describe("a held printer's release stations ('Trạm nhận')", () => {
  const openStations = async (row = printer('H1-101', { releaseMode: 'held' })) => {
    renderPage('/', '/', <SpsoPrinterDialog printer={row} onClose={() => undefined} onSaved={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: `Cấu hình máy in: ${row.printerId}` });
    fireEvent.click(await within(dialog).findByRole('tab', { name: 'Trạm nhận' }));
    return dialog;
  };

  it('has no stations tab for a direct printer', async () => {
    const adapter = mockApi({});
    renderPage(
      '/',
      '/',
      <SpsoPrinterDialog printer={printer('P001')} onClose={() => undefined} onSaved={() => undefined} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cấu hình máy in: P001' });
    expect(await within(dialog).findByRole('tab', { name: 'Tùy chỉnh' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('tab', { name: 'Trạm nhận' })).not.toBeInTheDocument();
    expect(callsTo(adapter, 'GET', STATIONS)).toHaveLength(0);
  });

  it('lists the stations, creates one (its key shown once with the station link) and revokes one after a confirmation', async () => {
    let stations = [
      station('aaaaaaaa', { lastSeenAt: '2026-11-26T01:00:00.000Z' }),
      station('bbbbbbbb', { revokedAt: '2026-11-21T02:00:00.000Z' }),
    ];
    const adapter = mockApi({
      [`GET ${STATIONS}`]: (config) => answer(config, 200, ok({ stations })),
      [`POST ${STATIONS}`]: (config) => {
        stations = [station('cccccccc'), ...stations];
        return answer(config, 200, ok({ token: 'rs_secret-key_123', stationId: stations[0]!.stationId }));
      },
      [`DELETE ${STATIONS}`]: (config) => {
        const { stationId } = JSON.parse(config.data as string) as { stationId: string };
        stations = stations.map((s) =>
          s.stationId === stationId ? { ...s, revokedAt: '2026-11-26T02:00:00.000Z' } : s,
        );
        return answer(config, 200, ok(null));
      },
    });
    const dialog = await openStations();
    const list = await within(dialog).findByRole('list', { name: 'Các trạm nhận của máy in' });
    expect(callsTo(adapter, 'GET', STATIONS)[0]!.params).toEqual({ printerId: 'H1-101' });
    const first = within(list).getByRole('listitem', { name: 'Trạm aaaaaaaa' });
    expect(within(first).getByText('Đang dùng')).toBeInTheDocument();
    expect(within(first).getByText('Hoạt động lần cuối 2026-11-26 08:00:00')).toBeInTheDocument();
    const revokedRow = within(list).getByRole('listitem', { name: 'Trạm bbbbbbbb' });
    expect(within(revokedRow).getByText('Đã thu hồi')).toBeInTheDocument();
    expect(within(revokedRow).queryByRole('button', { name: 'Thu hồi' })).not.toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo trạm nhận' }));
    // (the test setup gives both dialogs one title id: found by its content, not its name)
    const key = await screen.findByText('rs_secret-key_123', {}, { timeout: 5000 });
    const created = key.closest<HTMLElement>('[role="dialog"]')!;
    expect(created).not.toBe(dialog);
    expect(within(created).getByText('Đã tạo trạm nhận')).toBeInTheDocument();
    expect(callsTo(adapter, 'POST', STATIONS)[0]!.body).toEqual({ printerId: 'H1-101' });
    expect(within(created).getByText('rs_secret-key_123')).toBeInTheDocument();
    expect(within(created).getByRole('link', { name: 'Mở trang trạm nhận' })).toHaveAttribute(
      'href',
      `${window.location.origin}/#/ReleaseStation?key=rs_secret-key_123`,
    );
    expect(within(created).getAllByRole('button', { name: /copy|sao chép/i }).length).toBeGreaterThanOrEqual(2);
    // the list shows the new station (never its key)
    await waitFor(() => expect(within(dialog).getByRole('listitem', { name: 'Trạm cccccccc' })).toBeInTheDocument());
    expect(within(dialog).queryByText('rs_secret-key_123')).not.toBeInTheDocument();
    fireEvent.click(within(created).getByRole('button', { name: 'Đã lưu khóa' }));
    await waitFor(() => expect(screen.queryByText('rs_secret-key_123')).not.toBeInTheDocument());

    // revoke: nothing before the confirmation
    const target = within(dialog).getByRole('listitem', { name: 'Trạm aaaaaaaa' });
    fireEvent.click(within(target).getByRole('button', { name: 'Thu hồi' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Thu hồi trạm nhận này?');
    expect(callsTo(adapter, 'DELETE', STATIONS)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Thu hồi' }));
    await waitFor(() => expect(callsTo(adapter, 'DELETE', STATIONS)).toHaveLength(1));
    expect(callsTo(adapter, 'DELETE', STATIONS)[0]!.body).toEqual({ stationId: station('aaaaaaaa').stationId });
    await waitFor(() =>
      expect(
        within(within(dialog).getByRole('listitem', { name: 'Trạm aaaaaaaa' })).getByText('Đã thu hồi'),
      ).toBeInTheDocument(),
    );
  });

  it("says when the list cannot be loaded (with 'Thử lại'), and shows the server's refusal of a new station", async () => {
    let fail = true;
    mockApi({
      [`GET ${STATIONS}`]: (config) =>
        fail ? answer(config, 500, refused('lỗi')) : answer(config, 200, ok({ stations: [] })),
      [`POST ${STATIONS}`]: (config) => answer(config, 404, refused('Không tìm thấy máy in "H1-101"')),
    });
    const dialog = await openStations();
    expect(await within(dialog).findByText('Không tải được danh sách trạm nhận.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thử lại' }));
    expect(await within(dialog).findByText('Máy in chưa có trạm nhận nào.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tạo trạm nhận' }));
    expect(await screen.findByText('Không tìm thấy máy in "H1-101"')).toBeInTheDocument();
    expect(screen.queryByText('Đã tạo trạm nhận')).not.toBeInTheDocument();
  });
});
