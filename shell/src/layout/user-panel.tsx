import { Suspense, type ComponentType, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Divider, Flex } from 'antd';
import { KeyOutlined, LogoutOutlined } from '@ant-design/icons';
import { fullNameOf, useSessionStore } from 'shared-api';
import type { PushPlatform } from '../features/push/browser-push';
import { PushSwitch } from '../features/push/push-switch';
import { displayBalance } from './display-balance';

export interface UserPanelProps {
  onLogout: () => void;
  onChangePassword: () => void;
  /** Every button of the panel opens a dialog or leaves: the panel closes first. */
  onClose: () => void;
  Extra?: ComponentType;
  detectPush?: () => PushPlatform | null;
}

/**
 * The spec's user information panel: the user's details, the remote's extra (a student's 'Mua thêm
 * giấy'), a student's push switch, 'Đổi mật khẩu' and 'Đăng xuất'. Its own chunk: it comes with antd when
 * the user first opens it, not with the first page (issue 22).
 */
export default function UserPanel({ onLogout, onChangePassword, onClose, Extra, detectPush }: UserPanelProps) {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const balance = useSessionStore((s) => s.balance);
  if (!user) return null;
  const handlePanelClick = (event: MouseEvent<HTMLElement>) => {
    // the push switch (a button with role switch) changes a setting in place: the panel stays open
    if (event.target instanceof Element && event.target.closest('button:not([role="switch"])')) onClose();
  };
  const fullName = fullNameOf(user);
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
        <Button block icon={<KeyOutlined />} onClick={onChangePassword}>
          {t('password.open')}
        </Button>
        <Button block icon={<LogoutOutlined />} onClick={onLogout}>
          {t('common.logout')}
        </Button>
      </Flex>
    </div>
  );
}
