import { act, render, screen } from '@testing-library/react';
import { HashRouter, Route, Routes } from 'react-router-dom';
import { useSessionStore } from 'shared-api';
import { initI18n } from '../i18n';
import LandingPage from './landing-page';

// The marketing sections import antd's SVG definitions from @ant-design/icons-svg/es (ES modules),
// which jest cannot load with the repository's config: use the CommonJS build of the same files.
jest.mock('@ant-design/icons-svg/es/asn/PrinterOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/PrinterOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/HistoryOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/HistoryOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/CreditCardOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/CreditCardOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/LockOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/LockOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/ThunderboltOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/ThunderboltOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/MobileOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/MobileOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/SmileOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/SmileOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/BankOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/BankOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/SafetyCertificateOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/SafetyCertificateOutlined'),
);
jest.mock('@ant-design/icons-svg/es/asn/FieldTimeOutlined', () =>
  jest.requireActual('@ant-design/icons-svg/lib/asn/FieldTimeOutlined'),
);
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
  it('visiting it clears both stored tokens and the session', () => {
    window.localStorage.setItem('accessToken', 'a');
    window.localStorage.setItem('refreshToken', 'r');
    useSessionStore.setState({ status: 'ready', role: 'student' });
    renderLanding();
    expect(window.localStorage.getItem('accessToken')).toBeNull();
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
