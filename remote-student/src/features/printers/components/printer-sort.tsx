import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Col, Flex, Popover, Radio, Row, Typography } from 'antd';
import { SortAscendingOutlined } from '@ant-design/icons';
import type { PrinterFilters, SortValue } from '../api/get-printers';
import { useIsMobile } from '../hooks/use-is-mobile';

export type PrinterSortValue = Pick<PrinterFilters, 'sortName' | 'sortPrinted'>;

const NO_SORT: PrinterSortValue = { sortName: null, sortPrinted: null };

const toRadio = (value: SortValue) => (value === null ? 'all' : String(value));
const fromRadio = (value: string): SortValue => (value === 'all' ? null : value === '1' ? 1 : -1);

/**
 * The sort popover of /Printing: two exclusive groups (by name, by print count); choosing one resets
 * the other. 'Hủy' resets both, 'Áp dụng' applies; a click outside closes it without applying.
 */
export function PrinterSort({ value, onChange }: { value: PrinterSortValue; onChange(next: PrinterSortValue): void }) {
  const { t } = useTranslation('student');
  const mobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PrinterSortValue>(value);

  const handleOpenChange = (next: boolean) => {
    if (next) setDraft(value);
    setOpen(next);
  };
  const handleReset = () => {
    setDraft(NO_SORT);
    onChange(NO_SORT);
    setOpen(false);
  };
  const handleApply = () => {
    onChange(draft);
    setOpen(false);
  };

  const content = (
    <div style={{ width: mobile ? 300 : 570, maxWidth: 'calc(100vw - 32px)' }} data-testid="printer-sort">
      <Row gutter={[16, 12]}>
        <Col xs={24} md={12}>
          <Typography.Text strong id="printer-sort-name">
            {t('printerSelection.sortByName')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="printer-sort-name"
            name="printer-sort-name"
            style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 6 }}
            value={toRadio(draft.sortName)}
            onChange={(e) => setDraft({ sortName: fromRadio(e.target.value), sortPrinted: null })}
            options={[
              { value: 'all', label: t('printerSelection.all') },
              { value: '1', label: t('printerSelection.az') },
              { value: '-1', label: t('printerSelection.za') },
            ]}
          />
        </Col>
        <Col xs={24} md={12}>
          <Typography.Text strong id="printer-sort-printed">
            {t('printerSelection.sortByPrinted')}
          </Typography.Text>
          <Radio.Group
            aria-labelledby="printer-sort-printed"
            name="printer-sort-printed"
            style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 6 }}
            value={toRadio(draft.sortPrinted)}
            onChange={(e) => setDraft({ sortName: null, sortPrinted: fromRadio(e.target.value) })}
            options={[
              { value: 'all', label: t('printerSelection.all') },
              { value: '-1', label: t('printerSelection.desc') },
              { value: '1', label: t('printerSelection.asc') },
            ]}
          />
        </Col>
      </Row>
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={handleReset}>{t('printerSelection.cancel')}</Button>
        <Button type="primary" onClick={handleApply}>
          {t('printerSelection.apply')}
        </Button>
      </Flex>
    </div>
  );
  const active = value.sortName !== null || value.sortPrinted !== null;
  return (
    <Popover
      trigger="click"
      placement={mobile ? 'bottom' : 'bottomRight'}
      open={open}
      onOpenChange={handleOpenChange}
      content={content}
    >
      <Button icon={<SortAscendingOutlined />} type={active ? 'primary' : 'default'}>
        {t('printerSelection.sort')}
      </Button>
    </Popover>
  );
}
