import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { App, Button, Input, Table, Tag, Tooltip, Typography } from 'antd';
import { CreditCardOutlined, PrinterOutlined } from '@ant-design/icons';
import { apiErrorMessage, useSessionStore } from 'shared-api';
import { formatVietnamDateTime, PageFrame } from 'shared-ui';
import { fetchPayments, payPayment, type PaymentItem } from '../features/payments/api/payments';
import { formatVnd, paymentShortId, semesterLabel } from '../features/payments/money';
import { printReceipt, receiptHtml } from '../features/payments/receipt';
import { usePaymentReturn } from '../features/payments/hooks/use-payment-return';

/** /Bkpay: the student's payments on a page of its own (no common layout), with a way back home. */
export default function BkpayPage() {
  const { t } = useTranslation('student');
  const { notification } = App.useApp();
  const user = useSessionStore((s) => s.user);
  const [payments, setPayments] = useState<PaymentItem[] | null>(null);
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<string | null>(null);

  const reload = useCallback(() => {
    fetchPayments()
      .then(setPayments)
      .catch((error: unknown) => {
        // Spec section 8: list errors are only logged.
        console.error('payments unavailable', error);
        setPayments([]);
      });
  }, []);
  useEffect(reload, [reload]);
  usePaymentReturn(reload);

  const shown = useMemo(() => {
    const term = search.trim().toLowerCase();
    return (payments ?? []).filter((p) => !term || semesterLabel(p.shortContent).toLowerCase().includes(term));
  }, [payments, search]);

  const onPay = async (payment: PaymentItem) => {
    setPaying(payment._id);
    try {
      const result = await payPayment(payment._id);
      if (result.redirectUrl) {
        window.location.assign(result.redirectUrl);
        return;
      }
      notification.success({ message: t('payments.bkpay.success') });
      useSessionStore.getState().setBalance(result.balance);
      reload();
    } catch (error) {
      notification.error({ message: t('payments.bkpay.failure'), description: apiErrorMessage(error, '') || undefined });
    } finally {
      setPaying(null);
    }
  };

  // Spec: the pay icon shows only while money is left; an expired payment can no longer be paid.
  const payable = (p: PaymentItem) => p.leftMoney !== 0 && p.status === 'pending';

  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 24 }}>
      <Typography.Paragraph>
        <Link to="/Home">← {t('payments.bkpay.backHome')}</Link>
      </Typography.Paragraph>
      {user && <Typography.Title level={4}>{t('payments.bkpay.greeting', { name: `${user.lastName} ${user.firstName}` })}</Typography.Title>}
      <PageFrame
        title={t('payments.bkpay.title')}
        extra={
          <Input.Search
            allowClear
            aria-label={t('payments.bkpay.search')}
            placeholder={t('payments.bkpay.search')}
            style={{ maxWidth: 320 }}
            onChange={(e) => setSearch(e.target.value)}
          />
        }
      >
        <Typography.Paragraph type="secondary">{t('payments.bkpay.intro')}</Typography.Paragraph>
        <Table<PaymentItem>
          rowKey="_id"
          loading={payments === null}
          dataSource={shown}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('payments.bkpay.empty') }}
          columns={[
            { key: 'batch', title: t('payments.bkpay.batch'), render: (_, p) => p.stt },
            { key: 'id', title: t('payments.bkpay.id'), render: (_, p) => <code>{paymentShortId(p._id)}</code> },
            { key: 'semester', title: t('payments.bkpay.semester'), render: (_, p) => semesterLabel(p.shortContent) },
            { key: 'content', title: t('payments.bkpay.content'), dataIndex: 'shortContent' },
            { key: 'money', title: t('payments.bkpay.money'), align: 'right', render: (_, p) => formatVnd(p.money) },
            { key: 'paid', title: t('payments.bkpay.paid'), align: 'right', render: (_, p) => formatVnd(p.paidMoney) },
            { key: 'left', title: t('payments.bkpay.left'), align: 'right', render: (_, p) => formatVnd(p.leftMoney) },
            {
              key: 'status',
              title: t('payments.bkpay.status'),
              render: (_, p) => {
                const status = p.status;
                const colour = { pending: 'processing', paid: 'success', expired: 'default', failed: 'error' }[status];
                return <Tag color={colour}>{t(`payments.bkpay.statuses.${status}`)}</Tag>;
              },
            },
            { key: 'updated', title: t('payments.bkpay.updatedAt'), render: (_, p) => formatVietnamDateTime(p.updatedAt) },
            {
              key: 'actions',
              title: t('payments.bkpay.actions'),
              render: (_, p) => (
                <span style={{ display: 'inline-flex', gap: 4 }}>
                  {payable(p) && (
                    <Tooltip title={t('payments.bkpay.pay')}>
                      <Button
                        type="text"
                        aria-label={t('payments.bkpay.pay')}
                        icon={<CreditCardOutlined style={{ color: '#1a4d9c' }} />}
                        loading={paying === p._id}
                        onClick={() => void onPay(p)}
                      />
                    </Tooltip>
                  )}
                  <Tooltip title={t('payments.bkpay.print')}>
                    <Button
                      type="text"
                      aria-label={t('payments.bkpay.print')}
                      icon={<PrinterOutlined />}
                      onClick={() => printReceipt(receiptHtml(p, user, t))}
                    />
                  </Tooltip>
                </span>
              ),
            },
          ]}
        />
      </PageFrame>
    </main>
  );
}
