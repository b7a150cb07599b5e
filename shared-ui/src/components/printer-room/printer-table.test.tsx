import { screen, within } from '@testing-library/react';
import { printer } from 'test-support/printer-room-fixtures';
import { initI18n, renderPage } from 'test-support/page-harness';
import { PrinterTable, SPSO_PRINTER_COLUMNS, STAFF_PRINTER_COLUMNS, type PrinterColumnKey } from './printer-table';

jest.setTimeout(60_000);

const ROWS = [
  printer('SIM-1'),
  printer('IPP-1', { device: { state: 'processing', reasons: ['toner-low-warning'], checkedAt: null } }),
  printer('IPP-2', {
    status: 0,
    device: { state: 'stopped', reasons: ['media-jam-error', 'door-open-error'], checkedAt: null },
  }),
];

const renderTable = (columns: PrinterColumnKey[]) =>
  renderPage(
    '/',
    '/',
    <PrinterTable
      printers={ROWS}
      loading={false}
      columns={columns}
      onCurrent={() => undefined}
      onHistory={() => undefined}
      onConfigure={() => undefined}
    />,
  );

/** The status cell of a printer's row (the column headed 'Trạng thái'). */
async function statusCell(id: string): Promise<HTMLElement> {
  const row = (await screen.findByText(id)).closest('tr') as HTMLElement;
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  return within(row).getAllByRole('cell')[headers.indexOf('Trạng thái')]!;
}

beforeAll(() => initI18n('test', { vi: {}, en: {} }));

describe.each([
  ['officer', SPSO_PRINTER_COLUMNS],
  ['staff', STAFF_PRINTER_COLUMNS],
])("the %s's printer table", (_role, columns) => {
  it("shows a real printer's device state and reasons beside its status, nothing more for a simulated one", async () => {
    renderTable(columns);
    const simulated = await statusCell('SIM-1');
    expect(simulated).toHaveTextContent(/^Hoạt động$/);
    expect(simulated.querySelector('[data-device-state]')).toBeNull();

    const printing = await statusCell('IPP-1');
    expect(within(printing).getByText('Hoạt động')).toBeInTheDocument();
    expect(within(printing).getByText('Đang in')).toBeInTheDocument();
    expect(within(printing).getByText('Sắp hết mực')).toBeInTheDocument();

    const stopped = await statusCell('IPP-2');
    expect(within(stopped).getByText('Tạm dừng')).toBeInTheDocument();
    expect(within(stopped).getByText('Đang dừng')).toBeInTheDocument();
    expect(within(stopped).getByText('Kẹt giấy, Cửa máy in đang mở')).toBeInTheDocument();
  });
});
