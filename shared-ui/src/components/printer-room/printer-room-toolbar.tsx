import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Input } from 'antd';
import { UI_NAMESPACE } from '../../locales';
import { PrinterRoomFilter } from './printer-room-filter';
import type { PrinterRoomFilters } from './printer-room-filters';

/** Above the printer list: search by printer id, the filter, and a role's own buttons (e.g. 'Thêm máy in'). */
export function PrinterRoomToolbar({
  filters,
  onChange,
  extra,
}: {
  filters: PrinterRoomFilters;
  onChange(next: PrinterRoomFilters): void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { searchField: _search, ...filterValue } = filters;
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        allowClear
        aria-label={t('printerRoom.search')}
        placeholder={t('printerRoom.search')}
        defaultValue={filters.searchField}
        style={{ flex: '1 1 220px', maxWidth: 420 }}
        onSearch={(searchField) => onChange({ ...filters, searchField })}
      />
      <PrinterRoomFilter value={filterValue} onChange={(next) => onChange({ ...filters, ...next })} />
      {extra && <div style={{ marginInlineStart: 'auto' }}>{extra}</div>}
    </Flex>
  );
}
