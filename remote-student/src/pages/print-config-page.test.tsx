import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, useSessionStore, type StudentPrinterDetail } from 'shared-api';
import { answer, initI18n, mockApi, ok, renderPage, resetSession } from '../test/page-harness';
import PrintConfigPage from './print-config-page';

jest.setTimeout(30_000);

const PRINTER: StudentPrinterDetail = {
  printerId: 'P001',
  brand: 'HP',
  model: 'LaserJet',
  description: '',
  location: { facility: 'CS1', department: 'B4', room: '109' },
  status: 1,
  activatedTime: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
  device: null,
  waiting_amount: 2,
  printed_count: 7,
  currentFileType: ['pdf', 'docx'],
};

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;

function serve(submit?: Handler, printer: () => StudentPrinterDetail = () => PRINTER) {
  return mockApi({
    'GET /v1/student/printer': (config) => answer(config, 200, ok(printer())),
    'POST /v1/student/printing':
      submit ?? ((config) => answer(config, 200, ok({ printingLogs: [], totalCost: 5, balance: 15 }, 'ok'))),
  });
}

const file = (name: string, content = 'x') => new File([content], name, { type: 'application/octet-stream' });

async function renderConfig() {
  const view = renderPage('/Printing/:PrinterID', '/Printing/P001', <PrintConfigPage />);
  await screen.findByText('B4 (CS1)');
  /** Chooses files in the picker (the upload control renews its input after each choice). */
  const choose = async (files: File[]) => {
    const input = await waitFor(() => {
      const found = view.container.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found || found.disabled) throw new Error('no file input yet');
      return found;
    });
    fireEvent.change(input, { target: { files } });
  };
  return { ...view, choose };
}

async function realPdf(name: string, pages: number): Promise<File> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i += 1) doc.addPage();
  const bytes = await doc.save();
  return new File([bytes.slice().buffer as ArrayBuffer], name, { type: 'application/pdf' });
}

const posts = (adapter: jest.Mock) =>
  adapter.mock.calls.map(([c]) => c as InternalAxiosRequestConfig).filter((c) => c.method === 'post');

beforeAll(initI18n);
beforeEach(resetSession);
afterEach(() => {
  delete apiClient.defaults.adapter;
});

describe('/Printing/:PrinterID', () => {
  it('shows the printer: id, building, room and queue length', async () => {
    serve();
    await renderConfig();
    expect(screen.getByText('P001')).toBeInTheDocument();
    expect(screen.getByText('109')).toBeInTheDocument();
    expect(screen.getByText('2 yêu cầu')).toBeInTheDocument();
    expect(screen.getByText(/Loại tệp được phép: \.pdf, \.docx/)).toBeInTheDocument();
  });

  it('adds several files, skips a name already selected with a toast, and removes one', async () => {
    serve();
    const { choose } = await renderConfig();
    await choose([file('a.docx'), file('b.docx')]);
    expect(await screen.findByRole('region', { name: 'a.docx' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'b.docx' })).toBeInTheDocument();

    await choose([file('a.docx', 'other content')]);
    expect(await screen.findByText('Tệp "a.docx" đã được chọn, bỏ qua.')).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'a.docx' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Xóa a.docx' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'a.docx' })).not.toBeInTheDocument());
    // Once removed, the same name may be chosen again.
    await choose([file('a.docx')]);
    expect(await screen.findByRole('region', { name: 'a.docx' })).toBeInTheDocument();
  });

  it('refuses an extension the printer does not allow, naming the allowed ones', async () => {
    serve();
    const { choose } = await renderConfig();
    await choose([file('virus.exe'), file('ok.pdf')]);
    expect(
      await screen.findByText('Tệp "virus.exe" không được phép in. Chỉ nhận các loại: .pdf, .docx'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'virus.exe' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'ok.pdf' })).toBeInTheDocument();
  });

  it('with zero files the send button does nothing', async () => {
    const adapter = serve();
    await renderConfig();
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(adapter)).toHaveLength(0);
  });

  it('counts a PDF in the browser and shows the cost per file, the total, and a warning over the balance', async () => {
    serve();
    useSessionStore.getState().setBalance(2);
    const { choose } = await renderConfig();
    await choose([await realPdf('three.pdf', 3), file('notes.docx')]);
    const pdf = await screen.findByRole('region', { name: 'three.pdf' });
    expect(await within(pdf).findByText('3 trang')).toBeInTheDocument();
    expect(within(pdf).getByTestId('file-cost')).toHaveTextContent('Chi phí: 3 trang A4');
    const docx = screen.getByRole('region', { name: 'notes.docx' });
    expect(within(docx).getByText('Máy chủ sẽ đếm số trang khi gửi')).toBeInTheDocument();
    expect(screen.getByTestId('total-cost')).toHaveTextContent('3 trang A4');
    expect(screen.getByTestId('balance')).toHaveTextContent('2 trang');
    expect(screen.getByText(/còn thiếu 1 trang/)).toBeInTheDocument();

    // A3 doubles; 2 pages per sheet halves (rounded up): ceil(3 / 2) × 2 = 4.
    fireEvent.click(within(pdf).getByRole('radio', { name: 'A3' }));
    fireEvent.click(within(pdf).getByRole('radio', { name: '2' }));
    expect(within(pdf).getByTestId('file-cost')).toHaveTextContent('Chi phí: 4 trang A4');

    // Pages 1-2 only, and a range past the end is refused on the spot.
    fireEvent.click(within(pdf).getByRole('radio', { name: 'Tùy chọn' }));
    const pages = within(pdf).getByRole('textbox', { name: 'Trang in: three.pdf' });
    fireEvent.change(pages, { target: { value: '1-5' } });
    expect(within(pdf).getByRole('alert')).toHaveTextContent('Vượt quá số trang của tài liệu');
    fireEvent.change(pages, { target: { value: '2' } });
    expect(within(pdf).getByTestId('file-cost')).toHaveTextContent('Chi phí: 2 trang A4');
  });

  it('over the balance, Xác nhận is disabled with the shortfall in the dialog, and nothing is sent', async () => {
    const adapter = serve();
    useSessionStore.getState().setBalance(4);
    const { choose } = await renderConfig();
    await choose([await realPdf('twelve.pdf', 12)]);
    const pdf = await screen.findByRole('region', { name: 'twelve.pdf' });
    expect(await within(pdf).findByText('12 trang')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    const dialog = await screen.findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'Xác nhận' });
    expect(ok).toBeDisabled();
    expect(within(dialog).getByText(/còn thiếu 8 trang/)).toBeInTheDocument();
    fireEvent.click(ok);
    expect(posts(adapter)).toHaveLength(0);

    // Enough pages again (a purchase elsewhere): the same dialog lets the job go.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hủy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    act(() => useSessionStore.getState().setBalance(12));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    const again = await screen.findByRole('dialog');
    expect(within(again).getByRole('button', { name: 'Xác nhận' })).toBeEnabled();
    expect(within(again).queryByText(/còn thiếu/)).not.toBeInTheDocument();
  });

  it('confirm sends one multipart request: a file part per document and the documents JSON in the same order', async () => {
    const adapter = serve();
    const { choose } = await renderConfig();
    await choose([file('first.docx'), file('second.pdf', '%PDF-1.4 not really')]);
    const first = await screen.findByRole('region', { name: 'first.docx' });
    fireEvent.click(within(first).getByRole('radio', { name: 'A3' }));
    fireEvent.click(within(first).getByRole('radio', { name: 'Màu' }));
    fireEvent.click(within(first).getByRole('radio', { name: 'Ngang' }));
    fireEvent.click(within(first).getByRole('radio', { name: '2 mặt' }));
    const second = screen.getByRole('region', { name: 'second.pdf' });
    fireEvent.click(within(second).getByRole('radio', { name: '4' }));
    fireEvent.click(within(second).getByRole('radio', { name: 'Tùy chọn' }));
    fireEvent.change(within(second).getByRole('textbox'), { target: { value: '3, 1-2' } });

    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Gửi 2 tệp đến máy in P001?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Xác nhận' }));

    await waitFor(() => expect(posts(adapter)).toHaveLength(1));
    const request = posts(adapter)[0]!;
    expect(request.url).toBe('/v1/student/printing');
    const form = request.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['first.docx', 'second.pdf']);
    expect(form.get('printerId')).toBe('P001');
    expect(JSON.parse(form.get('documents') as string)).toEqual([
      {
        paperSize: 'A3',
        numVersion: 1,
        colorOption: true,
        landScapeOption: true,
        pagesPerSheet: 1,
        numSides: 2,
        pages: 'all',
      },
      {
        paperSize: 'A4',
        numVersion: 1,
        colorOption: false,
        landScapeOption: false,
        pagesPerSheet: 4,
        numSides: 1,
        pages: '1-3',
      },
    ]);
    expect(typeof request.onUploadProgress).toBe('function');
    // the submission is named once, so a repeat of it is charged once
    expect(String(request.headers['Idempotency-Key'])).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );

    expect(await screen.findByText('Yêu cầu in ấn đã được xác nhận!')).toBeInTheDocument();
    expect(useSessionStore.getState().balance).toBe(15);
    expect(await screen.findByTestId('where')).toHaveTextContent('/History');
  });

  it("a refused request shows the server's message, else the spec's failure text", async () => {
    serve((config) =>
      answer(config, 422, { success: false, message: 'Không đủ số trang: còn thiếu 3 trang', code: 'X' }),
    );
    const { choose } = await renderConfig();
    await choose([file('a.docx')]);
    await screen.findByRole('region', { name: 'a.docx' });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Không đủ số trang: còn thiếu 3 trang')).toBeInTheDocument();
    expect(useSessionStore.getState().balance).toBe(20);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();

    serve((config) => Promise.reject(Object.assign(new Error('Network Error'), { isAxiosError: true, config })));
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    expect(await screen.findByText('Gửi yêu cầu in ấn thất bại!')).toBeInTheDocument();
  });

  it('a send that got no answer is retried under the same Idempotency-Key; an answered one gets a new key', async () => {
    let attempt = 0;
    const adapter = serve((config) => {
      attempt += 1;
      if (attempt === 1)
        return Promise.reject(Object.assign(new Error('Network Error'), { isAxiosError: true, config }));
      if (attempt === 2) return answer(config, 422, { success: false, message: 'Máy in đang tạm dừng', code: 'X' });
      return answer(config, 200, ok({ printingLogs: [], totalCost: 1, balance: 19 }, 'ok'));
    });
    const { choose } = await renderConfig();
    await choose([file('a.docx')]);
    await screen.findByRole('region', { name: 'a.docx' });
    const send = async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    };
    await send();
    expect(await screen.findByText('Gửi yêu cầu in ấn thất bại!')).toBeInTheDocument();
    await send();
    expect(await screen.findByText('Máy in đang tạm dừng')).toBeInTheDocument();
    await send();
    expect(await screen.findByTestId('where')).toHaveTextContent('/History');
    const keys = posts(adapter).map((request) => String(request.headers['Idempotency-Key']));
    expect(keys).toHaveLength(3);
    // no answer: the same submission again; an answer (the refusal) ends it, so the next is a new one
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a printer whose device is offline or stopped cannot be sent to: the page says why and that nothing is charged', async () => {
    const UNREACHABLE =
      'Máy in hiện không kết nối được nên chưa thể nhận yêu cầu in. Bạn chưa bị trừ trang nào; hãy thử lại sau hoặc chọn máy in khác.';
    const adapter = serve(undefined, () => ({
      ...PRINTER,
      device: { state: 'offline', reasons: ['offline-report'], checkedAt: '2026-05-02T03:04:05.000Z' },
    }));
    const { choose, unmount } = await renderConfig();
    expect(screen.getByText('Mất kết nối')).toBeInTheDocument();
    expect(screen.getByTestId('printer-unreachable')).toHaveTextContent(UNREACHABLE);
    // the files may still be prepared, for when it is back
    await choose([file('a.docx')]);
    await screen.findByRole('region', { name: 'a.docx' });
    const send = screen.getByRole('button', { name: 'Gửi yêu cầu in' });
    expect(send).toBeDisabled();
    fireEvent.click(send);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(adapter)).toHaveLength(0);
    unmount();

    serve(undefined, () => ({
      ...PRINTER,
      device: { state: 'stopped', reasons: ['media-jam-error'], checkedAt: null },
    }));
    await renderConfig();
    expect(screen.getByText('Đang dừng')).toBeInTheDocument();
    expect(screen.getByText('Kẹt giấy')).toBeInTheDocument();
    expect(screen.getByTestId('printer-unreachable')).toHaveTextContent(UNREACHABLE);
    expect(screen.getByRole('button', { name: 'Gửi yêu cầu in' })).toBeDisabled();
  });

  it('a ready device takes the print as before', async () => {
    serve(undefined, () => ({
      ...PRINTER,
      device: { state: 'idle', reasons: ['toner-low-warning'], checkedAt: null },
    }));
    await renderConfig();
    expect(screen.getByText('Sẵn sàng')).toBeInTheDocument();
    expect(screen.getByText('Sắp hết mực')).toBeInTheDocument();
    expect(screen.queryByTestId('printer-unreachable')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi yêu cầu in' })).toBeEnabled();
  });

  it("the server's 422 PRINTER_OFFLINE is said on the page with its message, and sending stays off", async () => {
    let current: StudentPrinterDetail = { ...PRINTER, device: { state: 'idle', reasons: [], checkedAt: null } };
    const adapter = serve(
      (config) => {
        // the device went away between the page's read and the send
        current = { ...PRINTER, device: { state: 'offline', reasons: [], checkedAt: null } };
        return answer(config, 422, {
          success: false,
          message: 'Máy in P001 hiện không kết nối được, yêu cầu chưa bị tính phí',
          code: 'PRINTER_OFFLINE',
        });
      },
      () => current,
    );
    const { choose } = await renderConfig();
    await choose([file('a.docx')]);
    await screen.findByRole('region', { name: 'a.docx' });
    fireEvent.click(screen.getByRole('button', { name: 'Gửi yêu cầu in' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Xác nhận' }));
    const said = await screen.findByTestId('printer-unreachable');
    expect(said).toHaveTextContent('Máy in P001 hiện không kết nối được, yêu cầu chưa bị tính phí');
    expect(said).toHaveTextContent('Bạn chưa bị trừ trang nào');
    // the printer is read again: its device is now offline
    expect(await screen.findByText('Mất kết nối')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gửi yêu cầu in' })).toBeDisabled();
    expect(adapter.mock.calls.filter(([c]) => (c as InternalAxiosRequestConfig).method === 'get')).toHaveLength(2);
    expect(useSessionStore.getState().balance).toBe(20);
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    // the student's files stay, for another printer or a later try
    expect(screen.getByRole('region', { name: 'a.docx' })).toBeInTheDocument();
  });
});
