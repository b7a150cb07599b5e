import { SIDE_MENU_BREAKPOINT_PX } from '../app/constants';

/** Spec: the side menu opens by itself on windows wider than 1280 px. */
export function menuOpensByItself(windowWidth: number): boolean {
  return windowWidth > SIDE_MENU_BREAKPOINT_PX;
}

/** Spec: on narrower windows, a click outside the open menu closes it. */
export function outsideClickCloses(windowWidth: number, menuOpen: boolean): boolean {
  return menuOpen && !menuOpensByItself(windowWidth);
}
