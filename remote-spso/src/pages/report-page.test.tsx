import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { apiClient, connectSocket, disconnectSocket, type ReportResponse, type StoredReport } from 'shared-api';
import { emitFakeSocketEvent } from 'test-support/fake-socket';
import { answer, callsTo, initI18n, mockApi, OFFICER, ok, renderPage, resetSession } from 'test-support/page-harness';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import ReportPage from './report-page';

jest.setTimeout(60_000);
jest.mock('socket.io-client', () => jest.requireActual('test-support/fake-socket'));

// echarts draws on a canvas jsdom has not: the chart component hands its option to a plain element.
jest.mock('echarts/core', () => ({ use: jest.fn() }));
jest.mock('echarts/charts', () => ({ BarChart: {} }));
jest.mock('echarts/components', () => ({ GridComponent: {}, TooltipComponent: {} }));
jest.mock('echarts/renderers', () => ({ CanvasRenderer: {} }));
jest.mock('echarts-for-react/lib/core', () => ({
  __esModule: true,
  default: ({ option, echarts: _echarts, notMerge: _notMerge, style: _style, ...rest }: Record<string, unknown>) => {
    const axis = (option as { yAxis?: { axisLabel?: { formatter?: (value: number) => string } } }).yAxis;
    return (
      <div
        data-testid="echarts"
        data-option={JSON.stringify(option)}
        data-axis-sample={axis?.axisLabel?.formatter?.(1234567) ?? ''}
        {...rest}
      />
    );
  },
}));

const officer = OFFICER;

const THIS_YEAR = new Date(Date.now() + 7 * 3_600_000).getUTCFullYear();
const MONTHLY = [120, 80, 0, 45, 300, 210, 0, 0, 95, 130, 60, 12];

function row(n: number, month = 5): ReportResponse['all_printers'][number] {
  return {
    date: `${THIS_YEAR}-${String(month).padStart(2, '0')}`,
    printerId: `B1-${100 + n}`,
    location: { facility: 'CS1', department: 'B1', room: String(100 + n) },
    printed: n,
    totalA3Pages: n * 2,
    totalA4Pages: n * 10,
  };
}

const REPORT: ReportResponse = {
  total_pages: 1052,
  total_A3: 52,
  total_A4: 1000,
  total_Printed: 130,
  avg_A3: 4,
  avg_A4: 76.92,
  avg_Printed: 10,
  printerCount: 13,
  all_printers: Array.from({ length: 13 }, (_, i) => row(i + 1)),
  years: [THIS_YEAR, THIS_YEAR - 1, THIS_YEAR - 2],
};

const ARCHIVE: StoredReport[] = [
  {
    id: 'm-10',
    period: 'month',
    year: THIS_YEAR,
    month: 10,
    generatedAt: '2026-10-31T17:00:05.000Z',
    total_pages: 500,
    total_A3: 20,
    total_A4: 480,
    total_Printed: 50,
  },
  {
    id: 'y-prev',
    period: 'year',
    year: THIS_YEAR - 1,
    month: null,
    generatedAt: '2025-12-31T17:00:05.000Z',
    total_pages: 9000,
    total_A3: 100,
    total_A4: 8900,
    total_Printed: 800,
  },
];

type Handler = (config: InternalAxiosRequestConfig) => ReturnType<typeof answer>;

function serve(routes: Record<string, Handler> = {}) {
  return mockApi({
    'GET /v1/spso/reports': (config) => answer(config, 200, ok(REPORT)),
    'GET /v1/spso/viewReport': (config) => answer(config, 200, ok(MONTHLY)),
    'GET /v1/spso/report-archive': (config) => answer(config, 200, ok({ reports: ARCHIVE })),
    ...routes,
  });
}

const renderReport = () => renderPage('/Report', '/Report', <ReportPage />);

/** Opens an antd Select by its label and picks the option shown as `label`. */
async function pick(selectLabel: string, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: selectLabel }));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].filter(
      (el) => el.getAttribute('title') === label && !el.closest('.ant-select-dropdown-hidden'),
    );
    if (found.length === 0) throw new Error(`no option ${label}`);
    return found[found.length - 1]!;
  });
  fireEvent.click(option);
}

beforeAll(() => initI18n('spso', { vi, en }));
beforeEach(() => resetSession(officer));
afterEach(() => {
  delete apiClient.defaults.adapter;
  jest.restoreAllMocks();
});

describe('/Report', () => {
  it("draws this year's 12 monthly totals as bars, with the figures as a table for screen readers", async () => {
    const adapter = serve();
    renderReport();
    expect(screen.getByRole('heading', { level: 1, name: 'BÁO CÁO HỆ THỐNG' })).toBeInTheDocument();
    const chart = await screen.findByTestId('echarts');
    const option = JSON.parse(chart.getAttribute('data-option')!) as {
      xAxis: { data: string[] };
      series: { type: string; data: number[] }[];
    };
    expect(option.series[0]!.type).toBe('bar');
    // the axis writes numbers as the totals do (Vietnamese: a dot between thousands)
    expect(chart.getAttribute('data-axis-sample')).toBe('1.234.567');
    expect(option.series[0]!.data).toEqual(MONTHLY);
    expect(option.xAxis.data).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'T10', 'T11', 'T12']);
    expect(screen.getByRole('img', { name: `Biểu đồ tổng số trang in mỗi tháng năm ${THIS_YEAR}` })).toBe(chart);
    const figures = screen.getByRole('table', { name: `Biểu đồ tổng số trang in mỗi tháng năm ${THIS_YEAR}` });
    expect(within(figures).getAllByRole('row')).toHaveLength(13);
    expect(
      within(within(figures).getByRole('rowheader', { name: 'Tháng 5' }).closest('tr')!).getByText('300'),
    ).toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/spso/viewReport')[0]!.params).toEqual({ year: THIS_YEAR });
    expect(callsTo(adapter, 'GET', '/v1/spso/reports')[0]!.params).toEqual({ year: THIS_YEAR, sortDirection: 1 });
  });

  it('shows the totals, the averages per printer and the printer rows, ten to a page', async () => {
    serve();
    renderReport();
    expect(await screen.findByLabelText('Tổng số trang')).toHaveTextContent('1.052');
    expect(screen.getByLabelText('Trang A4')).toHaveTextContent('1.000');
    expect(screen.getByLabelText('Trang A3')).toHaveTextContent('52');
    expect(screen.getByLabelText('Số lần in')).toHaveTextContent('130');
    expect(screen.getByLabelText('Trang A4 trung bình')).toHaveTextContent('76,9');
    expect(screen.getByText('Trung bình mỗi máy in (13 máy in)')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Báo cáo theo máy in' });
    const first = (await within(table).findByText('B1-101')).closest('tr') as HTMLElement;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([`05/${THIS_YEAR}`, 'B1-101', 'CS1, B1, 101', '1', '2', '10']);
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 10);
    fireEvent.click(screen.getByTitle('2'));
    expect(await within(table).findByText('B1-113')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
  });

  it("'Lọc báo cáo' asks another year, one of its months, oldest first", async () => {
    const adapter = serve();
    renderReport();
    await screen.findByTestId('echarts');
    fireEvent.click(screen.getByRole('button', { name: /Lọc báo cáo/ }));
    await screen.findByRole('combobox', { name: 'Năm' });
    await pick('Năm', String(THIS_YEAR - 1));
    await pick('Tháng', 'Tháng 3');
    fireEvent.click(screen.getByRole('radio', { name: 'Cũ nhất' }));
    fireEvent.click(screen.getByRole('button', { name: 'Áp dụng' }));
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', '/v1/spso/reports').at(-1)!.params).toEqual({
        year: THIS_YEAR - 1,
        month: 3,
        sortDirection: -1,
      }),
    );
    await waitFor(() =>
      expect(callsTo(adapter, 'GET', '/v1/spso/viewReport').at(-1)!.params).toEqual({ year: THIS_YEAR - 1 }),
    );
    expect(screen.getByText(`Tháng 03/${THIS_YEAR - 1}`)).toBeInTheDocument();
  });

  it('shows an empty state for a period without printing', async () => {
    serve({
      'GET /v1/spso/reports': (config) =>
        answer(
          config,
          200,
          ok({ ...REPORT, total_pages: 0, total_A3: 0, total_A4: 0, total_Printed: 0, all_printers: [] }),
        ),
      'GET /v1/spso/report-archive': (config) => answer(config, 200, ok({ reports: [] })),
    });
    renderReport();
    expect(await screen.findByText('Không có máy in nào in trong kỳ này')).toBeInTheDocument();
    expect(await screen.findByText('Chưa có báo cáo nào được lưu')).toBeInTheDocument();
  });

  it('a stored-reports list that could not load says so with a retry, never "no report stored"; the retry loads it', async () => {
    let archiveUp = false;
    const adapter = serve({
      'GET /v1/spso/report-archive': (config) =>
        archiveUp
          ? answer(config, 200, ok({ reports: ARCHIVE }))
          : answer(config, 500, { success: false, message: 'Lỗi máy chủ' }),
    });
    renderReport();
    expect(await screen.findByText('Không tải được danh sách báo cáo đã lưu.')).toBeInTheDocument();
    expect(screen.queryByText('Chưa có báo cáo nào được lưu')).not.toBeInTheDocument();
    // the figures loaded: their own error is not shown
    expect(screen.queryByText('Không tải được báo cáo.')).not.toBeInTheDocument();
    archiveUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByRole('button', { name: `Tải CSV: Báo cáo tháng 10/${THIS_YEAR}` })).toBeInTheDocument();
    expect(screen.queryByText('Không tải được danh sách báo cáo đã lưu.')).not.toBeInTheDocument();
    expect(callsTo(adapter, 'GET', '/v1/spso/report-archive')).toHaveLength(2);
  });

  it('downloads a stored report as CSV or PDF through the client and saves it from an object URL', async () => {
    const files: InternalAxiosRequestConfig[] = [];
    serve({
      'GET /v1/spso/report-archive/m-10': (config) => {
        files.push(config);
        return Promise.resolve({
          status: 200,
          statusText: 'OK',
          data: new Blob(['x']),
          headers: { 'content-disposition': `attachment; filename="bao-cao-${THIS_YEAR}-10.${config.params.format}"` },
          config,
        });
      },
      'GET /v1/spso/report-archive/y-prev': (config) => answer(config, 404, { success: false, message: 'x' }),
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:r'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderReport();
    const csv = await screen.findByRole('button', { name: `Tải CSV: Báo cáo tháng 10/${THIS_YEAR}` });
    fireEvent.click(csv);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`bao-cao-${THIS_YEAR}-10.csv`);
    fireEvent.click(screen.getByRole('button', { name: `Tải PDF: Báo cáo tháng 10/${THIS_YEAR}` }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(files.map((f) => [f.params.format, f.responseType, f.headers.get('Authorization')])).toEqual([
      ['csv', 'blob', 'Bearer acc'],
      ['pdf', 'blob', 'Bearer acc'],
    ]);

    fireEvent.click(screen.getByRole('button', { name: `Tải PDF: Báo cáo năm ${THIS_YEAR - 1}` }));
    expect(await screen.findByText('x')).toBeInTheDocument();
  });

  it('downloads the report being viewed (its year or month) as CSV or PDF, without the archive', async () => {
    const files: InternalAxiosRequestConfig[] = [];
    serve({
      'GET /v1/spso/report-download': (config) => {
        files.push(config);
        return Promise.resolve({
          status: 200,
          statusText: 'OK',
          data: new Blob(['x']),
          headers: { 'content-disposition': `attachment; filename="bao-cao-${THIS_YEAR}.${config.params.format}"` },
          config,
        });
      },
    });
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:r'), revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: `Tải PDF: báo cáo đang xem (Năm ${THIS_YEAR})` }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(`bao-cao-${THIS_YEAR}.pdf`);
    expect(files.map((f) => f.params)).toEqual([{ year: THIS_YEAR, month: 'all', sortDirection: 1, format: 'pdf' }]);
  });

  it('counts a job once it completes: a queue change reloads the figures quietly', async () => {
    await connectSocket();
    try {
      const adapter = serve();
      renderReport();
      await screen.findByTestId('echarts');
      const reports = callsTo(adapter, 'GET', '/v1/spso/reports').length;
      const years = callsTo(adapter, 'GET', '/v1/spso/viewReport').length;
      act(() => emitFakeSocketEvent('update-printer-list'));
      await waitFor(() => expect(callsTo(adapter, 'GET', '/v1/spso/reports')).toHaveLength(reports + 1));
      expect(callsTo(adapter, 'GET', '/v1/spso/viewReport')).toHaveLength(years + 1);
      // quietly: the chart stays on screen while it reloads
      expect(screen.getByTestId('echarts')).toBeInTheDocument();
    } finally {
      disconnectSocket();
    }
  });
});
