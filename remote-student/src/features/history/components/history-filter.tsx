import { useTranslation } from 'react-i18next';
import { Radio, Typography } from 'antd';
import { DateRangeField, FilterPopover } from 'shared-ui';
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
  const fields = (draft: HistoryFilterValue, setDraft: (next: HistoryFilterValue) => void) => (
    <>
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
            { value: 'Held', label: t('history.statuses.Held') },
            { value: 'Expired', label: t('history.statuses.Expired') },
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
    </>
  );
  const active =
    value.status !== null ||
    value.facility !== null ||
    value.startDate !== null ||
    value.endDate !== null ||
    value.sortDirection !== -1;
  return (
    <FilterPopover value={value} empty={NONE} onChange={onChange} active={active}>
      {fields}
    </FilterPopover>
  );
}
