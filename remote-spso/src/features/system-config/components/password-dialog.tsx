import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { CONFIG_PASSWORD_MAX } from 'shared-api';

/** The spec's dialogs are 550 px wide; antd keeps a margin each side on a narrower screen. */
const DIALOG_WIDTH = 550;

export interface PasswordDialogProps {
  open: boolean;
  saving: boolean;
  /** The server's refusal of the password, shown under the field (the dialog stays). */
  error: string | null;
  onCancel(): void;
  onConfirm(password: string): void;
}

/** 'Áp dụng' asks the officer's own password before the server saves (the server checks it). */
export function PasswordDialog({ open, saving, error, onCancel, onConfirm }: PasswordDialogProps) {
  const { t } = useTranslation('spso');
  const [form] = Form.useForm<{ password: string }>();
  const [touched, setTouched] = useState(false);
  return (
    <Modal
      open={open}
      title={t('config.password.title')}
      width={DIALOG_WIDTH}
      footer={null}
      destroyOnHidden
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (!visible) setTouched(false);
      }}
    >
      <Typography.Paragraph>{t('config.password.intro')}</Typography.Paragraph>
      <Form<{ password: string }>
        form={form}
        name="config-password"
        layout="vertical"
        onValuesChange={() => setTouched(true)}
        onFinish={({ password }) => {
          setTouched(false);
          onConfirm(password);
        }}
      >
        <Form.Item
          name="password"
          label={t('config.password.label')}
          rules={[{ required: true, message: t('config.password.required') }]}
          validateStatus={error && !touched ? 'error' : undefined}
          help={error && !touched ? error : undefined}
        >
          <Input.Password autoComplete="current-password" maxLength={CONFIG_PASSWORD_MAX} autoFocus />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onCancel}>{t('config.password.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('config.password.confirm')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
