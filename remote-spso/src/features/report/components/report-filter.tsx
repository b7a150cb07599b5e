import { useTranslation } from 'react-i18next';
import { Flex, Radio, Select, Typography } from 'antd';
import type { ReportSortDirection } from 'shared-api';
import { FilterPopover } from 'shared-ui';

/** The report's filter: a year, a month of it or the whole year, and the order of the printer rows. */
export interface ReportFilters {
  year: number;
  month: number | null;
  sortDirection: ReportSortDirection;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const ALL = 'all';

/**
 * 'Lọc báo cáo': shared-ui's filter popover (the fields edit a draft, 'Áp dụng' applies it) whose 'Hủy'
 * goes back to this year, every month, latest first.
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
  const yearOptions = (years.includes(value.year) ? years : [value.year, ...years]).map((year) => ({
    value: year,
    label: String(year),
  }));
  // The dropdowns open inside the popover, so a pick in them is not a click outside it.
  const inside = (node: HTMLElement) => node.parentElement ?? document.body;
  const reset: ReportFilters = { year: thisYear, month: null, sortDirection: 1 };

  return (
    <FilterPopover
      value={value}
      empty={reset}
      onChange={onChange}
      active={false}
      label={t('report.filter.open')}
      placement="bottomRight"
    >
      {(draft, setDraft) => (
        <>
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
        </>
      )}
    </FilterPopover>
  );
}
