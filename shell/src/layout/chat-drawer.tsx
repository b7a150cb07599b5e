import { useTranslation } from 'react-i18next';
import { Drawer } from 'antd';
import { ChatPanel } from 'shared-ui';

/** The messages panel of staff and officers: contacts, the open conversation and the input. */
export function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('layout.chatTitle')} size={550} destroyOnHidden>
      <ChatPanel />
    </Drawer>
  );
}
