import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProductSections } from '../features/marketing/product-sections';
import { LOGIN_REDIRECT_DELAY_MS } from '../app/constants';
import { storedAccessToken } from '../app/early-requests';
import '../features/marketing/marketing.css';
import logoUrl from '../../public/favicon.svg';

/**
 * The public landing page (spec: empty route, / and /SPS-FE-Project). Visiting it signs out.
 * Public pages draw their few controls with plain HTML and the portal's CSS instead of antd: this keeps
 * the first page a visitor loads within its JavaScript budget (see bench/RESULTS.md).
 */
export default function LandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    // shared-api is not loaded to draw this page: it comes only when there is a session to end (tokens stored;
    // a session in memory has its tokens stored too)
    if (!storedAccessToken() && !window.localStorage.getItem('refreshToken')) return;
    void import('shared-api').then(({ tokenStorage, useSessionStore }) => {
      tokenStorage.clear();
      useSessionStore.getState().clear();
    });
  }, []);
  const goToLogin = () => {
    window.setTimeout(() => navigate('/Login'), LOGIN_REDIRECT_DELAY_MS);
  };
  return (
    <>
      <div className="sp-public">
        <header className="sp-public-header">
          <a className="sp-brand" href="#/">
            <img src={logoUrl} alt="" width={32} height={32} />
            <span>{t('product.name')}</span>
          </a>
          <button type="button" className="sp-btn sp-btn-primary" onClick={goToLogin}>
            {t('common.login')}
          </button>
        </header>
        <main>
          <ProductSections />
        </main>
        <footer className="sp-public-footer">{t('landing.footer')}</footer>
      </div>
    </>
  );
}
