import { act, render, screen, waitFor } from '@testing-library/react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from 'shared-api';
import { initI18n } from '../i18n';
import LandingPage from './landing-page';

initI18n();

function renderLanding() {
  window.location.hash = '#/';
  return render(
    <HashRouter>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/Login" element={<div>LOGIN</div>} />
      </Routes>
    </HashRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  useSessionStore.setState(useSessionStore.getInitialState(), true);
});
afterEach(() => jest.useRealTimers());

describe('LandingPage', () => {
  it('visiting it clears both stored tokens and the session', async () => {
    window.localStorage.setItem('accessToken', 'a');
    window.localStorage.setItem('refreshToken', 'r');
    useSessionStore.setState({ status: 'ready', role: 'student' });
    renderLanding();
    await waitFor(() => expect(window.localStorage.getItem('accessToken')).toBeNull());
    expect(window.localStorage.getItem('refreshToken')).toBeNull();
    expect(useSessionStore.getState().role).toBeNull();
  });

  it('shows the product name, the services, highlights and reasons sections', () => {
    renderLanding();
    expect(screen.getAllByText('Smart Printing System').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Dịch vụ' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Điểm nổi bật' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(10);
  });

  it('the login button goes to /Login after 0.5 s, not before', () => {
    jest.useFakeTimers();
    renderLanding();
    act(() => screen.getByRole('button', { name: 'Đăng nhập' }).click());
    act(() => jest.advanceTimersByTime(499));
    expect(screen.queryByText('LOGIN')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByText('LOGIN')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/Login');
  });
});
