import { useTranslation } from 'react-i18next';
import { Flex, Typography } from 'antd';
import { UI_NAMESPACE } from '../../locales';

function Total({ label, value }: { label: string; value: number | null }) {
  return (
    <div style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: '12px 16px', flex: '1 1 150px' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600 }} aria-label={label}>
        {value ?? '—'}
      </div>
    </div>
  );
}

/** The totals panel of the printer room: printers in service and active ones, over the whole system. */
export function PrinterTotals({ total, active }: { total: number | null; active: number | null }) {
  const { t } = useTranslation(UI_NAMESPACE);
  return (
    <Flex gap={12} wrap role="group" aria-label={t('printerRoom.totals.label')} style={{ marginBottom: 16 }}>
      <Total label={t('printerRoom.totals.total')} value={total} />
      <Total label={t('printerRoom.totals.active')} value={active} />
    </Flex>
  );
}
