import { useTranslation } from 'react-i18next';
import { Tag, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { StudentPrinterItem } from 'shared-api';

/** One printer of /Printing: id, facility, building, room, status and waiting requests; the whole card is a button. */
export function PrinterCard({
  printer,
  onOpen,
}: {
  printer: StudentPrinterItem;
  onOpen(printer: StudentPrinterItem): void;
}) {
  const { t } = useTranslation('student');
  const active = printer.status === 1;
  return (
    <button
      type="button"
      className="sp-printer-card"
      aria-label={t('printerSelection.printer', { id: printer.printerId })}
      data-status={printer.status}
      onClick={() => onOpen(printer)}
      style={{
        textAlign: 'left',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        padding: 16,
        background: active ? '#fff' : '#fafafa',
        cursor: active ? 'pointer' : 'not-allowed',
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
        font: 'inherit',
        width: '100%',
      }}
    >
      <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%', gap: 8 }}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          <PrinterOutlined /> {printer.printerId}
        </Typography.Text>
        <Tag color={active ? 'blue' : 'red'} style={{ marginInlineEnd: 0 }}>
          {active ? t('printerSelection.active') : t('printerSelection.paused')}
        </Tag>
      </span>
      <Typography.Text type="secondary">
        {t('printerSelection.facility')}: {printer.location.facility}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('printerSelection.building')}: {printer.location.department} · {t('printerSelection.room')}:{' '}
        {printer.location.room}
      </Typography.Text>
      <Typography.Text>{t('printerSelection.waiting', { count: printer.waiting_amount })}</Typography.Text>
    </button>
  );
}
