import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { fullNameOf, useSessionStore } from 'shared-api';
import { SvgIcon } from '../features/marketing/svg-icon';
import { CountBadge } from './count-badge';
import type { SideMenuItem } from './menu-items';

interface Props {
  open: boolean;
  items: SideMenuItem[];
  menuRef: RefObject<HTMLElement | null>;
  onNavigate: () => void;
}

/**
 * The side menu: the user's name, major and role, then the role's links. Plain links and CSS (no antd):
 * the first signed-in page draws it before antd has loaded (issue 22).
 */
export function SideMenu({ open, items, menuRef, onNavigate }: Props) {
  const { t } = useTranslation();
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
        <span className="sp-avatar" aria-hidden="true">
          <SvgIcon icon={UserOutlined} size={24} color="#fff" />
        </span>
        <div>
          <div className="sp-sider-name">{user ? fullNameOf(user) : ''}</div>
          <div className="sp-sider-major">{user?.major ?? (user ? t(`roles.${user.role}`) : '')}</div>
        </div>
      </div>
      <ul className="sp-menu">
        {items.map((item) => {
          const current = item.key === selected?.key;
          const count = item.badge === 'notices' ? newNotices : 0;
          return (
            <li key={item.key}>
              <Link
                to={item.path}
                className={`sp-menu-item${current ? ' sp-menu-item-selected' : ''}`}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
              >
                <span className="sp-menu-icon" aria-hidden="true">
                  {item.icon}
                </span>
                <span className="sp-menu-label">
                  {item.label}
                  {count > 0 && <span className="sp-visually-hidden"> ({t('layout.newCount', { count })})</span>}
                </span>
                <CountBadge count={count} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
