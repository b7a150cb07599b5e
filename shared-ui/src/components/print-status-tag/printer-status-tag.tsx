import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { UI_NAMESPACE } from '../../locales';

/** A printer's status (1 active, 0 paused) as every role's lists draw it: 'Hoạt động' blue, 'Tạm dừng' red. */
export function PrinterStatusTag({ status }: { status: number }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const active = status === 1;
  return (
    <Tag color={active ? 'blue' : 'red'} data-printer-status={active ? 1 : 0} style={{ marginInlineEnd: 0 }}>
      {active ? t('printerStatus.active') : t('printerStatus.paused')}
    </Tag>
  );
}
