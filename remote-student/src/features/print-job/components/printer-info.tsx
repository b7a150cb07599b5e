import { useTranslation } from 'react-i18next';
import { Descriptions } from 'antd';
import { PrinterStatusTag } from 'shared-ui';
import type { StudentPrinterDetail } from 'shared-api';

/** The chosen printer: id, building, room, queue length and status. */
export function PrinterInfo({ printer }: { printer: StudentPrinterDetail }) {
  const { t } = useTranslation('student');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 4 }}
      items={[
        {
          key: 'id',
          label: t('printConfig.printer'),
          children: (
            <span>
              <strong>{printer.printerId}</strong> <PrinterStatusTag status={printer.status} />
            </span>
          ),
        },
        {
          key: 'building',
          label: t('printConfig.building'),
          children: `${printer.location.department} (${printer.location.facility})`,
        },
        { key: 'room', label: t('printConfig.room'), children: printer.location.room },
        {
          key: 'queue',
          label: t('printConfig.queue'),
          children: t('printConfig.queueCount', { count: printer.waiting_amount }),
        },
      ]}
    />
  );
}
