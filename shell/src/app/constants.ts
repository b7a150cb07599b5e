/** Spec section 9: delays and breakpoints of the shell. */
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const SIDE_MENU_BREAKPOINT_PX = 1280;
