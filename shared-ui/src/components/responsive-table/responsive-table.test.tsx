import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { setWindowWidth } from 'test-support/match-media';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { Button } from 'antd';
import { UI_NAMESPACE, uiLocales } from '../../locales';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';

interface Row {
  id: string;
  name: string;
  status: string;
}

const ROWS: Row[] = Array.from({ length: 12 }, (_, i) => ({
  id: `r${i}`,
  name: `file-${i}.pdf`,
  status: i % 2 ? 'Queued' : 'Completed',
}));

const windowWidth = setWindowWidth;

const realMatchMedia = window.matchMedia;
beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    resources: {
      vi: { [UI_NAMESPACE]: uiLocales.vi },
      en: { [UI_NAMESPACE]: (await uiLocales.en()).default },
    },
  });
});
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

function draw(rows: Row[], onOpen = jest.fn(), onCancel = jest.fn()) {
  const columns: ResponsiveColumn<Row>[] = [
    { key: 'name', title: 'Tên tệp', dataIndex: 'name', card: 'title' },
    { key: 'status', title: 'Trạng thái', dataIndex: 'status' },
    {
      key: 'secret',
      title: 'Nội bộ',
      render: () => 'hidden value',
      card: 'hidden',
    },
    {
      key: 'actions',
      title: 'Thao tác',
      card: 'actions',
      render: (_, row) =>
        row.status === 'Queued' ? (
          <Button
            onClick={(event) => {
              event.stopPropagation();
              onCancel(row);
            }}
          >
            Hủy {row.name}
          </Button>
        ) : null,
    },
  ];
  render(
    <ResponsiveTable<Row>
      aria-label="Danh sách"
      rowKey="id"
      columns={columns}
      dataSource={rows}
      emptyText="Không có gì khớp"
      onOpen={onOpen}
      openLabel={(row) => `Chi tiết: ${row.name}`}
    />,
  );
  return { onOpen, onCancel };
}

describe('ResponsiveTable', () => {
  it('on a phone each row is a card: labelled values, the actions in view, the title opens it', () => {
    windowWidth(360);
    const { onOpen, onCancel } = draw(ROWS);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Danh sách' })).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const second = cards[1]!;
    expect(within(second).getByRole('term')).toHaveTextContent('Trạng thái');
    expect(within(second).getByRole('definition')).toHaveTextContent('Queued');
    expect(within(second).queryByText('hidden value')).not.toBeInTheDocument();
    // A finished row has no action; a queued one shows its button on the card itself.
    expect(within(cards[0]!).queryByRole('button', { name: /Hủy/ })).not.toBeInTheDocument();
    fireEvent.click(within(second).getByRole('button', { name: 'Hủy file-1.pdf' }));
    expect(onCancel).toHaveBeenCalledWith(ROWS[1]);
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(within(second).getByRole('button', { name: 'Chi tiết: file-1.pdf' }));
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('on a phone the rest of a long list comes with "Xem thêm"', () => {
    windowWidth(360);
    draw(ROWS);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Xem thêm (2)' })));
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: /Xem thêm/ })).not.toBeInTheDocument();
  });

  it('on a phone an empty list says the given text', () => {
    windowWidth(360);
    draw([]);
    expect(screen.getByText('Không có gì khớp')).toBeInTheDocument();
  });

  it('on a wide screen it is a table whose row click opens the row', async () => {
    windowWidth(1280);
    const { onOpen } = draw(ROWS.slice(0, 2));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Thao tác' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    fireEvent.click(within(table).getByText('file-0.pdf'));
    expect(onOpen).toHaveBeenCalledWith(ROWS[0]);
  });

  it('on a wide screen the keyboard opens a row too: its title is a button (Enter), one call per press', async () => {
    windowWidth(1280);
    const { onOpen } = draw(ROWS.slice(0, 2));
    const open = await screen.findByRole('button', { name: 'Chi tiết: file-1.pdf' });
    open.focus();
    expect(open).toHaveFocus();
    fireEvent.click(open); // what Enter or Space on a focused button does
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('a table wider than its frame scrolls in a named region the keyboard can focus (axe scrollable-region-focusable)', async () => {
    windowWidth(1280);
    render(
      <ResponsiveTable<Row>
        aria-label="Hàng đợi in"
        rowKey="id"
        columns={[{ key: 'name', title: 'Tên tệp', dataIndex: 'name' }]}
        dataSource={ROWS}
        emptyText="—"
        minWidth={1200}
      />,
    );
    const region = await screen.findByRole('region', { name: 'Hàng đợi in (cuộn ngang)' });
    expect(region.tabIndex).toBe(0);
    expect(region).toHaveClass('ant-table-content');
  });
});
