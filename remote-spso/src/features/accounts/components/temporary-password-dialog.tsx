import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';

/** A temporary password to hand over: whose it is and the password itself (kept only while shown). */
export interface IssuedPassword {
  name: string;
  email: string;
  password: string;
  /** 'issued': a new account; 'reset': a new password for an existing one. */
  kind: 'issued' | 'reset';
}

/**
 * The temporary password, shown once: the server keeps only its hash, so closing this dialog forgets it
 * for good. A copy button, and a warning that it will not be shown again; a click beside the dialog does
 * not close it (only the button that says the password was saved).
 */
export function TemporaryPasswordDialog({ issued, onClose }: { issued: IssuedPassword | null; onClose(): void }) {
  const { t } = useTranslation('spso');
  const { message } = App.useApp();

  const handleCopy = async () => {
    if (!issued) return;
    try {
      // navigator.clipboard exists only on https (and localhost): elsewhere the officer copies by hand
      await navigator.clipboard.writeText(issued.password);
      void message.success(t('accounts.temporary.copied'));
    } catch {
      void message.error(t('accounts.temporary.copyFailed'));
    }
  };

  return (
    <Modal
      open={issued !== null}
      title={t(`accounts.temporary.title.${issued?.kind ?? 'issued'}`)}
      width={520}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('accounts.temporary.done')}
        </Button>
      }
    >
      {issued && (
        <>
          <Typography.Paragraph>
            {t('accounts.temporary.intro', { name: issued.name, email: issued.email })}
          </Typography.Paragraph>
          <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }}>
            <Typography.Text
              code
              data-testid="temporary-password"
              aria-label={t('accounts.temporary.label')}
              style={{ fontSize: 20, userSelect: 'all', overflowWrap: 'anywhere' }}
            >
              {issued.password}
            </Typography.Text>
            <Button icon={<CopyOutlined />} onClick={() => void handleCopy()}>
              {t('accounts.temporary.copy')}
            </Button>
          </Flex>
          <Alert type="warning" showIcon title={t('accounts.temporary.warning')} />
        </>
      )}
    </Modal>
  );
}
