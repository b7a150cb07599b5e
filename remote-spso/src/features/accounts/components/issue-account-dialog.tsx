import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Form, Input, Modal, Radio } from 'antd';
import {
  apiErrorCode,
  apiErrorMessage,
  createAccount,
  type Facility,
  type NewAccountRequest,
  type NewAccountResponse,
} from 'shared-api';

/** Longest name and e-mail the form takes (the server checks its own limits too). */
const NAME_MAX = 100;
const EMAIL_MAX = 254;

interface IssueValues {
  lastName: string;
  firstName: string;
  email: string;
  role: NewAccountRequest['role'];
  facility: Facility | null;
}

export interface IssueAccountDialogProps {
  open: boolean;
  onClose(): void;
  /** The account was made: its temporary password is handed over next. */
  onIssued(result: NewAccountResponse): void;
}

/**
 * 'Cấp tài khoản': an account for the counter staff (with the facility they work at) or another officer.
 * The server makes a temporary password, changed at the first sign-in; an e-mail in use (409 EMAIL_TAKEN)
 * is marked on its field with the server's words.
 */
export function IssueAccountDialog({ open, onClose, onIssued }: IssueAccountDialogProps) {
  const { t } = useTranslation('spso');
  const [form] = Form.useForm<IssueValues>();
  const role = Form.useWatch('role', form);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const handleFinish = async (values: IssueValues) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    setSending(true);
    setRefusal(null);
    try {
      const request: NewAccountRequest = {
        email: values.email.trim(),
        lastName: values.lastName.trim(),
        firstName: values.firstName.trim(),
        role: values.role,
      };
      if (values.role === 'staff') request.facility = values.facility;
      onIssued(await createAccount(request));
    } catch (error) {
      const text = apiErrorMessage(error, t('accounts.issue.failed'));
      if (apiErrorCode(error) === 'EMAIL_TAKEN') form.setFields([{ name: 'email', errors: [text] }]);
      else setRefusal(text);
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  const required = (key: string) => ({
    required: true,
    whitespace: true,
    message: t(`accounts.issue.required.${key}`),
  });
  return (
    <Modal
      open={open}
      title={t('accounts.issue.title')}
      width={550}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) setRefusal(null);
      }}
    >
      {refusal && <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} />}
      <Form<IssueValues>
        form={form}
        name="issue-account"
        layout="vertical"
        initialValues={{ lastName: '', firstName: '', email: '', role: 'staff', facility: null }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item name="lastName" label={t('accounts.issue.lastName')} rules={[required('lastName')]}>
          <Input maxLength={NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="firstName" label={t('accounts.issue.firstName')} rules={[required('firstName')]}>
          <Input maxLength={NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('accounts.issue.email')}
          rules={[required('email'), { type: 'email', message: t('accounts.issue.emailInvalid') }]}
        >
          <Input type="email" maxLength={EMAIL_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="role" label={t('accounts.issue.role')} required>
          <Radio.Group
            options={[
              { value: 'staff', label: t('accounts.roles.staff') },
              { value: 'spso', label: t('accounts.roles.spso') },
            ]}
          />
        </Form.Item>
        {role !== 'spso' && (
          <Form.Item
            name="facility"
            label={t('accounts.issue.facility')}
            rules={[{ required: true, message: t('accounts.issue.required.facility') }]}
          >
            <Radio.Group
              options={[
                { value: 'CS1', label: t('accounts.facilities.CS1') },
                { value: 'CS2', label: t('accounts.facilities.CS2') },
              ]}
            />
          </Form.Item>
        )}
        <Alert type="info" showIcon title={t('accounts.issue.note')} style={{ marginBottom: 16 }} />
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onClose}>{t('accounts.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={sending} disabled={sending}>
            {t('accounts.issue.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
