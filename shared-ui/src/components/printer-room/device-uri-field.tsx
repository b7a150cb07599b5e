import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Flex, Form, Input } from 'antd';
import { apiErrorMessage, isDeviceUri, probePrinter, type PrinterProbeResponse } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { DeviceStateTag } from '../device-state/device-state';
import { printerRules } from './printer-rules';
import { colorModeTexts, mediaTexts, sidesTexts } from './probe-text';

/** What the last connection test of an address gave: the device's answer or the server's refusal. */
type ProbeOutcome = { uri: string; answer: PrinterProbeResponse } | { uri: string; failure: string };

/** The device's answer as the officer reads it: model, state and reasons, paper sizes, sides, colour. */
function ProbeAnswer({ answer }: { answer: PrinterProbeResponse }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const none = t('printerRoom.placeholder');
  const list = (texts: string[]) => (texts.length > 0 ? texts.join(', ') : none);
  return (
    <section aria-label={t('printerRoom.probe.label')}>
      <Alert type="success" showIcon title={t('printerRoom.probe.ok')} style={{ marginBottom: 8 }} />
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'model', label: t('printerRoom.probe.makeAndModel'), children: answer.makeAndModel || none },
          {
            key: 'state',
            label: t('printerRoom.probe.state'),
            children: (
              <DeviceStateTag device={{ state: answer.state, reasons: answer.stateReasons, checkedAt: null }} />
            ),
          },
          { key: 'media', label: t('printerRoom.probe.media'), children: list(mediaTexts(answer.media)) },
          { key: 'sides', label: t('printerRoom.probe.sides'), children: list(sidesTexts(answer.sides, t)) },
          {
            key: 'color',
            label: t('printerRoom.probe.colorModes'),
            children: list(colorModeTexts(answer.colorModes, t)),
          },
        ]}
      />
    </section>
  );
}

/**
 * The officer's 'Địa chỉ thiết bị (IPP)' inside the add and customise forms (field `deviceUri`): empty for a
 * simulated printer, else ipp:// or ipps:// (checked as the server does). 'Kiểm tra kết nối' asks the device
 * through the server (POST /v1/spso/printer/probe) and shows its answer, or the server's refusal (400 for
 * another scheme, 422 when the device does not answer in 5 s), here in the dialog; a result is shown only
 * for the address it was asked for.
 */
export function DeviceUriField() {
  const { t } = useTranslation(UI_NAMESPACE);
  const form = Form.useFormInstance();
  const value = (Form.useWatch('deviceUri', form) as string | undefined) ?? '';
  const uri = value.trim();
  const testable = uri !== '' && isDeviceUri(uri);
  const [probing, setProbing] = useState(false);
  const [outcome, setOutcome] = useState<ProbeOutcome | null>(null);
  const controller = useRef<AbortController | null>(null);

  // a closed dialog stops waiting for the device
  useEffect(() => () => controller.current?.abort(), []);

  const handleProbe = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProbing(true);
    try {
      const answer = await probePrinter(uri, current.signal);
      if (!current.signal.aborted) setOutcome({ uri, answer });
    } catch (err) {
      if (!current.signal.aborted) setOutcome({ uri, failure: apiErrorMessage(err, '') });
    } finally {
      if (controller.current === current) setProbing(false);
    }
  };

  const shown = outcome?.uri === uri ? outcome : null;
  return (
    <>
      <Form.Item
        name="deviceUri"
        label={t('printerRoom.form.deviceUri')}
        rules={printerRules(t).deviceUri}
        extra={t('printerRoom.form.deviceUriHelp')}
      >
        <Input
          placeholder={t('printerRoom.form.deviceUriPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
        />
      </Form.Item>
      <Flex vertical gap={8} align="flex-start" style={{ marginBottom: 24 }}>
        <Button disabled={!testable} loading={probing} onClick={() => void handleProbe()}>
          {t('printerRoom.probe.test')}
        </Button>
        <div aria-live="polite" style={{ width: '100%' }}>
          {shown &&
            ('answer' in shown ? (
              <ProbeAnswer answer={shown.answer} />
            ) : (
              <Alert
                type="error"
                showIcon
                title={t('printerRoom.probe.failed')}
                description={shown.failure || undefined}
              />
            ))}
        </div>
      </Flex>
    </>
  );
}
