import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, type PrinterDevice, type StudentPrinterItem } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { answer, initI18n, mockApi, ok, paramsOf, renderPage, resetSession } from '../test/page-harness';
import PrinterSelectionPage from './printer-selection-page';

jest.setTimeout(30_000);

// The realtime connection: a fake socket.io-client whose server events the tests play.
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

const URL = '/v1/student/printers';

function printer(
  id: string,
  status: 0 | 1,
  waiting: number,
  facility = 'CS1',
  device: PrinterDevice | null = null,
): StudentPrinterItem {
  return {
    printerId: id,
    brand: 'HP',
    model: 'LaserJet',
    description: '',
    location: { facility, department: facility === 'CS1' ? 'B4' : 'H6', room: '109' },
    status,
    activatedTime: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    device,
    waiting_amount: waiting,
    printed_count: 0,
  };
}

const PRINTERS = [printer('P001', 1, 3), printer('P002', 0, 0, 'CS2')];

function serve(printers = PRINTERS) {
  return mockApi({
    [`GET ${URL}`]: (config: InternalAxiosRequestConfig) =>
      answer(
        config,
        200,
        ok({ printers, total: printers.length, totalPrinter: 2, activatedPrinter: 1, currentFileType: ['pdf'] }),
      ),
  });
}

const renderSelection = () => renderPage('/Printing', '/Printing', <PrinterSelectionPage />);
const lastParams = (adapter: jest.Mock) => paramsOf(adapter, URL).at(-1);

beforeAll(initI18n);
beforeEach(async () => {
  await connectSocket();
  resetSession();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/Printing', () => {
  it('shows skeleton cards while the list loads', async () => {
    mockApi({ [`GET ${URL}`]: () => new Promise(() => undefined) });
    renderSelection();
    expect(screen.getByRole('heading', { name: 'CHỌN MÁY IN' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByTestId('card-skeleton').length).toBeGreaterThan(0);
  });

  it('renders a card per printer: id, facility, building, room, status and waiting requests', async () => {
    const adapter = serve();
    renderSelection();
    const activeButton = await screen.findByRole('button', { name: 'Máy in P001' });
    // The button's name is exactly its visible text (axe: label-content-name-mismatch).
    expect(activeButton).toHaveTextContent(/^Máy in P001$/);
    expect(activeButton).not.toHaveAttribute('aria-label');
    const active = activeButton.closest('article')!;
    expect(active).toHaveTextContent('P001');
    expect(active).toHaveTextContent('CS1');
    expect(active).toHaveTextContent('B4');
    expect(active).toHaveTextContent('109');
    expect(within(active).getByText('Hoạt động')).toBeInTheDocument();
    expect(within(active).getByText('3 yêu cầu')).toBeInTheDocument();
    const paused = screen.getByRole('button', { name: 'Máy in P002' }).closest('article')!;
    expect(within(paused).getByText('Tạm dừng')).toBeInTheDocument();
    expect(within(paused).getByText('0 yêu cầu')).toBeInTheDocument();
    expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1 });
  });

  it('a paused printer shows the toast and stays; an active one opens /Printing/{id}', async () => {
    serve();
    renderSelection();
    fireEvent.click(await screen.findByRole('button', { name: 'Máy in P002' }));
    expect(await screen.findByText('Máy in đang Tạm dừng!')).toBeInTheDocument();
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    expect(window.location.hash).toBe('#/Printing');

    // A tap anywhere on the card, not only on its title, opens it.
    const card = screen.getByRole('button', { name: 'Máy in P001' }).closest('article')!;
    fireEvent.click(within(card).getByText('3 yêu cầu'));
    expect(await screen.findByTestId('where')).toHaveTextContent('/Printing/P001');
  });

  it('search and the filter dropdown map to searchField, facility and status', async () => {
    const adapter = serve();
    renderSelection();
    await screen.findByRole('button', { name: 'Máy in P001' });

    const search = screen.getByRole('searchbox', { name: 'Tìm theo mã máy in' });
    fireEvent.change(search, { target: { value: 'P00' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1, searchField: 'P00' }));

    fireEvent.click(screen.getByRole('button', { name: /Bộ lọc/ }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Cơ sở 2' }));
    await waitFor(() => expect(lastParams(adapter)).toMatchObject({ facility: 'CS2' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Tạm dừng' }));
    await waitFor(() =>
      expect(lastParams(adapter)).toEqual({
        per_page: 100,
        sortDirection: 1,
        searchField: 'P00',
        facility: 'CS2',
        status: 0,
      }),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Hoạt động' }));
    await waitFor(() => expect(lastParams(adapter)).toMatchObject({ status: 1 }));
  });

  it("the sort popover: exclusive groups, 'Áp dụng' applies, 'Hủy' resets both", async () => {
    const adapter = serve();
    renderSelection();
    await screen.findByRole('button', { name: 'Máy in P001' });

    fireEvent.click(screen.getByRole('button', { name: /Sắp xếp/ }));
    const popover = await screen.findByTestId('printer-sort');
    fireEvent.click(within(popover).getByRole('radio', { name: 'Z-A' }));
    // Nothing is sent before 'Áp dụng'.
    expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1 });
    fireEvent.click(within(popover).getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1, sortName: -1 }));

    fireEvent.click(screen.getByRole('button', { name: /Sắp xếp/ }));
    fireEvent.click(within(popover).getByRole('radio', { name: 'Giảm dần' }));
    // Choosing a print-count order clears the name order.
    expect(within(popover).getAllByRole('radio', { name: 'Tất cả' })[0]).toBeChecked();
    fireEvent.click(within(popover).getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() => expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1, sortPrinted: -1 }));

    fireEvent.click(screen.getByRole('button', { name: /Sắp xếp/ }));
    // A first choice, then 'Hủy': both orders go back to none and the list reloads without them.
    fireEvent.click(within(popover).getByRole('radio', { name: 'Tăng dần' }));
    fireEvent.click(within(popover).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(lastParams(adapter)).toEqual({ per_page: 100, sortDirection: 1 }));
  });

  it('reloads on the realtime update-printer-list', async () => {
    const adapter = serve();
    renderSelection();
    await screen.findByRole('button', { name: 'Máy in P001' });
    const before = paramsOf(adapter, URL).length;
    serve([printer('P001', 0, 5)]);
    act(() => emitFakeSocketEvent('update-printer-list'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: 'Máy in P001' }).closest('article')!).getByText('5 yêu cầu'),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Máy in P002' })).not.toBeInTheDocument();
    expect(before).toBeGreaterThan(0);
  });

  it("marks a printer whose device is offline or stopped as unavailable, with the device's state and reasons", async () => {
    const UNAVAILABLE = 'Tạm thời không nhận yêu cầu in: thiết bị không kết nối được';
    serve([
      printer('P001', 1, 3),
      printer('P003', 1, 0, 'CS1', { state: 'idle', reasons: ['toner-low-warning'], checkedAt: null }),
      printer('P004', 1, 1, 'CS1', { state: 'offline', reasons: [], checkedAt: '2026-05-02T03:04:05.000Z' }),
      printer('P005', 1, 0, 'CS2', {
        state: 'stopped',
        reasons: ['media-empty-error', 'door-open-error'],
        checkedAt: null,
      }),
    ]);
    renderSelection();
    const card = async (id: string) =>
      (await screen.findByRole('button', { name: `Máy in ${id}` })).closest('article')!;

    const simulated = await card('P001');
    expect(simulated.querySelector('[data-device-state]')).toBeNull();
    expect(within(simulated).queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(simulated).toHaveAttribute('data-available', 'true');

    const ready = await card('P003');
    expect(within(ready).getByText('Sẵn sàng')).toBeInTheDocument();
    expect(within(ready).getByText('Sắp hết mực')).toBeInTheDocument();
    expect(within(ready).queryByText(UNAVAILABLE)).not.toBeInTheDocument();
    expect(ready).toHaveAttribute('data-available', 'true');

    const offline = await card('P004');
    expect(within(offline).getByText('Mất kết nối')).toBeInTheDocument();
    expect(within(offline).getByText(UNAVAILABLE)).toBeInTheDocument();
    expect(offline).toHaveAttribute('data-available', 'false');

    const stopped = await card('P005');
    expect(within(stopped).getByText('Đang dừng')).toBeInTheDocument();
    expect(within(stopped).getByText('Hết giấy, Cửa máy in đang mở')).toBeInTheDocument();
    expect(within(stopped).getByText(UNAVAILABLE)).toBeInTheDocument();

    // its page says why nothing can be sent there
    fireEvent.click(within(offline).getByRole('button', { name: 'Máy in P004' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/Printing/P004');
  });
});
