import { useTranslation } from 'react-i18next';
import { Tag } from 'antd';
import { useSessionStore, type Account, type AccountChangeResponse } from 'shared-api';
import { formatVietnamDateTime, ResponsiveTable, type ResponsiveColumn, type ServerPaging } from 'shared-ui';
import { fullName, isOwnAccount } from '../accounts-format';
import { AccountActions } from './account-actions';

const ROLE_COLORS: Record<Account['role'], string> = { student: 'blue', staff: 'green', spso: 'purple' };

/**
 * One server page of accounts: name, code, e-mail, role, how they sign in, state and last sign-in, and
 * the row's actions. Names and e-mails are what people typed: drawn as text. Cards on a phone.
 */
export function AccountTable({
  accounts,
  loading,
  paging,
  onChanged,
}: {
  accounts: Account[];
  loading: boolean;
  paging: ServerPaging;
  onChanged(account: Account, result: AccountChangeResponse): void;
}) {
  const { t } = useTranslation('spso');
  const me = useSessionStore((s) => s.user);
  const placeholder = t('accounts.placeholder');
  const columns: ResponsiveColumn<Account>[] = [
    {
      key: 'name',
      title: t('accounts.columns.name'),
      card: 'title',
      render: (_: unknown, row) => fullName(row) || placeholder,
    },
    {
      key: 'mssv',
      dataIndex: 'mssv',
      title: t('accounts.columns.code'),
      render: (value: string | null) => value || placeholder,
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('accounts.columns.email'),
      render: (value: string) => <span style={{ overflowWrap: 'anywhere' }}>{value}</span>,
    },
    {
      key: 'role',
      dataIndex: 'role',
      title: t('accounts.columns.role'),
      render: (value: Account['role'], row) => (
        <>
          <Tag color={ROLE_COLORS[value]}>{t(`accounts.roles.${value}`)}</Tag>
          {value === 'staff' && row.facility && <Tag>{t(`accounts.facilities.${row.facility}`)}</Tag>}
        </>
      ),
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('accounts.columns.source'),
      render: (value: Account['source']) => <Tag>{t(`accounts.sources.${value}`)}</Tag>,
    },
    {
      key: 'state',
      title: t('accounts.columns.state'),
      render: (_: unknown, row) => (
        <>
          {row.disabled ? (
            <Tag color="red">{t('accounts.states.disabled')}</Tag>
          ) : (
            <Tag color="green">{t('accounts.states.active')}</Tag>
          )}
          {row.mustChangePassword && <Tag color="gold">{t('accounts.mustChange')}</Tag>}
        </>
      ),
    },
    {
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      title: t('accounts.columns.lastLogin'),
      render: (value: string | null) => formatVietnamDateTime(value) || t('accounts.never'),
    },
    {
      key: 'actions',
      title: t('accounts.columns.actions'),
      card: 'actions',
      render: (_: unknown, row) => (
        <AccountActions account={row} own={isOwnAccount(row, me)} onChanged={(result) => onChanged(row, result)} />
      ),
    },
  ];
  return (
    <ResponsiveTable<Account>
      aria-label={t('accounts.listLabel')}
      columns={columns}
      dataSource={accounts}
      rowKey="id"
      loading={loading}
      serverPaging={paging}
      minWidth={1100}
      emptyText={t('accounts.empty')}
    />
  );
}
