import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  apiErrorCode,
  apiErrorMessage,
  disconnectSocket,
  exchangeSignInCode,
  getSignInProviders,
  isSignInError,
  login,
  loadSession,
  tokenStorage,
  useSessionStore,
  type SignInProvider,
} from 'shared-api';
import { rememberNext, safeNextPath, takeRememberedNext } from '../features/auth/next-path';
import { changeLanguage, LANGUAGES, type Language } from '../i18n';
import { validateLogin, type LoginValues } from './login-validation';
import '../features/marketing/marketing.css';
import '../features/auth/login.css';
// the API client set up before this part calls it
import '../app/api-setup';

const CHANGE_PASSWORD_URL = 'https://account.hcmut.edu.vn/';
const EMPTY: LoginValues = { email: '', password: '' };
const LANGUAGE_FAILED = 'languages.loadFailed';

/** The message of a school sign-in's `?error=` key (a key the server chose; an unknown one reads as a failure). */
const schoolErrorKey = (error: string) => `login.school.errors.${isSignInError(error) ? error : 'failed'}`;

/**
 * /Login: the school's central sign-in, with the spec's fields, messages and buttons. Like the landing
 * page it uses plain HTML controls (not antd) to stay within the public pages' JavaScript budget.
 *
 * Above the password form, one link per school sign-in the server offers (GET /v1/auth/providers). Such a
 * sign-in comes back here with `?code=` (a one-time code, exchanged for the usual token pair, then /Home)
 * or `?error=` (a key translated here); either is taken off the address at once.
 *
 * `?next=` is the signed-in page a visitor was on their way to (SessionGate puts it there): a sign-in
 * ends there instead of /Home when it is a path of this app (safeNextPath). A school sign-in leaves the
 * app, so it is kept in this tab's sessionStorage for the way back.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // read once: the address loses them as the page opens
  const [returned] = useState(() => ({ code: params.get('code'), error: params.get('error') }));
  // back from a school sign-in, the address has no next: it was kept for the way back
  const [next] = useState(() =>
    params.get('code') || params.get('error') ? takeRememberedNext() : safeNextPath(params.get('next')),
  );
  const [values, setValues] = useState<LoginValues>(EMPTY);
  const [errors, setErrors] = useState<string[]>([]);
  /** A translation key shown in the alert box: it follows the language selector. */
  const [notice, setNotice] = useState<string | null>(() => (returned.error ? schoolErrorKey(returned.error) : null));
  const [submitting, setSubmitting] = useState(false);
  const [signingIn, setSigningIn] = useState(Boolean(returned.code));
  const [providers, setProviders] = useState<SignInProvider[]>([]);
  const [warn, setWarn] = useState(false);
  const exchanged = useRef(false);

  useEffect(() => {
    // Opening the login screen ends any previous session.
    tokenStorage.clear();
    disconnectSocket();
    useSessionStore.getState().clear();
  }, []);

  useEffect(() => {
    let live = true;
    // no school sign-in offered when the list cannot be read: the password form still works
    getSignInProviders().then(
      (list) => live && list.length > 0 && setProviders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!returned.code && !returned.error) return;
    // the code works once: out of the address (and the history) before anything else
    setParams({}, { replace: true });
    const code = returned.code;
    if (!code || exchanged.current) return;
    exchanged.current = true;
    void (async () => {
      try {
        await exchangeSignInCode(code);
        await loadSession();
        navigate(next ?? '/Home');
      } catch (error) {
        if (apiErrorCode(error) === 'SIGN_IN_CODE_INVALID') setNotice('login.school.codeInvalid');
        else setErrors([apiErrorMessage(error, t('login.failed'))]);
        setSigningIn(false);
      }
    })();
  }, [returned, setParams, navigate, t, next]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const invalid = validateLogin(values).map((key) => t(key));
    setErrors(invalid);
    if (invalid.length) return;
    setSubmitting(true);
    try {
      await login({ email: values.email.trim(), password: values.password });
      await loadSession();
      navigate(next ?? '/Home');
    } catch (error) {
      // a role this university signs in with the school account only (PASSWORD_LOGIN_ROLES)
      if (apiErrorCode(error) === 'PASSWORD_LOGIN_DISABLED') {
        setErrors([]);
        setNotice('login.passwordOff');
      } else setErrors([apiErrorMessage(error, t('login.failed'))]);
      setSubmitting(false);
    }
  };

  const onClear = () => {
    setValues(EMPTY);
    setErrors([]);
    setNotice(null);
  };

  const messages = notice ? [t(notice), ...errors] : errors;

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
              onChange={(e) => {
                // the texts of a language load when it is chosen; without network the page stays as it was
                changeLanguage(e.target.value as Language).then(
                  () => setNotice((shown) => (shown === LANGUAGE_FAILED ? null : shown)),
                  () => setNotice(LANGUAGE_FAILED),
                );
              }}
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
          {messages.length > 0 && (
            <div className="sp-error-box" role="alert">
              <ul>
                {messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
          {signingIn && (
            <p className="sp-login-status" role="status">
              {t('login.school.signingIn')}
            </p>
          )}
          {providers.length > 0 && (
            <div className="sp-login-school" role="group" aria-label={t('login.school.title')}>
              {providers.map((provider) => (
                // a plain link: the server sends the browser on to the school's sign-in page
                <a
                  key={provider.id}
                  className="sp-btn sp-btn-primary sp-login-school-btn"
                  href={provider.loginUrl}
                  onClick={() => rememberNext(next)}
                >
                  {provider.label || t('login.school.default')}
                </a>
              ))}
              <p className="sp-login-or">{t('login.school.or')}</p>
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
            <button
              type="submit"
              className="sp-btn sp-btn-primary"
              disabled={submitting || signingIn}
              aria-busy={submitting}
            >
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
