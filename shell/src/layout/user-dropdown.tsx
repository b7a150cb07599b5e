import { lazy, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { fullNameOf, useSessionStore } from 'shared-api';
import type { PushPlatform } from '../features/push/browser-push';
import { SvgIcon } from '../features/marketing/svg-icon';
import { AntdScope } from '../app/antd-scope';

export { displayBalance } from './display-balance';

// The panel and the password dialog bring antd: they load when the user first opens the panel.
const UserPanel = lazy(() => import('./user-panel'));
const ChangePasswordDialog = lazy(() =>
  import('../features/auth/change-password-dialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

interface Props {
  onLogout: () => void;
  Extra?: ComponentType;
  /** Finds the browser's Web Push for a student's push switch (tests give a fake; default: the browser's). */
  detectPush?: () => PushPlatform | null;
}

/**
 * The user's name in the header, opening the spec's user information panel below it. The button is
 * drawn without antd (the first page draws it before antd loads); the panel is its own chunk. Closes on
 * a click outside, on Escape (focus back on the button), and when one of its buttons opens a dialog.
 * Once opened the panel stays mounted, so a dialog its buttons opened stays open.
 */
export function UserDropdown({ onLogout, Extra, detectPush }: Props) {
  const user = useSessionStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [passwordDialogUsed, setPasswordDialogUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const fullName = fullNameOf(user);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="sp-user-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={opened ? panelId : undefined}
        title={fullName}
        onClick={() => {
          setOpened(true);
          setOpen((o) => !o);
        }}
      >
        <span className="sp-user-name">{fullName}</span>
        <SvgIcon icon={DownOutlined} size={12} color="currentColor" />
      </button>
      {opened && (
        <div ref={panelRef} id={panelId} className="sp-user-popover" hidden={!open}>
          <AntdScope fallback={<div className="sp-user-panel" aria-busy="true" />}>
            <UserPanel
              onLogout={onLogout}
              onClose={() => setOpen(false)}
              onChangePassword={() => {
                setPasswordDialogUsed(true);
                setChangingPassword(true);
              }}
              Extra={Extra}
              detectPush={detectPush}
            />
          </AntdScope>
        </div>
      )}
      {passwordDialogUsed && (
        <AntdScope>
          <ChangePasswordDialog
            open={changingPassword}
            onClose={() => setChangingPassword(false)}
            onChanged={() => setChangingPassword(false)}
          />
        </AntdScope>
      )}
    </>
  );
}
