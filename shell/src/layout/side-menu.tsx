import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar, Badge, Menu } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useSessionStore } from 'shared-api';
import type { SideMenuItem } from './menu-items';

interface Props {
  open: boolean;
  items: SideMenuItem[];
  menuRef: RefObject<HTMLElement | null>;
  onNavigate: () => void;
}

/** The side menu: the user's name, major and role, then the role's links. */
export function SideMenu({ open, items, menuRef, onNavigate }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useSessionStore((s) => s.user);
  const newNotices = useSessionStore((s) => s.newNotices);
  const selected = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return (
    <nav
      ref={menuRef}
      className={`sp-sider ${open ? 'sp-sider-open' : ''}`}
      aria-label={t('layout.toggleMenu')}
      aria-hidden={!open}
      // Closed, it is off screen: inert keeps Tab from landing on its links unseen (aria-hidden alone does not).
      inert={!open}
    >
      <div className="sp-sider-user">
        <Avatar size={48} icon={<UserOutlined />} style={{ background: '#1a4d9c' }} />
        <div>
          <div className="sp-sider-name">{user ? `${user.lastName} ${user.firstName}` : ''}</div>
          <div className="sp-sider-major">{user?.major ?? (user ? t(`roles.${user.role}`) : '')}</div>
        </div>
      </div>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected.key] : []}
        onClick={({ key }) => {
          const item = items.find((i) => i.key === key);
          if (item) navigate(item.path);
          onNavigate();
        }}
        items={items.map((item) => ({
          key: item.key,
          icon: item.icon,
          label:
            item.badge === 'notices' && newNotices > 0 ? (
              <span className="sp-menu-badge">
                {item.label}
                <Badge count={newNotices} size="small" />
              </span>
            ) : (
              item.label
            ),
        }))}
      />
    </nav>
  );
}
