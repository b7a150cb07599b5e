import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Space } from 'antd';
import { HistoryOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { BuyPaperDialog } from './buy-paper-dialog';
import { LedgerDialog } from './ledger-dialog';

/** The student's part of the user dropdown: buy more paper, and the page movements. */
export function PaymentsUserMenuExtra() {
  const { t } = useTranslation('student');
  const [buying, setBuying] = useState(false);
  const [ledger, setLedger] = useState(false);
  return (
    <>
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        <Button type="primary" block icon={<ShoppingCartOutlined />} onClick={() => setBuying(true)}>
          {t('payments.buy.button')}
        </Button>
        <Button block icon={<HistoryOutlined />} onClick={() => setLedger(true)}>
          {t('payments.ledger.button')}
        </Button>
      </Space>
      <BuyPaperDialog open={buying} onClose={() => setBuying(false)} />
      <LedgerDialog open={ledger} onClose={() => setLedger(false)} />
    </>
  );
}

export default PaymentsUserMenuExtra;
