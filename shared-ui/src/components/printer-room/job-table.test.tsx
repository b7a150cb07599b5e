import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { apiClient, type PrintingQueueResponse, type UserInfo } from 'shared-api';
import { job, printer } from 'test-support/printer-room-fixtures';
import { answer, initI18n, mockApi, ok, renderPage, resetSession } from 'test-support/page-harness';
import { formatVietnamDateTime } from '../vietnam-time/vietnam-time';
import { estimatedStartText, JobTable } from './job-table';
import { PrintingQueueDialog } from './printing-queue-dialog';

jest.setTimeout(60_000);

const MINUTE = 60_000;

const staff: UserInfo = {
  _id: 's1',
  mssv: 'NV001',
  firstName: 'Ngọc',
  lastName: 'Trần Thị Bích',
  email: 'staff@hcmut.edu.vn',
  balance: 0,
  major: null,
  classes: null,
  currentA4Price: 500,
  role: 'staff',
};

beforeAll(() => initI18n('test', { vi: {}, en: {} }));
beforeEach(() => resetSession(staff));
afterEach(async () => {
  jest.useRealTimers();
  delete apiClient.defaults.adapter;
  await act(() => i18next.changeLanguage('vi'));
});

/** The cells of the row of document `title`, by their column heading. */
async function rowOf(title: string): Promise<Record<string, HTMLElement>> {
  const row = (await screen.findByText(title)).closest('tr') as HTMLElement;
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent ?? '');
  const cells = within(row).getAllByRole('cell');
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]!]));
}

describe('the queue dialog: where each waiting job stands', () => {
  it('shows the position and the estimated start of each waiting job, relative to now', async () => {
    const soon = new Date(Date.now() + 5 * MINUTE + 10_000).toISOString();
    const later = new Date(Date.now() + 80 * MINUTE + 10_000).toISOString();
    const queue: PrintingQueueResponse = {
      printingJob: [job('dang-in', { status: 'InProgress', queuePosition: null, estimatedStart: null })],
      printingQueue: [
        job('tiep-theo', { queuePosition: 1, estimatedStart: soon }),
        job('sau-do', { queuePosition: 2, estimatedStart: later }),
        job('chua-ro', { queuePosition: 3, estimatedStart: null }),
      ],
    };
    mockApi({ 'GET /v1/staff/printingQueue': (config) => answer(config, 200, ok(queue)) });
    renderPage('/', '/', <PrintingQueueDialog role="staff" printer={printer('B1-109')} onClose={() => undefined} />);
    await screen.findByRole('dialog');

    const next = await rowOf('tiep-theo.pdf');
    expect(next['Thứ tự']).toHaveTextContent(/^1$/);
    expect(next['Dự kiến in']).toHaveTextContent('~ 5 phút nữa');
    // the time itself on hover
    expect(within(next['Dự kiến in']!).getByText('~ 5 phút nữa')).toHaveAttribute('title', formatVietnamDateTime(soon));
    const after = await rowOf('sau-do.pdf');
    expect(after['Thứ tự']).toHaveTextContent(/^2$/);
    expect(after['Dự kiến in']).toHaveTextContent('~ 1 giờ 20 phút nữa');
    // the printer cannot print now: no promise
    expect((await rowOf('chua-ro.pdf'))['Dự kiến in']).toHaveTextContent('Chưa ước tính được');
    // the job printing has no place in the line nor a start to wait for
    const printing = await rowOf('dang-in.pdf');
    expect(printing['Thứ tự']).toHaveTextContent(/^—$/);
    expect(printing['Dự kiến in']).toHaveTextContent(/^—$/);
  });

  it('moves the relative time on while the dialog stays open', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T03:00:00.000Z') });
    const start = new Date(Date.now() + 6 * MINUTE).toISOString();
    renderPage(
      '/',
      '/',
      <JobTable
        jobs={[job('cho', { queuePosition: 1, estimatedStart: start })]}
        loading={false}
        columns={['position', 'document', 'estimatedStart']}
        emptyText=""
      />,
    );
    expect(await screen.findByText('~ 6 phút nữa')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(4 * MINUTE));
    expect(screen.getByText('~ 2 phút nữa')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2 * MINUTE));
    expect(screen.getByText('Sắp in')).toBeInTheDocument();
  });
});

describe('estimatedStartText', () => {
  const now = Date.parse('2026-11-26T03:00:00.000Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('says it in Vietnamese and in English', async () => {
    const t = i18next.getFixedT(null, 'ui');
    expect(estimatedStartText(at(12 * MINUTE), now, t)).toBe('~ 12 phút nữa');
    expect(estimatedStartText(at(-MINUTE), now, t)).toBe('Sắp in');
    expect(estimatedStartText(at(20_000), now, t)).toBe('Sắp in');
    expect(estimatedStartText(at(40_000), now, t)).toBe('~ 1 phút nữa');
    expect(estimatedStartText(at(125 * MINUTE), now, t)).toBe('~ 2 giờ 5 phút nữa');
    expect(estimatedStartText(null, now, t)).toBe('Chưa ước tính được');
    await act(() => i18next.changeLanguage('en'));
    const en = i18next.getFixedT('en', 'ui');
    expect(estimatedStartText(at(12 * MINUTE), now, en)).toBe('in ~12 min');
    expect(estimatedStartText(at(125 * MINUTE), now, en)).toBe('in ~2 h 5 min');
    expect(estimatedStartText(at(0), now, en)).toBe('Any moment');
    expect(estimatedStartText(undefined, now, en)).toBe('Not known yet');
  });
});
