import { SIDE_MENU_BREAKPOINT_PX } from '../app/constants';
import { menuOpensByItself, outsideClickCloses } from './menu-rule';

describe('side menu rules (breakpoint 1280 px)', () => {
  it('the breakpoint is 1280 px', () => {
    expect(SIDE_MENU_BREAKPOINT_PX).toBe(1280);
  });

  it('opens by itself only on windows wider than 1280 px', () => {
    expect(menuOpensByItself(1281)).toBe(true);
    expect(menuOpensByItself(1920)).toBe(true);
    expect(menuOpensByItself(1280)).toBe(false);
    expect(menuOpensByItself(375)).toBe(false);
  });

  it('an outside click closes the open menu on narrow windows', () => {
    expect(outsideClickCloses(1280, true)).toBe(true);
    expect(outsideClickCloses(800, true)).toBe(true);
  });

  it('an outside click does nothing on wide windows', () => {
    expect(outsideClickCloses(1281, true)).toBe(false);
    expect(outsideClickCloses(1600, true)).toBe(false);
  });

  it('an outside click does nothing when the menu is closed', () => {
    expect(outsideClickCloses(800, false)).toBe(false);
    expect(outsideClickCloses(1600, false)).toBe(false);
  });
});
