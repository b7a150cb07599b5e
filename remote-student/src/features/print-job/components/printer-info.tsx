import { useTranslation } from 'react-i18next';
import { Descriptions, Tag } from 'antd';
import { DeviceStateTag, PrinterStatusTag } from 'shared-ui';
import type { StudentPrinterDetail } from 'shared-api';

/**
 * The chosen printer: id, building, room, queue length and expected wait, status, (a real printer) its
 * device's state, and a held printer's mark.
 */
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
            <span style={{ display: 'inline-flex', alignItems: 'flex-start', flexWrap: 'wrap', gap: 6 }}>
              <strong>{printer.printerId}</strong> <PrinterStatusTag status={printer.status} />
              <DeviceStateTag device={printer.device} />
              {printer.releaseMode === 'held' ? (
                <Tag color="blue" style={{ marginInlineEnd: 0 }}>
                  {t('printConfig.heldMark')}
                </Tag>
              ) : null}
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
          children:
            printer.estimatedWaitMinutes != null
              ? `${t('printConfig.queueCount', { count: printer.waiting_amount })} · ${t('printConfig.waitMinutes', { count: printer.estimatedWaitMinutes })}`
              : t('printConfig.queueCount', { count: printer.waiting_amount }),
        },
      ]}
    />
  );
}
