import { useTranslation } from 'react-i18next';
import { Radio, Typography } from 'antd';
import { UI_NAMESPACE } from '../../locales';
import { FilterPopover } from '../filter-popover/filter-popover';
import { DEFAULT_PRINTER_ROOM_FILTERS, type PrinterRoomFilters } from './printer-room-filters';

export type PrinterRoomFilterValue = Omit<PrinterRoomFilters, 'searchField'>;

const NONE: PrinterRoomFilterValue = {
  status: DEFAULT_PRINTER_ROOM_FILTERS.status,
  facility: DEFAULT_PRINTER_ROOM_FILTERS.facility,
  sortDirection: DEFAULT_PRINTER_ROOM_FILTERS.sortDirection,
};

/** The filter of the printer room: status (all, enabled, disabled), location (all, CS1, CS2), activation order. */
export function PrinterRoomFilter({
  value,
  onChange,
}: {
  value: PrinterRoomFilterValue;
  onChange(next: PrinterRoomFilterValue): void;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const group = (
    id: string,
    label: string,
    current: string,
    options: { value: string; label: string }[],
    onPick: (picked: string) => void,
  ) => (
    <div>
      <Typography.Text strong id={id}>
        {label}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={id}
        name={id}
        style={{ display: 'flex', flexWrap: 'wrap', marginTop: 6 }}
        value={current}
        onChange={(e) => onPick(String(e.target.value))}
        options={options}
      />
    </div>
  );
  const fields = (draft: PrinterRoomFilterValue, setDraft: (next: PrinterRoomFilterValue) => void) => (
    <>
      {group(
        'printer-room-filter-status',
        t('printerRoom.filter.status'),
        draft.status === null ? 'all' : String(draft.status),
        [
          { value: 'all', label: t('printerRoom.filter.all') },
          { value: '1', label: t('printerRoom.filter.enabled') },
          { value: '0', label: t('printerRoom.filter.disabled') },
        ],
        (picked) => setDraft({ ...draft, status: picked === 'all' ? null : picked === '1' ? 1 : 0 }),
      )}
      {group(
        'printer-room-filter-facility',
        t('printerRoom.filter.location'),
        draft.facility ?? 'all',
        [
          { value: 'all', label: t('printerRoom.filter.all') },
          { value: 'CS1', label: t('printerRoom.facilities.CS1') },
          { value: 'CS2', label: t('printerRoom.facilities.CS2') },
        ],
        (picked) => setDraft({ ...draft, facility: picked === 'CS1' || picked === 'CS2' ? picked : null }),
      )}
      {group(
        'printer-room-filter-sort',
        t('printerRoom.filter.sort'),
        String(draft.sortDirection),
        [
          { value: '1', label: t('printerRoom.filter.ascending') },
          { value: '-1', label: t('printerRoom.filter.descending') },
        ],
        (picked) => setDraft({ ...draft, sortDirection: picked === '-1' ? -1 : 1 }),
      )}
    </>
  );
  const active = value.status !== null || value.facility !== null || value.sortDirection !== 1;
  return (
    <FilterPopover value={value} empty={NONE} onChange={onChange} active={active}>
      {fields}
    </FilterPopover>
  );
}
