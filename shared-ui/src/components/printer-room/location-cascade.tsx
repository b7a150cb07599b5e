import { useTranslation } from 'react-i18next';
import { Flex, Select } from 'antd';
import { buildingsOf, FACILITY_CODES, roomsOf, type Location } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';

/** A location being chosen: each part empty until picked. */
export type LocationDraft = Partial<Location>;

export interface LocationCascadeProps {
  value?: LocationDraft;
  onChange?(next: LocationDraft): void;
  /** Prefix of the three selects' ids (a form item's label points at the first). */
  id?: string;
  /** The form item's validation state, drawn on every select. */
  status?: 'error' | '';
}

/**
 * A printer's location as three dependent dropdowns, from the one location list the server checks too
 * (PRINTER_LOCATIONS): facility ('Cơ sở 1' / 'Cơ sở 2') → its buildings → that building's rooms. Changing
 * the facility clears the building and the room; changing the building clears the room. A form control
 * (value / onChange).
 */
export function LocationCascade({ value = {}, onChange, id = 'printer-location', status }: LocationCascadeProps) {
  const { t } = useTranslation(UI_NAMESPACE);
  const facility = value.facility || undefined;
  const department = value.department || undefined;
  const room = value.room || undefined;
  const buildings = facility ? buildingsOf(facility) : [];
  const rooms = facility && department ? roomsOf(facility, department) : [];
  const style = { flex: '1 1 120px', minWidth: 0 };
  return (
    <Flex gap={8} wrap>
      <Select
        id={id}
        aria-label={t('printerRoom.location.facility')}
        placeholder={t('printerRoom.location.facility')}
        style={style}
        status={status}
        value={facility}
        options={FACILITY_CODES.map((code) => ({ value: code, label: t(`printerRoom.facilities.${code}`) }))}
        onChange={(next: string) => onChange?.({ facility: next, department: undefined, room: undefined })}
      />
      <Select
        id={`${id}-building`}
        aria-label={t('printerRoom.location.building')}
        placeholder={t('printerRoom.location.building')}
        style={style}
        status={status}
        disabled={!facility}
        value={department}
        options={buildings.map((b) => ({ value: b, label: b }))}
        onChange={(next: string) => onChange?.({ ...value, department: next, room: undefined })}
      />
      <Select
        id={`${id}-room`}
        aria-label={t('printerRoom.location.room')}
        placeholder={t('printerRoom.location.room')}
        style={style}
        status={status}
        disabled={!department}
        showSearch
        value={room}
        options={rooms.map((r) => ({ value: r, label: r }))}
        onChange={(next: string) => onChange?.({ ...value, room: next })}
      />
    </Flex>
  );
}
