import { useTranslation } from 'react-i18next';
import { Radio, Typography } from 'antd';
import type { ActivitySort } from 'shared-api';
import { FilterPopover } from 'shared-ui';

/** The list's orders: by name (A–Z, Z–A) and by total paid (ascending, descending); null is none. */
export interface StudentSorts {
  sortName: ActivitySort | null;
  sortPayment: ActivitySort | null;
}

export const NO_SORT: StudentSorts = { sortName: null, sortPayment: null };

const toSort = (picked: string): ActivitySort | null => (picked === '1' ? 1 : picked === '-1' ? -1 : null);

/** The filter button of the student list: sort by name and by payment ('Hủy' clears both). */
export function StudentFilter({ value, onChange }: { value: StudentSorts; onChange(next: StudentSorts): void }) {
  const { t } = useTranslation('spso');
  const group = (
    id: string,
    label: string,
    current: ActivitySort | null,
    options: { value: string; label: string }[],
    onPick: (picked: ActivitySort | null) => void,
  ) => (
    <div>
      <Typography.Text strong id={id}>
        {label}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={id}
        name={id}
        style={{ display: 'flex', flexWrap: 'wrap', marginTop: 6 }}
        value={current === null ? 'all' : String(current)}
        onChange={(event) => onPick(toSort(String(event.target.value)))}
        options={options}
      />
    </div>
  );
  return (
    <FilterPopover
      value={value}
      empty={NO_SORT}
      onChange={onChange}
      active={value.sortName !== null || value.sortPayment !== null}
    >
      {(draft, setDraft) => (
        <>
          {group(
            'student-filter-name',
            t('activities.filter.name'),
            draft.sortName,
            [
              { value: 'all', label: t('activities.filter.all') },
              { value: '1', label: t('activities.filter.nameAsc') },
              { value: '-1', label: t('activities.filter.nameDesc') },
            ],
            (sortName) => setDraft({ ...draft, sortName }),
          )}
          {group(
            'student-filter-payment',
            t('activities.filter.payment'),
            draft.sortPayment,
            [
              { value: 'all', label: t('activities.filter.all') },
              { value: '1', label: t('activities.filter.paymentAsc') },
              { value: '-1', label: t('activities.filter.paymentDesc') },
            ],
            (sortPayment) => setDraft({ ...draft, sortPayment }),
          )}
        </>
      )}
    </FilterPopover>
  );
}
