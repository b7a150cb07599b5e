import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { UI_NAMESPACE } from '../../locales';

/**
 * Tag colour per print job status (spec section 4, plus release at the printer: Held waits for its owner
 * at the printer, Expired was not released in time and refunded); anything unknown renders as cancelled.
 */
const COLORS = {
  Held: 'blue',
  Queued: 'default',
  InProgress: 'gold',
  Completed: 'green',
  Failed: 'red',
  Expired: 'volcano',
} as const;
type KnownStatus = keyof typeof COLORS;

/** The status a job shows: one of the known ones, Failed ('Đã hủy') for any other value. */
export function displayedPrintStatus(status: string | null | undefined): KnownStatus {
  return status && Object.hasOwn(COLORS, status) ? (status as KnownStatus) : 'Failed';
}

/**
 * A print job's status as the spec draws it: 'Đang đợi' grey, 'Đang in' yellow, 'Đã in' green, 'Đã hủy' red;
 * 'Chờ nhận tại máy in' blue, 'Hết hạn' orange-red.
 */
export function PrintStatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const shown = displayedPrintStatus(status);
  return (
    <Tag color={COLORS[shown]} data-status={shown}>
      {t(`printStatus.${shown}`)}
    </Tag>
  );
}
