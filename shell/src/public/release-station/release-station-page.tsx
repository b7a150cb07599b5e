import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Input from 'antd/es/input';
import QRCode from 'antd/es/qr-code';
import { apiErrorMessage, apiErrorStatus, releaseAtStation, type StationReleasedJob } from 'shared-api';
import { PublicProviders } from '../public-shell';
import { forgetStationKey, keyFromPasted, readStationKey, releaseUrl, storeStationKey } from './station-key';
import { StationKeypad } from './station-keypad';
import { useStationCode } from './use-station-code';
import './release-station.css';
// the API client set up before this part calls it
import '../../app/api-setup';

/** How long a released job, or a refusal, stays on the station's screen. */
export const OUTCOME_SHOWN_MS = 8_000;

type Outcome = { kind: 'released'; job: StationReleasedJob } | { kind: 'refused'; message: string };

/** First use, or after a revocation: the key pasted (or the station link), kept on the device. */
function StationSetup({ revoked, onKey }: { revoked: boolean; onKey(key: string): void }) {
  const { t } = useTranslation();
  const [pasted, setPasted] = useState('');
  const [missing, setMissing] = useState(false);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const key = keyFromPasted(pasted);
    if (!key) {
      setMissing(true);
      return;
    }
    onKey(key);
  };
  return (
    <main className="rs-setup">
      <h1>{t('releaseStation.setupTitle')}</h1>
      {revoked && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('releaseStation.revoked')}
          description={t('releaseStation.revokedHelp')}
        />
      )}
      <p>{t('releaseStation.setupHelp')}</p>
      <form onSubmit={handleSubmit} className="rs-setup-form">
        <label htmlFor="rs-key">{t('releaseStation.keyLabel')}</label>
        <Input
          id="rs-key"
          size="large"
          autoComplete="off"
          spellCheck={false}
          value={pasted}
          status={missing ? 'error' : undefined}
          aria-invalid={missing}
          onChange={(event) => {
            setPasted(event.target.value);
            setMissing(false);
          }}
        />
        {missing && <p className="rs-error">{t('releaseStation.keyRequired')}</p>}
        <Button type="primary" size="large" htmlType="submit">
          {t('releaseStation.save')}
        </Button>
      </form>
    </main>
  );
}

/** The released job, or the server's refusal, for a few seconds. */
function OutcomePanel({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation();
  if (outcome.kind === 'refused') {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('releaseStation.releaseFailed')}
        description={outcome.message}
      />
    );
  }
  const { job } = outcome;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      title={t('releaseStation.released')}
      description={
        <ul className="rs-job">
          <li>{t('releaseStation.owner', { owner: job.owner })}</li>
          <li>{t('releaseStation.pages', { pages: job.total_pages })}</li>
          <li>{t('releaseStation.copies', { copies: job.numVersion })}</li>
          <li>{t('releaseStation.paper', { size: job.paperSize })}</li>
        </ul>
      }
    />
  );
}

/** Seconds until `expiresAt` on the station's clock, ticking every second. */
function useSecondsLeft(expiresAt: string | null, now: () => number): number | null {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now()) / 1_000));
}

/** A station with its key: the printer, its QR code and code (with the countdown to the next), the keypad. */
function StationScreen({ token, now, onRevoked }: { token: string; now: () => number; onRevoked(): void }) {
  const { t } = useTranslation();
  const code = useStationCode(token, { now, onRevoked, fallbackMessage: t('releaseStation.codeFailed') });
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const secondsLeft = useSecondsLeft(code.status === 'ready' ? code.code.expiresAt : null, now);

  useEffect(() => () => clearTimeout(outcomeTimer.current), []);

  const show = (next: Outcome) => {
    clearTimeout(outcomeTimer.current);
    setOutcome(next);
    outcomeTimer.current = setTimeout(() => setOutcome(null), OUTCOME_SHOWN_MS);
  };

  const handleSubmit = useCallback(
    async (releaseCode: string) => {
      setBusy(true);
      try {
        const job = await releaseAtStation(token, releaseCode);
        show({ kind: 'released', job });
        setTyped('');
      } catch (error) {
        if (apiErrorStatus(error) === 401) {
          onRevoked();
          return;
        }
        // the server's words: a wrong code (nothing about other jobs), too many tries, the printer in error
        show({ kind: 'refused', message: apiErrorMessage(error, t('releaseStation.releaseFailed')) });
        setTyped('');
      } finally {
        setBusy(false);
      }
    },
    [token, onRevoked, t],
  );

  const printerId = code.status === 'ready' ? code.code.printerId : null;
  return (
    <main className="rs-station">
      <header className="rs-header">
        <h1>{t('releaseStation.title')}</h1>
        {printerId && <p className="rs-printer">{t('releaseStation.printer', { id: printerId })}</p>}
      </header>
      <div className="rs-body">
        <section className="rs-code" aria-live="polite">
          {code.status === 'loading' && <p role="status">{t('releaseStation.loading')}</p>}
          {code.status === 'error' && <Alert type="error" showIcon role="alert" title={code.message} />}
          {code.status === 'ready' && (
            <>
              <p className="rs-scan">{t('releaseStation.scan')}</p>
              <div className="rs-qr" role="img" aria-label={t('releaseStation.qrLabel', { id: code.code.printerId })}>
                <QRCode
                  type="svg"
                  value={releaseUrl(code.code.printerId, code.code.code)}
                  size={260}
                  errorLevel="M"
                  bordered={false}
                />
              </div>
              <p className="rs-code-label">{t('releaseStation.codeLabel')}</p>
              <p className="rs-code-text" data-testid="station-code">
                {code.code.code}
              </p>
              {secondsLeft !== null && (
                <p className="rs-countdown">{t('releaseStation.countdown', { seconds: secondsLeft })}</p>
              )}
            </>
          )}
        </section>
        <div className="rs-side">
          <StationKeypad value={typed} onChange={setTyped} onSubmit={(value) => void handleSubmit(value)} busy={busy} />
          <div className="rs-outcome">{outcome && <OutcomePanel outcome={outcome} />}</div>
        </div>
      </div>
    </main>
  );
}

/**
 * /ReleaseStation: the page a tablet or the counter's screen keeps open beside a held printer. Public (no
 * session: the station's key is its only credential, sent as X-Station-Token). The key comes once in the
 * link an officer opened (`?key=`, then taken out of the address bar) or is pasted, and stays in
 * localStorage; a 401 (revoked, unknown) forgets it and asks again. `now` is the station's clock (tests).
 */
export function ReleaseStationPage({ now = Date.now }: { now?: () => number }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(() => {
    const fromLink = keyFromPasted(new URLSearchParams(location.search).get('key') ?? '');
    if (fromLink) storeStationKey(fromLink);
    return fromLink ?? readStationKey();
  });
  const [revoked, setRevoked] = useState(false);

  // the key leaves the address bar (and the history) once kept: a screen photo or the back button shows none
  useEffect(() => {
    if (new URLSearchParams(location.search).has('key'))
      navigate({ pathname: location.pathname, search: '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);

  const handleRevoked = useCallback(() => {
    forgetStationKey();
    setToken(null);
    setRevoked(true);
  }, []);

  const handleKey = (key: string) => {
    storeStationKey(key);
    setRevoked(false);
    setToken(key);
  };

  return token ? (
    <StationScreen key={token} token={token} now={now} onRevoked={handleRevoked} />
  ) : (
    <StationSetup revoked={revoked} onKey={handleKey} />
  );
}

/** The route's chunk: the station under the public pages' providers (antd by component path). */
export default function ReleaseStationRoute() {
  return (
    <PublicProviders>
      <ReleaseStationPage />
    </PublicProviders>
  );
}
