import { act, renderHook } from '@testing-library/react';
import { useSideMenu } from './use-side-menu';

function setWidth(width: number) {
  window.innerWidth = width;
}

function mouseDownOn(target: Element) {
  target.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
}

describe('useSideMenu', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('starts open on a window wider than 1280 px and closed otherwise', () => {
    setWidth(1281);
    expect(renderHook(() => useSideMenu()).result.current.open).toBe(true);
    setWidth(1280);
    expect(renderHook(() => useSideMenu()).result.current.open).toBe(false);
  });

  it('on a narrow window a click outside the open menu closes it; a click inside does not', () => {
    setWidth(800);
    const { result } = renderHook(() => useSideMenu());
    const nav = document.body.appendChild(document.createElement('nav'));
    const outside = document.body.appendChild(document.createElement('div'));
    result.current.menuRef.current = nav;
    act(() => result.current.toggle());
    expect(result.current.open).toBe(true);
    act(() => mouseDownOn(nav));
    expect(result.current.open).toBe(true);
    act(() => mouseDownOn(outside));
    expect(result.current.open).toBe(false);
  });

  it('on a wide window an outside click leaves the menu open', () => {
    setWidth(1600);
    const { result } = renderHook(() => useSideMenu());
    const outside = document.body.appendChild(document.createElement('div'));
    act(() => mouseDownOn(outside));
    expect(result.current.open).toBe(true);
  });

  it('follows the window across the breakpoint', () => {
    setWidth(1600);
    const { result } = renderHook(() => useSideMenu());
    act(() => {
      setWidth(1000);
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.open).toBe(false);
    act(() => {
      setWidth(1400);
      window.dispatchEvent(new Event('resize'));
    });
    expect(result.current.open).toBe(true);
  });

  it('closeIfNarrow closes only on narrow windows (after a menu click)', () => {
    setWidth(1600);
    const wide = renderHook(() => useSideMenu());
    act(() => wide.result.current.closeIfNarrow());
    expect(wide.result.current.open).toBe(true);
    setWidth(900);
    const narrow = renderHook(() => useSideMenu());
    act(() => narrow.result.current.toggle());
    act(() => narrow.result.current.closeIfNarrow());
    expect(narrow.result.current.open).toBe(false);
  });
});
