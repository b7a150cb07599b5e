import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, type StudentPrinterItem } from 'shared-api';
import { answer, initI18n, mockApi, ok, renderPage, resetSession } from '../test/page-harness';
import PrintConfigPage from './print-config-page';
import PrinterSelectionPage from './printer-selection-page';

jest.setTimeout(30_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

function printer(printerId: string, extra: Partial<StudentPrinterItem> = {}): StudentPrinterItem {
  return {
    printerId,
    brand: 'HP',
    model: 'LaserJet',
    description: '',
    location: { facility: 'CS1', department: 'B4', room: '109' },
    status: 1,
    activatedTime: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    device: null,
    releaseMode: 'direct',
    waiting_amount: 0,
    printed_count: 0,
    ...extra,
  };
}

const PRINTERS = [
  printer('P001', {
    waiting_amount: 12,
    estimatedWaitMinutes: 25,
    longQueue: true,
    suggestedPrinter: {
      printerId: 'P002',
      location: { facility: 'CS1', department: 'B4', room: '201' },
      estimatedWaitMinutes: 3,
    },
  }),
  printer('P002', { waiting_amount: 1, estimatedWaitMinutes: 3, releaseMode: 'held' }),
  printer('P003', { waiting_amount: 0, estimatedWaitMinutes: null }),
];

function serve() {
  return mockApi({
    'GET /v1/student/printers': (config: InternalAxiosRequestConfig) =>
      answer(
        config,
        200,
        ok({ printers: PRINTERS, total: 3, totalPrinter: 3, activatedPrinter: 3, currentFileType: ['pdf'] }),
      ),
    'GET /v1/student/printer': (config: InternalAxiosRequestConfig) => {
      const id = (config.params as { printerId: string }).printerId;
      const found = PRINTERS.find((p) => p.printerId === id);
      return found
        ? answer(config, 200, ok({ ...found, currentFileType: ['pdf'] }))
        : answer(config, 404, { success: false, message: 'not found' });
    },
    'POST /v1/student/printing': (config) =>
      answer(config, 200, ok({ printingLogs: [], totalCost: 1, balance: 19 }, 'ok')),
  });
}
const card = async (id: string) => (await screen.findByRole('button', { name: `Máy in ${id}` })).closest('article')!;

beforeAll(initI18n);
beforeEach(async () => {
  await connectSocket();
  resetSession();
});
afterEach(() => {
  disconnectSocket();
  delete apiClient.defaults.adapter;
});

describe('/Printing: the wait, long queues and held printers', () => {
  it('a long queue is marked with its wait and suggests a shorter printer as a link to its page', async () => {
    serve();
    renderPage('/Printing', '/Printing', <PrinterSelectionPage />);
    const busy = await card('P001');
    expect(within(busy).getByTestId('long-queue')).toHaveTextContent('Hàng đợi dài · ~25 phút');
    expect(within(busy).getByTestId('waiting')).toHaveTextContent('12 yêu cầu · ~25 phút');
    const suggestion = within(busy).getByRole('link', { name: /Gợi ý: P002 \(201\) · ~3 phút/ });
    fireEvent.click(suggestion);
    expect(await screen.findByTestId('where')).toHaveTextContent('/Printing/P002');
  });

  it('only a long queue is marked; a held printer has its mark; an unknown wait shows the count alone', async () => {
    serve();
    renderPage('/Printing', '/Printing', <PrinterSelectionPage />);
    const held = await card('P002');
    expect(within(held).getByTestId('held-mark')).toHaveTextContent('Nhận tại máy in');
    expect(within(held).queryByTestId('long-queue')).not.toBeInTheDocument();
    expect(within(held).queryByRole('link')).not.toBeInTheDocument();
    expect(within(held).getByTestId('waiting')).toHaveTextContent('1 yêu cầu · ~3 phút');
    const plain = await card('P003');
    expect(within(plain).queryByTestId('held-mark')).not.toBeInTheDocument();
    expect(within(plain).getByTestId('waiting')).toHaveTextContent(/^0 yêu cầu$/);
    expect(within(await card('P001')).queryByTestId('held-mark')).not.toBeInTheDocument();
  });
});

describe('/Printing/:PrinterID on a held printer', () => {
  it('says the job will wait at the printer, and the sent toast says how to release it', async () => {
    serve();
    const view = renderPage('/Printing/:PrinterID', '/Printing/P002', <PrintConfigPage />);
    const notice = await screen.findByTestId('held-notice');
    expect(notice).toHaveTextContent('Máy in này giữ bản in đến khi bạn đến nhận');
    expect(notice).toHaveTextContent(/quét mã QR trên máy nhận lệnh in/);
    expect(screen.getByText('Nhận tại máy in')).toBeInTheDocument();
    expect(screen.getByText('1 yêu cầu · chờ ~3 phút')).toBeInTheDocument();

    const input = await waitFor(() => {
      const found = view.container.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found || found.disabled) throw new Error('no file input yet');
      return found;
    });
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4 x'], 'a.pdf', { type: 'application/pdf' })] } });
    await screen.findByRole('region', { name: 'a.pdf' });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText(/Yêu cầu đang chờ bạn tại máy in P002/)).toBeInTheDocument();
  });

  it('a direct printer says nothing of the kind', async () => {
    serve();
    renderPage('/Printing/:PrinterID', '/Printing/P003', <PrintConfigPage />);
    await screen.findByText('B4 (CS1)');
    expect(screen.queryByTestId('held-notice')).not.toBeInTheDocument();
    expect(screen.queryByText('Nhận tại máy in')).not.toBeInTheDocument();
  });
});
