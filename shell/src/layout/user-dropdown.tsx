import { Suspense, useState, type ComponentType, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Divider, Dropdown, Flex } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { useSessionStore } from 'shared-api';
import { ChangePasswordDialog } from '../features/auth/change-password-dialog';
import type { PushPlatform } from '../features/push/browser-push';
import { PushSwitch } from '../features/push/push-switch';

/** The balance as the spec shows it: whole pages, rounded down. */
export function displayBalance(balance: number): number {
  return Math.max(0, Math.floor(balance));
}

interface Props {
  onLogout: () => void;
  Extra?: ComponentType;
  /** Finds the browser's Web Push for a student's push switch (tests give a fake; default: the browser's). */
  detectPush?: () => PushPlatform | null;
}

/**
 * The user's name in the header, opening the spec's user information panel: the user's details, the
 * remote's extra (a student's 'Mua thêm giấy'), a student's push notification switch (where the browser
 * has Web Push), 'Đổi mật khẩu' and 'Đăng xuất'.
 */
export function UserDropdown({ onLogout, Extra, detectPush }: Props) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const balance = useSessionStore((s) => s.balance);
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) return null;
  // Every button of the panel opens a dialog or leaves: the panel closes first, or it would stay above
  // the dialog (dropdowns sit over modals) covering its fields, and a tap in the dialog would not close it.
  // The panel stays mounted, so a dialog its buttons opened stays open.
  const handlePanelClick = (event: MouseEvent<HTMLElement>) => {
    // the push switch (a button with role switch) changes a setting in place: the panel stays open
    if (event.target instanceof Element && event.target.closest('button:not([role="switch"])')) setOpen(false);
  };
  const fullName = `${user.lastName} ${user.firstName}`;
  const placeholder = t('common.placeholder');
  const items =
    user.role === 'student'
      ? [
          { key: 'name', label: fullName },
          { key: 'code', label: t('layout.studentCode'), children: user.mssv ?? placeholder },
          {
            key: 'balance',
            label: t('layout.balance'),
            children: t('layout.balanceValue', { count: displayBalance(balance) }),
          },
          { key: 'major', label: t('layout.major'), children: user.major ?? placeholder },
          { key: 'classes', label: t('layout.classes'), children: user.classes ?? placeholder },
        ]
      : [
          { key: 'name', label: fullName },
          { key: 'code', label: t('layout.staffCode'), children: user.mssv || placeholder },
        ];
  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        popupRender={() => (
          <div className="sp-user-panel" data-testid="user-panel" onClickCapture={handlePanelClick}>
            <Descriptions
              column={1}
              size="small"
              items={items.map((item) =>
                item.key === 'name' ? { key: item.key, children: <strong>{item.label}</strong> } : item,
              )}
            />
            {Extra && (
              <Suspense fallback={null}>
                <Extra />
              </Suspense>
            )}
            {user.role === 'student' && (
              <>
                <Divider style={{ margin: '8px 0' }} />
                <PushSwitch detect={detectPush} />
              </>
            )}
            <Divider style={{ margin: '8px 0' }} />
            <Flex vertical gap={8}>
              <Button block icon={<KeyOutlined />} onClick={() => setChangingPassword(true)}>
                {t('password.open')}
              </Button>
              <Button block icon={<LogoutOutlined />} onClick={onLogout}>
                {t('common.logout')}
              </Button>
            </Flex>
          </div>
        )}
      >
        <button type="button" className="sp-user-button" aria-haspopup="dialog" title={fullName}>
          <span className="sp-user-name">{fullName}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      <ChangePasswordDialog
        open={changingPassword}
        onClose={() => setChangingPassword(false)}
        onChanged={() => setChangingPassword(false)}
      />
    </>
  );
}
