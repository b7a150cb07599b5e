import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import { PublicProviders } from './public-shell';

/** /Test: a button that opens a modal (spec route table). */
export default function TestPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <PublicProviders>
      <main style={{ padding: 32 }}>
        <h1>{t('test.title')}</h1>
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('test.open')}
        </Button>
        <Modal open={open} title={t('test.modalTitle')} onOk={() => setOpen(false)} onCancel={() => setOpen(false)}>
          <p>{t('test.modalText')}</p>
        </Modal>
      </main>
    </PublicProviders>
  );
}
