import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex } from 'antd';
import { ImportOutlined, UserAddOutlined } from '@ant-design/icons';
import { getAccounts, useLiveQuery, type Account, type AccountsPage, type AccountsQuery } from 'shared-api';
import { LoadError, PageFrame } from 'shared-ui';
import { ACCOUNTS_PER_PAGE, disabledParam, fullName } from '../features/accounts/accounts-format';
import { AccountFilter, NO_FILTERS, type AccountFilters } from '../features/accounts/components/account-filter';
import { AccountTable } from '../features/accounts/components/account-table';
import { IssueAccountDialog } from '../features/accounts/components/issue-account-dialog';
import { StudentImportDialog } from '../features/accounts/components/student-import-dialog';
import {
  TemporaryPasswordDialog,
  type IssuedPassword,
} from '../features/accounts/components/temporary-password-dialog';

/**
 * /Accounts: every account of the portal ('QUẢN LÝ TÀI KHOẢN'), searched by code, name or e-mail and
 * filtered by role and state, paged on the server. The officer issues staff and officer accounts (a
 * temporary password shown once), disables and enables them, issues new temporary passwords, and imports
 * the registrar's students from a CSV (checked first, then written all or nothing). The server keeps every
 * change in the audit trail.
 */
export default function AccountsPage() {
  const { t } = useTranslation('spso');
  const [filters, setFilters] = useState<AccountFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);

  const query = useMemo<AccountsQuery>(
    () => ({
      role: filters.role === 'all' ? undefined : filters.role,
      searchField: filters.search || undefined,
      disabled: disabledParam(filters.state),
      page,
      per_page: ACCOUNTS_PER_PAGE,
    }),
    [filters, page],
  );
  const list = useLiveQuery<AccountsPage>(query, (signal) => getAccounts(query, signal));

  const handleFilters = (next: AccountFilters) => {
    setFilters(next);
    setPage(1);
  };
  const handOver = (account: Account, password: string, kind: IssuedPassword['kind']) =>
    setIssued({ name: fullName(account), email: account.email, password, kind });

  return (
    <PageFrame title={t('accounts.title')}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 16 }}>
        <AccountFilter value={filters} onChange={handleFilters} />
        <Flex gap={8} wrap>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setIssuing(true)}>
            {t('accounts.issue.open')}
          </Button>
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            {t('accounts.import.open')}
          </Button>
        </Flex>
      </Flex>
      {list.error !== null && list.error !== undefined && (
        <LoadError title={t('accounts.loadFailed')} onRetry={() => list.reload()} />
      )}
      <AccountTable
        accounts={list.data?.users ?? []}
        loading={list.loading}
        paging={{ current: page, pageSize: ACCOUNTS_PER_PAGE, total: list.data?.total ?? 0, onChange: setPage }}
        onChanged={(account, result) => {
          if (result.temporaryPassword) handOver({ ...account, ...result }, result.temporaryPassword, 'reset');
          list.reload(true);
        }}
      />
      <IssueAccountDialog
        open={issuing}
        onClose={() => setIssuing(false)}
        onIssued={({ user, temporaryPassword }) => {
          setIssuing(false);
          handOver(user, temporaryPassword, 'issued');
          list.reload(true);
        }}
      />
      <TemporaryPasswordDialog issued={issued} onClose={() => setIssued(null)} />
      <StudentImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => list.reload(true)} />
    </PageFrame>
  );
}
