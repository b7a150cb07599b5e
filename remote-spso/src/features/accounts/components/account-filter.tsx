import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Input, Select } from 'antd';
import type { RoleFilter, StateFilter } from '../accounts-format';

/** The list's filters: a search over code, name and e-mail, a role, and the state. */
export interface AccountFilters {
  search: string;
  role: RoleFilter;
  state: StateFilter;
}

export const NO_FILTERS: AccountFilters = { search: '', role: 'all', state: 'all' };

/** Longest search text sent (a code, a name or an e-mail). */
const SEARCH_MAX = 100;

/**
 * The search (sent on Enter or its button, and at once when cleared) and the role and state selects;
 * every change starts the list again at page 1 (the page decides).
 */
export function AccountFilter({ value, onChange }: { value: AccountFilters; onChange(next: AccountFilters): void }) {
  const { t } = useTranslation('spso');
  const [text, setText] = useState(value.search);
  return (
    <Flex gap={8} wrap style={{ flex: '1 1 320px' }}>
      <Input.Search
        allowClear
        type="search"
        aria-label={t('accounts.search')}
        placeholder={t('accounts.search')}
        enterButton={t('accounts.searchButton')}
        maxLength={SEARCH_MAX}
        value={text}
        style={{ flex: '1 1 240px', maxWidth: 420 }}
        onChange={(event) => {
          setText(event.target.value);
          // cleared: the whole list again without another key press
          if (event.target.value === '' && value.search !== '') onChange({ ...value, search: '' });
        }}
        onSearch={(search) => onChange({ ...value, search: search.trim() })}
      />
      <Select<RoleFilter>
        aria-label={t('accounts.role')}
        value={value.role}
        style={{ flex: '1 1 150px', maxWidth: 220 }}
        options={[
          { value: 'all', label: t('accounts.allRoles') },
          { value: 'student', label: t('accounts.roles.student') },
          { value: 'staff', label: t('accounts.roles.staff') },
          { value: 'spso', label: t('accounts.roles.spso') },
        ]}
        onChange={(role) => onChange({ ...value, role })}
      />
      <Select<StateFilter>
        aria-label={t('accounts.state')}
        value={value.state}
        style={{ flex: '1 1 150px', maxWidth: 220 }}
        options={[
          { value: 'all', label: t('accounts.allStates') },
          { value: 'active', label: t('accounts.states.active') },
          { value: 'disabled', label: t('accounts.states.disabled') },
        ]}
        onChange={(state) => onChange({ ...value, state })}
      />
    </Flex>
  );
}
