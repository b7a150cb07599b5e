import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Popconfirm, Tooltip } from 'antd';
import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { apiErrorMessage, changeAccount, type Account, type AccountChangeResponse } from 'shared-api';
import { fullName } from '../accounts-format';

export interface AccountActionsProps {
  account: Account;
  /** The signed-in officer's own account: it cannot be disabled from here. */
  own: boolean;
  /** The server's answer to a change (the row as it is now, and a new temporary password when one was asked). */
  onChanged(result: AccountChangeResponse): void;
}

/**
 * A row's buttons, each after a confirmation: disable (its sessions and sockets end at once; the server
 * refuses the last officer, 409 LAST_OFFICER, and says so) or enable, and a new temporary password for an
 * account that signs in with one. The officer's own account shows its disable button off, with the reason.
 */
export function AccountActions({ account, own, onChanged }: AccountActionsProps) {
  const { t } = useTranslation('spso');
  const { notification } = App.useApp();
  const [busy, setBusy] = useState<'state' | 'reset' | null>(null);
  const name = fullName(account) || account.email;

  const send = async (kind: 'state' | 'reset') => {
    setBusy(kind);
    try {
      const result = await changeAccount(
        kind === 'reset' ? { id: account.id, resetPassword: true } : { id: account.id, disabled: !account.disabled },
      );
      if (kind === 'state') {
        notification.success({
          title: t(result.disabled ? 'accounts.actions.disabled' : 'accounts.actions.enabled', { name }),
        });
      }
      onChanged(result);
    } catch (error) {
      notification.error({ title: apiErrorMessage(error, t('accounts.actions.failed')) });
    } finally {
      setBusy(null);
    }
  };

  const stateLabel = account.disabled ? t('accounts.actions.enable') : t('accounts.actions.disable');
  const stateName = t(account.disabled ? 'accounts.actions.enableOf' : 'accounts.actions.disableOf', { name });
  const stateButton =
    own && !account.disabled ? (
      <Tooltip title={t('accounts.actions.self')}>
        <Button
          size="small"
          icon={<LockOutlined />}
          disabled
          aria-label={`${stateName}: ${t('accounts.actions.self')}`}
        >
          {stateLabel}
        </Button>
      </Tooltip>
    ) : (
      <Popconfirm
        title={t(account.disabled ? 'accounts.actions.enableConfirm' : 'accounts.actions.disableConfirm', { name })}
        okText={stateLabel}
        cancelText={t('accounts.cancel')}
        okButtonProps={{ danger: !account.disabled }}
        onConfirm={() => send('state')}
      >
        <Button
          size="small"
          danger={!account.disabled}
          icon={account.disabled ? <UnlockOutlined /> : <LockOutlined />}
          loading={busy === 'state'}
          aria-label={stateName}
        >
          {stateLabel}
        </Button>
      </Popconfirm>
    );

  return (
    <Flex gap={8} wrap>
      {stateButton}
      {account.source === 'password' && (
        <Popconfirm
          title={t('accounts.actions.resetConfirm', { name })}
          okText={t('accounts.actions.reset')}
          cancelText={t('accounts.cancel')}
          onConfirm={() => send('reset')}
        >
          <Button
            size="small"
            icon={<KeyOutlined />}
            loading={busy === 'reset'}
            aria-label={t('accounts.actions.resetOf', { name })}
          >
            {t('accounts.actions.reset')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );
}
