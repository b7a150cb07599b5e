import { useCallback, useEffect, useRef, useState } from 'react';
import { menuOpensByItself, outsideClickCloses } from './menu-rule';

/** Open state of the side menu: follows the window width, closes on an outside click when narrow. */
export function useSideMenu() {
  // drawn at build time (no window), closed: the first paint's CSS opens it on wide windows (first-paint/render.tsx)
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && menuOpensByItself(window.innerWidth));
  const menuRef = useRef<HTMLElement | null>(null);
  const toggleRef = useRef<HTMLButtonElement | null>(null);
  const wide = useRef(open);

  useEffect(() => {
    const onResize = () => {
      const nowWide = menuOpensByItself(window.innerWidth);
      if (nowWide !== wide.current) setOpen(nowWide);
      wide.current = nowWide;
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  useEffect(() => {
    const onPointerDown = (event: MouseEvent) => {
      if (!outsideClickCloses(window.innerWidth, open)) return;
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  const closeIfNarrow = useCallback(() => {
    if (!menuOpensByItself(window.innerWidth)) setOpen(false);
  }, []);
  return { open, toggle, closeIfNarrow, menuRef, toggleRef };
}
