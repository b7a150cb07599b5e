import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Form, Input } from 'antd';
import { isReleaseCode, normalizeReleaseCode, RELEASE_CODE_LENGTH } from 'shared-api';

interface Props {
  /** A code of the right form, normalized ('ac3-f7k' → 'AC3F7K'). */
  onCode(code: string): void;
}

/** The station's 6 characters typed by hand (the station shows them in text beside its QR). */
export function StationCodeField({ onCode }: Props) {
  const { t } = useTranslation('student');
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const code = normalizeReleaseCode(value);
  const valid = isReleaseCode(code);
  const handleSubmit = () => {
    setTouched(true);
    if (valid) onCode(code);
  };
  return (
    <Form layout="vertical" onFinish={handleSubmit} style={{ marginBottom: 16 }}>
      <Form.Item
        label={t('release.codeLabel')}
        htmlFor="release-station-code"
        extra={t('release.codeHint')}
        validateStatus={touched && !valid ? 'error' : undefined}
        help={touched && !valid ? t('release.codeInvalid', { length: RELEASE_CODE_LENGTH }) : undefined}
        style={{ marginBottom: 8 }}
      >
        <Input
          id="release-station-code"
          size="large"
          value={value}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={RELEASE_CODE_LENGTH + 4}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: 2 }}
          onChange={(event) => setValue(event.target.value)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block>
        {t('release.codeSubmit')}
      </Button>
    </Form>
  );
}
