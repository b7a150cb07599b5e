import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { apiErrorMessage, changeOwnPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'shared-api';

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /**
   * A temporary password is in use: the dialog cannot be closed (no close button, no Esc, no click beside
   * it) and offers to sign out instead.
   */
  forced?: boolean;
  onClose?(): void;
  /** The password was changed (every other sign-in of the account has ended). */
  onChanged(): void;
  /** Forced only: leaves instead of changing the password. */
  onLogout?(): void;
}

/**
 * 'Đổi mật khẩu': the current password, the new one twice (PASSWORD_MIN_LENGTH characters at least, not the
 * current one). The server's refusal (a wrong current password, an account of the school sign-in that has
 * no password here) stays in the dialog in its own words.
 */
export function ChangePasswordDialog({
  open,
  forced = false,
  onClose,
  onChanged,
  onLogout,
}: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const savingRef = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleFinish = async ({ currentPassword, newPassword }: PasswordValues) => {
    if (savingRef.current) return;
    savingRef.current = true;
    setSaving(true);
    setRefusal(null);
    try {
      await changeOwnPassword({ currentPassword, newPassword });
      void message.success(t('password.changed'));
      form.resetFields();
      onChanged();
    } catch (error) {
      setRefusal(apiErrorMessage(error, t('password.failed')));
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      width={480}
      footer={null}
      destroyOnHidden
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      onCancel={forced ? undefined : onClose}
      afterOpenChange={(visible) => {
        if (!visible) setRefusal(null);
      }}
    >
      {forced && <Alert type="warning" showIcon title={t('password.forcedIntro')} style={{ marginBottom: 16 }} />}
      <Typography.Paragraph type="secondary">{t('password.othersEnd')}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      <Form<PasswordValues>
        form={form}
        name={forced ? 'forced-password' : 'change-password'}
        layout="vertical"
        initialValues={{ currentPassword: '', newPassword: '', confirmPassword: '' }}
        onValuesChange={() => setRefusal(null)}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="currentPassword"
          label={t(forced ? 'password.temporary' : 'password.current')}
          rules={[{ required: true, message: t('password.currentRequired') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={PASSWORD_MAX_LENGTH} autoFocus />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('password.new')}
          extra={t('password.rule', { min: PASSWORD_MIN_LENGTH })}
          dependencies={['currentPassword']}
          rules={[
            { required: true, message: t('password.newRequired') },
            { min: PASSWORD_MIN_LENGTH, message: t('password.tooShort', { min: PASSWORD_MIN_LENGTH }) },
            { max: PASSWORD_MAX_LENGTH, message: t('password.tooLong', { max: PASSWORD_MAX_LENGTH }) },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value === getFieldValue('currentPassword')) throw new Error(t('password.same'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirm')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('password.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                if (value && value !== getFieldValue('newPassword')) throw new Error(t('password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
        <Flex justify="flex-end" gap={8} wrap>
          {forced ? (
            <Button onClick={onLogout}>{t('common.logout')}</Button>
          ) : (
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          )}
          <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
            {t('password.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
