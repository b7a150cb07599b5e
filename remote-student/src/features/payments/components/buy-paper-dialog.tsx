import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { refreshUser, useSessionStore } from 'shared-api';
import { confirmPayment } from '../api/payments';
import { decrement, increment, parseQuantity, purchaseAmount } from '../quantity';
import { formatVnd } from '../money';

/** Spec section 9: after a purchase the user goes to /Bkpay after 0.5 s. */
export const BKPAY_REDIRECT_DELAY_MS = 500;

/** The buy-more-paper dialog: the quantity control of spec section 5, the price in force and the total. */
export function BuyPaperDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('student');
  const navigate = useNavigate();
  const price = useSessionStore((s) => s.user?.currentA4Price ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [text, setText] = useState('1');
  const [sending, setSending] = useState(false);
  // the price in force now: an officer may have changed it since sign-in
  useEffect(() => {
    if (open) void refreshUser();
  }, [open]);
  const set = (value: number) => {
    setQuantity(value);
    setText(String(value));
  };
  const onConfirm = async () => {
    if (quantity < 1) return;
    setSending(true);
    try {
      await confirmPayment(purchaseAmount(quantity, price));
      onClose();
      window.setTimeout(() => navigate('/Bkpay'), BKPAY_REDIRECT_DELAY_MS);
    } catch (error) {
      // Spec section 8: payment-gateway purchase errors are only logged.
      console.error('confirm-payment failed', error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('payments.buy.title')}
      onCancel={onClose}
      width={550}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('payments.buy.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={sending} disabled={quantity < 1} onClick={onConfirm}>
          {t('payments.buy.confirm')}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <label htmlFor="buy-quantity">
          <Typography.Text strong>{t('payments.buy.quantity')}</Typography.Text>
        </label>
        <Space.Compact>
          <Button
            aria-label={t('payments.buy.decrease')}
            icon={<MinusOutlined />}
            onClick={() => set(decrement(quantity))}
          />
          <Input
            id="buy-quantity"
            inputMode="numeric"
            style={{ width: 120, textAlign: 'center' }}
            value={text}
            onChange={(e) => {
              const next = parseQuantity(e.target.value, quantity);
              setQuantity(next);
              // An emptied box stays empty while typing (it counts as 0); anything else shows what is kept.
              setText(e.target.value.trim() === '' ? '' : String(next));
            }}
            onBlur={() => setText(String(quantity))}
          />
          <Button
            aria-label={t('payments.buy.increase')}
            icon={<PlusOutlined />}
            onClick={() => set(increment(quantity))}
          />
        </Space.Compact>
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: 'price',
              label: t('payments.buy.price'),
              children: t('payments.buy.pricePerPage', { price: formatVnd(price) }),
            },
            {
              key: 'total',
              label: t('payments.buy.total'),
              children: <strong data-testid="buy-total">{formatVnd(purchaseAmount(quantity, price))}</strong>,
            },
          ]}
        />
        <Typography.Text type="secondary">{t('payments.buy.hint')}</Typography.Text>
      </Space>
    </Modal>
  );
}
