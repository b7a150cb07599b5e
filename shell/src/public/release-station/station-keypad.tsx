import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import { RELEASE_CODE_ALPHABET, RELEASE_CODE_LENGTH } from 'shared-api';

export interface StationKeypadProps {
  /** What was typed so far (at most RELEASE_CODE_LENGTH characters of the alphabet). */
  value: string;
  onChange(value: string): void;
  /** 'Nhận bản in' with the six characters typed. */
  onSubmit(code: string): void;
  busy: boolean;
}

/**
 * The keypad of a job's release code: the 20 characters of RELEASE_CODE_ALPHABET as big buttons (no
 * look-alikes, so nothing else can be typed), 'Xóa' and 'Nhận bản in'. A keyboard plugged into the station
 * types too (the same characters, Backspace, Enter).
 */
export function StationKeypad({ value, onChange, onSubmit, busy }: StationKeypadProps) {
  const { t } = useTranslation();
  const complete = value.length === RELEASE_CODE_LENGTH;

  useEffect(() => {
    const handleKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const key = event.key.toUpperCase();
      if (key.length === 1 && RELEASE_CODE_ALPHABET.includes(key)) {
        if (value.length < RELEASE_CODE_LENGTH) onChange(value + key);
      } else if (event.key === 'Backspace') {
        onChange(value.slice(0, -1));
      } else if (event.key === 'Enter' && complete && !busy) {
        onSubmit(value);
      }
    };
    window.addEventListener('keydown', handleKey);
    return () => window.removeEventListener('keydown', handleKey);
  }, [value, onChange, onSubmit, complete, busy]);

  const slots = Array.from({ length: RELEASE_CODE_LENGTH }, (_, i) => value[i] ?? '');
  return (
    <section className="rs-keypad" aria-label={t('releaseStation.keypadLabel')}>
      <h2 className="rs-keypad-title">{t('releaseStation.keypadTitle')}</h2>
      <output className="rs-typed" aria-label={t('releaseStation.typed')} aria-live="polite">
        {value ? (
          slots.map((char, i) => (
            <span key={i} className="rs-slot">
              {char}
            </span>
          ))
        ) : (
          <span className="rs-typed-empty">{t('releaseStation.typedEmpty')}</span>
        )}
      </output>
      <div className="rs-keys">
        {[...RELEASE_CODE_ALPHABET].map((char) => (
          <Button
            key={char}
            size="large"
            className="rs-key"
            disabled={value.length >= RELEASE_CODE_LENGTH || busy}
            onClick={() => onChange(value + char)}
          >
            {char}
          </Button>
        ))}
      </div>
      <div className="rs-actions">
        <Button size="large" disabled={!value || busy} onClick={() => onChange(value.slice(0, -1))}>
          {t('releaseStation.delete')}
        </Button>
        <Button type="primary" size="large" disabled={!complete} loading={busy} onClick={() => onSubmit(value)}>
          {t('releaseStation.release')}
        </Button>
      </div>
    </section>
  );
}
