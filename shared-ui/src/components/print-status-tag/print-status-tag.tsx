import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { UI_NAMESPACE } from '../../locales';

/** Tag colour per print job status (spec section 4); anything unknown renders as cancelled. */
const COLORS = { Queued: 'default', InProgress: 'gold', Completed: 'green', Failed: 'red' } as const;
type KnownStatus = keyof typeof COLORS;

/** The status a job shows: one of the four known ones, Failed ('Đã hủy') for any other value. */
export function displayedPrintStatus(status: string | null | undefined): KnownStatus {
  return status && Object.hasOwn(COLORS, status) ? (status as KnownStatus) : 'Failed';
}

/** A print job's status as the spec draws it: 'Đang đợi' grey, 'Đang in' yellow, 'Đã in' green, 'Đã hủy' red. */
export function PrintStatusTag({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const shown = displayedPrintStatus(status);
  return (
    <Tag color={COLORS[shown]} data-status={shown}>
      {t(`printStatus.${shown}`)}
    </Tag>
  );
}
