import { useTranslation } from 'react-i18next';
import { Drawer, Empty } from 'antd';

/** The messages panel for staff and spso; conversations arrive with the chat feature. */
export function ChatDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer open={open} onClose={onClose} title={t('layout.chatTitle')} size={550}>
      <Empty description={t('layout.chatEmpty')} />
    </Drawer>
  );
}
