import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { HashRouter } from 'react-router-dom';
import { initI18n } from '../i18n';
import { SideMenu } from './side-menu';

initI18n();

const ITEMS = [{ key: 'home', path: '/Home', label: 'Trang chủ', icon: null }];

function draw(open: boolean) {
  return render(
    <HashRouter>
      <SideMenu open={open} items={ITEMS} menuRef={createRef<HTMLElement>()} onNavigate={jest.fn()} />
    </HashRouter>,
  );
}

describe('SideMenu', () => {
  it('closed, it is hidden and inert: Tab cannot land on its links unseen', () => {
    const { container } = draw(false);
    const nav = container.querySelector('nav')!;
    expect(nav).toHaveAttribute('aria-hidden', 'true');
    expect(nav).toHaveAttribute('inert');
  });

  it('open, its links are reachable', () => {
    const { container } = draw(true);
    const nav = container.querySelector('nav')!;
    expect(nav).not.toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: /Trang chủ/ })).toBeInTheDocument();
  });
});
