import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { refreshAccessToken, refreshUser } from 'shared-api';
import { ChangePasswordDialog } from './change-password-dialog';
import { useSignOut } from './use-sign-out';

/**
 * The new password is in: the access token in hand still carries the temporary password's mark (the server
 * drops it at the next refresh, and answers 403 PASSWORD_CHANGE_REQUIRED to it meanwhile), so the token is
 * renewed first (the socket reconnects with it), then the user information is read again.
 */
async function leaveTemporaryPassword(): Promise<void> {
  try {
    await refreshAccessToken();
  } catch {
    // a refused refresh has already ended the session (the user signs in again with the new password)
    return;
  }
  await refreshUser();
}

/**
 * A temporary password is in use (an officer issued or reset it): before anything else of the portal (the
 * layout, the role's remote, the notices) the user chooses their own password in a dialog that does not
 * close; signing out is the other way. Once changed, the portal opens where the user was going.
 */
export function ForcedPasswordChange() {
  const { t } = useTranslation();
  const signOut = useSignOut();
  return (
    <main className="sp-forced-password" style={{ minHeight: '100vh', padding: 24 }}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t('product.name')}
      </Typography.Title>
      <ChangePasswordDialog open forced onChanged={() => void leaveTemporaryPassword()} onLogout={signOut} />
    </main>
  );
}
