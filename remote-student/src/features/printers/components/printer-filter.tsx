import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Popover, Radio, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { PrinterFilters } from '../api/get-printers';

type FilterPart = Pick<PrinterFilters, 'facility' | 'status'>;

/** The filter dropdown of /Printing: facility (CS1, CS2) and status (1 active, 0 paused), applied at once. */
export function PrinterFilter({ value, onChange }: { value: FilterPart; onChange(next: FilterPart): void }) {
  const { t } = useTranslation('student');
  const [open, setOpen] = useState(false);
  const content = (
    <Flex vertical gap={12} style={{ minWidth: 240 }}>
      <div>
        <Typography.Text strong id="printer-filter-facility">
          {t('printerSelection.facility')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="printer-filter-facility"
          name="printer-filter-facility"
          style={{ display: 'flex', marginTop: 6 }}
          value={value.facility ?? 'all'}
          onChange={(e) => onChange({ ...value, facility: e.target.value === 'all' ? null : e.target.value })}
          options={[
            { value: 'all', label: t('printerSelection.all') },
            { value: 'CS1', label: t('printerSelection.cs1') },
            { value: 'CS2', label: t('printerSelection.cs2') },
          ]}
        />
      </div>
      <div>
        <Typography.Text strong id="printer-filter-status">
          {t('printerSelection.status')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="printer-filter-status"
          name="printer-filter-status"
          style={{ display: 'flex', marginTop: 6 }}
          value={value.status === null ? 'all' : String(value.status)}
          onChange={(e) =>
            onChange({ ...value, status: e.target.value === 'all' ? null : e.target.value === '1' ? 1 : 0 })
          }
          options={[
            { value: 'all', label: t('printerSelection.all') },
            { value: '1', label: t('printerSelection.active') },
            { value: '0', label: t('printerSelection.paused') },
          ]}
        />
      </div>
    </Flex>
  );
  const active = value.facility !== null || value.status !== null;
  return (
    <Popover trigger="click" placement="bottomLeft" open={open} onOpenChange={setOpen} content={content}>
      <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'}>
        {t('printerSelection.filter')}
      </Button>
    </Popover>
  );
}
