import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { apiErrorMessage, disconnectSocket, login, loadSession, tokenStorage, useSessionStore } from 'shared-api';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { validateLogin, type LoginValues } from './login-validation';
import '../features/marketing/marketing.css';
import '../features/auth/login.css';

const CHANGE_PASSWORD_URL = 'https://account.hcmut.edu.vn/';
const EMPTY: LoginValues = { email: '', password: '' };

/**
 * /Login: the school's central sign-in, with the spec's fields, messages and buttons. Like the landing
 * page it uses plain HTML controls (not antd) to stay within the public pages' JavaScript budget.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [warn, setWarn] = useState(false);

  useEffect(() => {
    // Opening the login screen ends any previous session.
    tokenStorage.clear();
    disconnectSocket();
    useSessionStore.getState().clear();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(values).map((key) => t(key));
    setErrors(invalid);
    if (invalid.length) return;
    setSubmitting(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
      await loadSession();
      navigate('/Home');
    } catch (error) {
      setErrors([apiErrorMessage(error, t('login.failed'))]);
      setSubmitting(false);
    }
  };

  const onClear = () => {
    setValues(EMPTY);
    setErrors([]);
  };

  return (
    <main className="sp-login">
      <div className="sp-login-card">
        <header className="sp-login-head">
          <h1>{t('login.subtitle')}</h1>
          <label className="sp-login-lang">
            <span>{t('login.language')}</span>
            <select
              className="sp-select"
              value={i18n.language === 'en' ? 'en' : 'vi'}
              onChange={(e) => void changeLanguage(e.target.value as Language)}
            >
              {LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`languages.${lang}`)}
                </option>
              ))}
            </select>
          </label>
        </header>
        <form className="sp-login-form" onSubmit={onSubmit} noValidate>
          <h2>{t('login.title')}</h2>
          {errors.length > 0 && (
            <div className="sp-error-box" role="alert">
              <ul>
                {errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
          <label htmlFor="login-email">{t('login.email')}</label>
          <input
            id="login-email"
            name="email"
            className="sp-input"
            autoComplete="username"
            placeholder={t('login.emailPlaceholder')}
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          />
          <label htmlFor="login-password">{t('login.password')}</label>
          <input
            id="login-password"
            name="password"
            type="password"
            className="sp-input"
            autoComplete="current-password"
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          />
          <label className="sp-checkbox">
            <input type="checkbox" checked={warn} onChange={(e) => setWarn(e.target.checked)} />
            <span>{t('login.warn')}</span>
          </label>
          <div className="sp-login-actions">
            <button type="submit" className="sp-btn sp-btn-primary" disabled={submitting} aria-busy={submitting}>
              {t('login.submit')}
            </button>
            <button type="button" className="sp-btn" onClick={onClear}>
              {t('login.clear')}
            </button>
          </div>
          <a href={CHANGE_PASSWORD_URL} target="_blank" rel="noreferrer">
            {t('login.changePassword')}
          </a>
        </form>
        {/* A section, not an aside: a complementary landmark may not sit inside main. */}
        <section className="sp-login-aside" aria-label={t('login.supportTitle')}>
          <p>{t('login.notice')}</p>
          <h3>{t('login.supportTitle')}</h3>
          <p>{t('login.supportText')}</p>
        </section>
      </div>
    </main>
  );
}
