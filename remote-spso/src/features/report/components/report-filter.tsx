import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Popover, Radio, Select, Typography } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import type { ReportSortDirection } from 'shared-api';

/** The report's filter: a year, a month of it or the whole year, and the order of the printer rows. */
export interface ReportFilters {
  year: number;
  month: number | null;
  sortDirection: ReportSortDirection;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const ALL = 'all';

/**
 * 'Lọc báo cáo': a popover whose fields edit a draft; 'Áp dụng' applies it, 'Hủy' goes back to this
 * year, every month, latest first. Sized to fit a 360 px screen.
 */
export function ReportFilter({
  value,
  years,
  thisYear,
  onChange,
}: {
  value: ReportFilters;
  years: number[];
  thisYear: number;
  onChange(next: ReportFilters): void;
}) {
  const { t } = useTranslation('spso');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const yearOptions = (years.includes(value.year) ? years : [value.year, ...years]).map((year) => ({
    value: year,
    label: String(year),
  }));
  const handleOpenChange = (next: boolean) => {
    if (next) setDraft(value);
    setOpen(next);
  };
  // The dropdowns open inside the popover, so a pick in them is not a click outside it.
  const inside = (node: HTMLElement) => node.parentElement ?? document.body;

  const content = (
    <Flex vertical gap={12} style={{ width: 'min(320px, calc(100vw - 80px))' }}>
      <Flex vertical gap={4}>
        <Typography.Text strong id="report-filter-year">
          {t('report.filter.year')}
        </Typography.Text>
        <Select
          aria-labelledby="report-filter-year"
          value={draft.year}
          options={yearOptions}
          getPopupContainer={inside}
          onChange={(year: number) => setDraft({ ...draft, year })}
        />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong id="report-filter-month">
          {t('report.filter.month')}
        </Typography.Text>
        <Select
          aria-labelledby="report-filter-month"
          value={draft.month ?? ALL}
          options={[
            { value: ALL, label: t('report.filter.allMonths') },
            ...MONTHS.map((month) => ({ value: month, label: t('report.filter.monthN', { month }) })),
          ]}
          getPopupContainer={inside}
          onChange={(month: number | typeof ALL) => setDraft({ ...draft, month: month === ALL ? null : month })}
        />
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong id="report-filter-sort">
          {t('report.filter.sort')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="report-filter-sort"
          name="report-filter-sort"
          value={draft.sortDirection}
          onChange={(event) => setDraft({ ...draft, sortDirection: event.target.value === -1 ? -1 : 1 })}
          options={[
            { value: 1, label: t('report.filter.latest') },
            { value: -1, label: t('report.filter.oldest') },
          ]}
        />
      </Flex>
      <Flex justify="flex-end" gap={8}>
        <Button
          onClick={() => {
            const reset: ReportFilters = { year: thisYear, month: null, sortDirection: 1 };
            setDraft(reset);
            onChange(reset);
            setOpen(false);
          }}
        >
          {t('report.filter.reset')}
        </Button>
        <Button
          type="primary"
          onClick={() => {
            onChange(draft);
            setOpen(false);
          }}
        >
          {t('report.filter.apply')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      autoAdjustOverflow
      open={open}
      onOpenChange={handleOpenChange}
      content={content}
    >
      <Button icon={<FilterOutlined />}>{t('report.filter.open')}</Button>
    </Popover>
  );
}
