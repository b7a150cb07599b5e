import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Popover, Radio, Typography } from 'antd';
import { DateRangeField } from 'shared-ui';
import { FilterOutlined } from '@ant-design/icons';
import type { HistoryFilters } from '../api/filter-logs';

export type HistoryFilterValue = Omit<HistoryFilters, 'searchField'>;

const NONE: HistoryFilterValue = { status: null, facility: null, startDate: null, endDate: null, sortDirection: -1 };

/** The filter dropdown of /History: status, facility, dates from/to and latest or oldest first. */
export function HistoryFilter({
  value,
  onChange,
}: {
  value: HistoryFilterValue;
  onChange(next: HistoryFilterValue): void;
}) {
  const { t } = useTranslation('student');
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<HistoryFilterValue>(value);

  const handleOpenChange = (next: boolean) => {
    if (next) setDraft(value);
    setOpen(next);
  };
  const handleReset = () => {
    setDraft(NONE);
    onChange(NONE);
    setOpen(false);
  };
  const handleApply = () => {
    onChange(draft);
    setOpen(false);
  };

  const content = (
    // With the popover's own padding it stays inside a 360 px screen (it was 8 px wider, clipping Áp dụng).
    <Flex vertical gap={12} style={{ width: 'min(470px, calc(100vw - 80px))' }}>
      <div>
        <Typography.Text strong id="history-filter-status">
          {t('history.status')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="history-filter-status"
          name="history-filter-status"
          style={{ display: 'flex', flexWrap: 'wrap', marginTop: 6 }}
          value={draft.status ?? 'all'}
          onChange={(e) => setDraft({ ...draft, status: e.target.value === 'all' ? null : e.target.value })}
          options={[
            { value: 'all', label: t('history.all') },
            { value: 'Completed', label: t('history.statuses.Completed') },
            { value: 'Failed', label: t('history.statuses.Failed') },
            { value: 'InProgress', label: t('history.statuses.InProgress') },
            { value: 'Queued', label: t('history.statuses.Queued') },
          ]}
        />
      </div>
      <div>
        <Typography.Text strong id="history-filter-facility">
          {t('history.facility')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="history-filter-facility"
          name="history-filter-facility"
          style={{ display: 'flex', marginTop: 6 }}
          value={draft.facility ?? 'all'}
          onChange={(e) => setDraft({ ...draft, facility: e.target.value === 'all' ? null : e.target.value })}
          options={[
            { value: 'all', label: t('history.all') },
            { value: 'CS1', label: t('history.cs1') },
            { value: 'CS2', label: t('history.cs2') },
          ]}
        />
      </div>
      <div>
        <Typography.Text strong style={{ display: 'block', marginBottom: 6 }}>
          {t('history.dateRange')}
        </Typography.Text>
        <DateRangeField
          id="history-filter-dates"
          value={{ start: draft.startDate, end: draft.endDate }}
          onChange={({ start, end }) => setDraft({ ...draft, startDate: start, endDate: end })}
        />
      </div>
      <div>
        <Typography.Text strong id="history-filter-sort">
          {t('history.sort')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="history-filter-sort"
          name="history-filter-sort"
          style={{ display: 'flex', marginTop: 6 }}
          value={draft.sortDirection}
          onChange={(e) => setDraft({ ...draft, sortDirection: e.target.value })}
          options={[
            { value: -1, label: t('history.latest') },
            { value: 1, label: t('history.oldest') },
          ]}
        />
      </div>
      <Flex justify="flex-end" gap={8}>
        <Button onClick={handleReset}>{t('history.cancel')}</Button>
        <Button type="primary" onClick={handleApply}>
          {t('history.apply')}
        </Button>
      </Flex>
    </Flex>
  );
  const active =
    value.status !== null ||
    value.facility !== null ||
    value.startDate !== null ||
    value.endDate !== null ||
    value.sortDirection !== -1;
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      autoAdjustOverflow
      open={open}
      onOpenChange={handleOpenChange}
      content={content}
    >
      <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'}>
        {t('history.filter')}
      </Button>
    </Popover>
  );
}
