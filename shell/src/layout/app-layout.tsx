import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import MenuOutlined from '@ant-design/icons-svg/es/asn/MenuOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { useSessionStore } from 'shared-api';
import { useSignOut } from '../features/auth/use-sign-out';
import { useChatContacts, type WatcherNotice, type WatcherProps } from 'shared-ui/core';
import { SideMenu } from './side-menu';
import { UserDropdown } from './user-dropdown';
import { useSideMenu } from './use-side-menu';
import { CountBadge } from './count-badge';
import { SvgIcon } from '../features/marketing/svg-icon';
import type { SideMenuItem } from './menu-items';
import logoUrl from '../../public/favicon.svg';
import { AntdScope } from '../app/antd-scope';

// What a Watcher tells is drawn by antd's notification: it loads with the first notice.
const WatcherToasts = lazy(() => import('shared-ui').then((m) => ({ default: m.WatcherToasts })));
// The chat drawer brings antd and the chat: it loads when first opened.
const ChatDrawer = lazy(() => import('./chat-drawer').then((m) => ({ default: m.ChatDrawer })));
import './layout.css';

interface Props {
  items: SideMenuItem[];
  UserMenuExtra?: ComponentType;
  /** The role's live messages (see RemoteManifest.Watcher), mounted once on every page. */
  Watcher?: ComponentType<WatcherProps>;
}

/** The header's messages button (staff and officers) with the count of unread messages. */
function MessagesButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const { unread } = useChatContacts();
  const label = unread > 0 ? `${t('layout.messages')} (${unread})` : t('layout.messages');
  return (
    // The count sits beside the button, not in it: its name is the label, and no visible text of the button is
    // left out of that name (axe's label-content-name-mismatch)
    <span className="sp-icon-with-count">
      <button type="button" className="sp-icon-button" aria-label={label} title={label} onClick={onOpen}>
        <SvgIcon icon={MessageOutlined} size={16} color="currentColor" />
      </button>
      <span className="sp-icon-count">
        <CountBadge count={unread} />
      </span>
    </span>
  );
}

/** The signed-in layout: fixed header, side menu, and the page. */
export function AppLayout({ items, UserMenuExtra, Watcher }: Props) {
  const { t } = useTranslation();
  const role = useSessionStore((s) => s.role);
  // staff and officers chat; drawn before the session is known (the build's first paint), the header has no button
  const chats = role !== null && role !== 'student';
  const menu = useSideMenu();
  const [chatOpen, setChatOpen] = useState(false);
  const [chatUsed, setChatUsed] = useState(false);
  const [notices, setNotices] = useState<WatcherNotice[]>([]);
  const notify = useCallback((notice: WatcherNotice) => setNotices((shown) => [...shown.slice(-19), notice]), []);

  const onLogout = useSignOut();

  return (
    <div className="sp-app">
      {/* the first stop of the keyboard: past the header and the menu to the page (a hash link would be a route) */}
      <a
        href="#main-content"
        className="sp-skip-link"
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      <header className="sp-header">
        <button
          ref={menu.toggleRef}
          type="button"
          className="sp-icon-button"
          aria-label={t('layout.toggleMenu')}
          aria-expanded={menu.open}
          onClick={menu.toggle}
        >
          <SvgIcon icon={MenuOutlined} size={16} color="currentColor" />
        </button>
        <Link to="/Home" className="sp-logo">
          <img src={logoUrl} alt="" width={28} height={28} />
          <span className="sp-logo-long">{t('product.name')}</span>
          <span className="sp-logo-short">{t('product.shortName')}</span>
        </Link>
        <span className="sp-header-spacer" />
        {chats && (
          <MessagesButton
            onOpen={() => {
              setChatUsed(true);
              setChatOpen(true);
            }}
          />
        )}
        <UserDropdown onLogout={onLogout} Extra={UserMenuExtra} />
      </header>
      <SideMenu open={menu.open} items={items} menuRef={menu.menuRef} onNavigate={menu.closeIfNarrow} />
      <main id="main-content" tabIndex={-1} className={`sp-content ${menu.open ? 'sp-content-shifted' : ''}`}>
        <Outlet />
      </main>
      {chats && chatUsed && (
        <AntdScope>
          <ChatDrawer open={chatOpen} onClose={() => setChatOpen(false)} />
        </AntdScope>
      )}
      {Watcher && (
        <Suspense fallback={null}>
          <Watcher notify={notify} />
        </Suspense>
      )}
      {notices.length > 0 && (
        <AntdScope>
          <WatcherToasts notices={notices} />
        </AntdScope>
      )}
    </div>
  );
}
