import { Fragment, useEffect, useRef, useState, type CSSProperties, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Empty, Flex, Pagination, Skeleton, Table, type TableColumnsType, type TableProps } from 'antd';
import { UI_NAMESPACE } from '../../locales';
import { useMediaQuery } from './use-media-query';

type Column<T> = TableColumnsType<T>[number];

/**
 * A table column, plus where it goes on a card: `title` heads the card (and opens the row when the
 * table has onOpen), `actions` is drawn as the card's always-visible buttons, `hidden` is left out;
 * anything else is a label/value line.
 */
export type ResponsiveColumn<T> = Column<T> & {
  key: Key;
  card?: 'title' | 'actions' | 'hidden';
};

/** A list paged on the server: the rows are one page, `total` counts every page. */
export interface ServerPaging {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}

export interface ResponsiveTableProps<T> {
  columns: ResponsiveColumn<T>[];
  dataSource: T[];
  rowKey: keyof T & string;
  loading?: boolean;
  /** What an empty list says. */
  emptyText: ReactNode;
  /** Opens a row: a click on a table row, the title button of a card. */
  onOpen?(row: T): void;
  /** The accessible name of a card's open button, e.g. 'Chi tiết: a.pdf'. */
  openLabel?(row: T): string;
  /** Below this window width (px) rows are cards. */
  cardBelow?: number;
  /** Rows per page, in both forms. */
  pageSize?: number;
  /** The rows are one page of a list paged on the server: page buttons driven by its total, in both forms. */
  serverPaging?: ServerPaging;
  /** Rows drawn highlighted (e.g. unseen notices): a tinted background, in both forms. */
  highlightRow?(row: T): boolean;
  /** The table's minimum width; wider than its frame, it scrolls sideways with the actions column pinned. */
  minWidth?: number;
  size?: TableProps<T>['size'];
  'aria-label'?: string;
}

const LIST: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 12,
};
const CARD: CSSProperties = {
  border: '1px solid #d9d9d9',
  borderRadius: 8,
  padding: 12,
  minWidth: 0,
};
/** The tint of a highlighted row or card. */
export const HIGHLIGHT_BACKGROUND = '#e6f4ff';

const LINE: CSSProperties = {
  display: 'flex',
  gap: 8,
  justifyContent: 'space-between',
  padding: '2px 0',
};
const LABEL: CSSProperties = {
  color: '#595959',
  flex: '0 0 auto',
  maxWidth: '45%',
};
const VALUE: CSSProperties = {
  margin: 0,
  textAlign: 'right',
  minWidth: 0,
  overflowWrap: 'anywhere',
};

function cellOf<T>(column: ResponsiveColumn<T>, row: T, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value =
    typeof dataIndex === 'string' || typeof dataIndex === 'number'
      ? (row as Record<string | number, unknown>)[dataIndex]
      : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/**
 * A list of records drawn as a table on wide screens and as cards on narrow ones, where a sideways scroll
 * would hide a row's actions: on a card every value is labelled and the actions are always in view.
 * Shared so that every role's lists behave alike on a phone.
 */
export function ResponsiveTable<T extends object>({
  columns,
  dataSource,
  rowKey,
  loading = false,
  emptyText,
  onOpen,
  openLabel,
  cardBelow = 992,
  pageSize = 10,
  serverPaging,
  highlightRow,
  minWidth,
  size = 'middle',
  'aria-label': ariaLabel,
}: ResponsiveTableProps<T>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const narrow = useMediaQuery(`(max-width: ${cardBelow - 1}px)`);
  const [shown, setShown] = useState(pageSize);
  const frame = useRef<HTMLDivElement>(null);
  const scrollName = t('table.scrollRegion', { name: ariaLabel ?? '' });

  // A table wider than its frame scrolls sideways: its scrolling box is a named region the keyboard can
  // focus and scroll (axe scrollable-region-focusable). antd draws it (lazily), so it is marked when it appears.
  useEffect(() => {
    const root = frame.current;
    if (narrow || !minWidth || !root) return;
    const mark = () => {
      for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
        if (box.tabIndex !== 0) box.tabIndex = 0;
        if (box.getAttribute('role') !== 'region') box.setAttribute('role', 'region');
        if (box.getAttribute('aria-label') !== scrollName) box.setAttribute('aria-label', scrollName);
      }
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [narrow, minWidth, scrollName]);

  if (!narrow) {
    const pinned = columns.map((c): ResponsiveColumn<T> => {
      if (c.card === 'actions' && minWidth) return { ...c, fixed: 'right' as const };
      // The row opens on a click; its title is also a button, so the keyboard reaches the same detail.
      if (c.card === 'title' && onOpen) {
        return {
          ...c,
          render: (_value: unknown, row: T, index: number) => (
            <Button
              type="link"
              className="sp-row-open"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              aria-label={openLabel?.(row)}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(row);
              }}
            >
              {cellOf(c, row, index)}
            </Button>
          ),
        };
      }
      return c;
    });
    return (
      <div ref={frame}>
        <Table<T>
          rowKey={rowKey}
          size={size}
          aria-label={ariaLabel}
          columns={pinned}
          dataSource={dataSource}
          loading={loading}
          pagination={
            serverPaging
              ? {
                  current: serverPaging.current,
                  pageSize: serverPaging.pageSize,
                  total: serverPaging.total,
                  onChange: (page) => serverPaging.onChange(page),
                  hideOnSinglePage: true,
                  showSizeChanger: false,
                }
              : {
                  pageSize,
                  hideOnSinglePage: true,
                  showSizeChanger: false,
                }
          }
          scroll={minWidth ? { x: minWidth } : undefined}
          locale={{ emptyText }}
          rowClassName={highlightRow ? (row) => (highlightRow(row) ? 'sp-row-highlight' : '') : undefined}
          onRow={
            onOpen || highlightRow
              ? (row) => ({
                  onClick: onOpen ? () => onOpen(row) : undefined,
                  style: {
                    cursor: onOpen ? 'pointer' : undefined,
                    background: highlightRow?.(row) ? HIGHLIGHT_BACKGROUND : undefined,
                  },
                })
              : undefined
          }
        />
      </div>
    );
  }

  if (loading && dataSource.length === 0) return <Skeleton active aria-label={t('loading')} />;
  if (dataSource.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;

  // One server page is drawn whole; a local list grows by 'Xem thêm'.
  const visible = serverPaging ? dataSource : dataSource.slice(0, shown);
  const title = columns.find((c) => c.card === 'title');
  const actions = columns.filter((c) => c.card === 'actions');
  const lines = columns.filter((c) => !c.card);
  return (
    <>
      <ul className="sp-cards" style={LIST} aria-label={ariaLabel} aria-busy={loading || undefined}>
        {visible.map((row, index) => {
          const heading = title ? cellOf(title, row, index) : null;
          const buttons = actions
            .map((c) => ({ key: String(c.key), node: cellOf(c, row, index) }))
            .filter(({ node }) => node !== null && node !== '');
          return (
            <li
              key={String(row[rowKey])}
              className={highlightRow?.(row) ? 'sp-card sp-row-highlight' : 'sp-card'}
              style={highlightRow?.(row) ? { ...CARD, background: HIGHLIGHT_BACKGROUND } : CARD}
            >
              {heading !== null && (
                <div
                  className="sp-card-title"
                  style={{
                    fontWeight: 600,
                    marginBottom: 4,
                    overflowWrap: 'anywhere',
                  }}
                >
                  {onOpen ? (
                    <Button
                      type="link"
                      className="sp-card-open"
                      style={{
                        padding: 0,
                        height: 'auto',
                        whiteSpace: 'normal',
                        textAlign: 'left',
                        fontWeight: 600,
                      }}
                      aria-label={openLabel?.(row)}
                      onClick={() => onOpen(row)}
                    >
                      {heading}
                    </Button>
                  ) : (
                    heading
                  )}
                </div>
              )}
              <dl className="sp-card-lines" style={{ margin: 0 }}>
                {lines.map((c) => (
                  <div key={String(c.key)} className="sp-card-line" style={LINE}>
                    <dt style={LABEL}>{c.title as ReactNode}</dt>
                    <dd style={VALUE}>{cellOf(c, row, index)}</dd>
                  </div>
                ))}
              </dl>
              {buttons.length > 0 && (
                <Flex gap={8} wrap className="sp-card-actions" style={{ marginTop: 8 }}>
                  {buttons.map(({ key, node }) => (
                    <Fragment key={key}>{node}</Fragment>
                  ))}
                </Flex>
              )}
            </li>
          );
        })}
      </ul>
      {serverPaging && serverPaging.total > serverPaging.pageSize && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination
            simple
            current={serverPaging.current}
            pageSize={serverPaging.pageSize}
            total={serverPaging.total}
            showSizeChanger={false}
            onChange={(page: number) => serverPaging.onChange(page)}
          />
        </Flex>
      )}
      {!serverPaging && dataSource.length > shown && (
        <Button block style={{ marginTop: 12 }} onClick={() => setShown((n) => n + pageSize)}>
          {t('responsiveTable.more', { count: dataSource.length - shown })}
        </Button>
      )}
    </>
  );
}
