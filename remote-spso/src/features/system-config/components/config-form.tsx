import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Col, DatePicker, Flex, Form, InputNumber, Row, Typography } from 'antd';
import {
  apiErrorMessage,
  isWrongPassword,
  updateSystemConfig,
  type SystemConfigField,
  type SystemConfigView,
} from 'shared-api';
import { formatVietnamDateTime } from 'shared-ui';
import { blockNumberKeys, contractValuesOf, formValuesOf, problemOf, type ConfigFormValues } from '../config-values';
import { FileTypeList } from './file-type-list';
import { PasswordDialog } from './password-dialog';

const FORM = 'system-config';
const NUMBER_STYLE = { width: '100%', maxWidth: 260 };
const DATE_STYLE = { width: '100%', maxWidth: 260 };

/**
 * The officer's configuration form (spec section 2 and 5): pages per student per semester, the two grant
 * dates, the A4 price, how long uploaded files are kept after printing and the allowed file types;
 * 'Mặc định' fills in the defaults, 'Áp dụng' checks the
 * rules and asks the officer's own password, then the server's answer decides what the form shows.
 */
export function ConfigForm({ config, onSaved }: { config: SystemConfigView; onSaved(next: SystemConfigView): void }) {
  const { t } = useTranslation('spso');
  const { notification } = App.useApp();
  const [form] = Form.useForm<ConfigFormValues>();
  const [isDefault, setIsDefault] = useState(config.isDefault);
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  // A new configuration (loaded or saved) refills the form.
  useEffect(() => {
    form.setFieldsValue(formValuesOf(config));
    setIsDefault(config.isDefault);
  }, [config, form]);

  /** The contract's rule of one field, worded from the locales. */
  const rule = (field: SystemConfigField) => ({
    validator: async () => {
      const problem = problemOf(field, form.getFieldsValue(true) as ConfigFormValues);
      if (problem) throw new Error(t(`config.problems.${problem.field}.${problem.code}`));
    },
  });

  const handleDefault = () => {
    form.setFieldsValue(formValuesOf(config, 'default'));
    setIsDefault(true);
    void form.validateFields().catch(() => undefined);
  };

  const handleApply = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setPasswordError(null);
    setConfirming(true);
  };

  const handleConfirm = async (password: string) => {
    if (saving) return;
    const values = contractValuesOf(form.getFieldsValue(true) as ConfigFormValues);
    setSaving(true);
    try {
      const saved = await updateSystemConfig({
        currentBalance: Number(values.currentBalance),
        startDate1: values.startDate1 ?? '',
        startDate2: values.startDate2 ?? '',
        currentA4Price: Number(values.currentA4Price),
        currentFileType: values.currentFileType,
        isDefault,
        retentionHours: Number(values.retentionHours),
        password,
      });
      notification.success({ title: t('config.saved') });
      setConfirming(false);
      onSaved(saved);
    } catch (error) {
      if (isWrongPassword(error)) {
        const text = apiErrorMessage(error, t('config.password.wrong'));
        notification.error({ title: text });
        setPasswordError(text);
      } else {
        const status = (error as { response?: { status?: number } }).response?.status;
        notification.error({ title: apiErrorMessage(error, t('config.failed')) });
        // After too many wrong passwords the dialog stays for a later try; a refused value goes back to the form.
        if (status !== 429) setConfirming(false);
      }
    } finally {
      setSaving(false);
    }
  };

  const numberInput = (unit?: string) => (
    <InputNumber style={NUMBER_STYLE} inputMode="numeric" controls={false} suffix={unit} onKeyDown={blockNumberKeys} />
  );

  return (
    <>
      <Form<ConfigFormValues>
        form={form}
        name={FORM}
        layout="vertical"
        initialValues={formValuesOf(config)}
        onValuesChange={() => setIsDefault(false)}
        requiredMark
      >
        <Row gutter={[24, 0]}>
          <Col xs={24} md={12}>
            <Form.Item
              name="currentBalance"
              label={t('config.fields.currentBalance')}
              extra={t('config.hints.currentBalance')}
              required
              rules={[rule('currentBalance')]}
            >
              {numberInput(t('config.units.pages'))}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="currentA4Price"
              label={t('config.fields.currentA4Price')}
              extra={t('config.hints.currentA4Price')}
              required
              rules={[rule('currentA4Price')]}
            >
              {numberInput('VND')}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="startDate1" label={t('config.fields.startDate1')} required rules={[rule('startDate1')]}>
              <DatePicker style={DATE_STYLE} format="DD/MM/YYYY" placement="bottomLeft" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="startDate2" label={t('config.fields.startDate2')} required rules={[rule('startDate2')]}>
              <DatePicker style={DATE_STYLE} format="DD/MM/YYYY" placement="bottomLeft" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="retentionHours"
              label={t('config.fields.retentionHours')}
              extra={t('config.hints.retentionHours')}
              required
              rules={[rule('retentionHours')]}
            >
              {numberInput(t('config.units.hours'))}
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="currentFileType"
              label={t('config.fields.currentFileType')}
              htmlFor={`${FORM}_newFileType`}
              required
              rules={[rule('currentFileType')]}
            >
              <FileTypeList id={`${FORM}_newFileType`} inactive={config.inactiveFileTypes} />
            </Form.Item>
          </Col>
        </Row>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary">
            {config.updatedAt
              ? t('config.updated', {
                  time: formatVietnamDateTime(config.updatedAt),
                  name: config.updatedBy ? `${config.updatedBy.lastName} ${config.updatedBy.firstName}` : '—',
                })
              : t('config.neverUpdated')}
            {isDefault && ` · ${t('config.isDefault')}`}
          </Typography.Text>
          <Flex gap={8} wrap>
            <Button onClick={handleDefault}>{t('config.default')}</Button>
            <Button type="primary" onClick={() => void handleApply()}>
              {t('config.apply')}
            </Button>
          </Flex>
        </Flex>
      </Form>
      <PasswordDialog
        open={confirming}
        saving={saving}
        error={passwordError}
        onCancel={() => setConfirming(false)}
        onConfirm={(password) => void handleConfirm(password)}
      />
    </>
  );
}
