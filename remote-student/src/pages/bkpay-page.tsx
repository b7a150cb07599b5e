import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { App, Button, Input, Tag, Tooltip, Typography } from 'antd';
import { CreditCardOutlined, PrinterOutlined } from '@ant-design/icons';
import { apiErrorMessage, useSessionStore } from 'shared-api';
import { formatVietnamDateTime, LoadError, PageFrame, ResponsiveTable, useMediaQuery } from 'shared-ui';
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
  const [failed, setFailed] = useState(false);
  const [search, setSearch] = useState('');
  const [paying, setPaying] = useState<string | null>(null);

  const reload = useCallback(() => {
    setFailed(false);
    fetchPayments()
      .then((list) => {
        setPayments(list);
        setFailed(false);
      })
      .catch((error: unknown) => {
        // A list that could not load says so, with a retry: never 'no payments'.
        console.error('payments unavailable', error);
        setFailed(true);
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
      notification.error({
        message: t('payments.bkpay.failure'),
        description: apiErrorMessage(error, '') || undefined,
      });
    } finally {
      setPaying(null);
    }
  };

  // Below this width a payment is a card: its pay button is then always in view and says what it does.
  const narrow = useMediaQuery('(max-width: 991px)');
  // Short headers and the 7-character id stay on one line ('6720fafe-' / 'e' read as two values).
  const oneLine = () => ({ style: { whiteSpace: 'nowrap' as const } });

  // Spec: the pay icon shows only while money is left; an expired payment can no longer be paid.
  const payable = (p: PaymentItem) => p.leftMoney !== 0 && p.status === 'pending';

  return (
    <main style={{ maxWidth: 1100, margin: '0 auto', padding: 24 }}>
      <Typography.Paragraph>
        <Link to="/Home">← {t('payments.bkpay.backHome')}</Link>
      </Typography.Paragraph>
      {/* Not a heading: the page's one h1 is the frame's title, below. */}
      {user && (
        <Typography.Paragraph strong style={{ fontSize: 18 }}>
          {t('payments.bkpay.greeting', { name: `${user.lastName} ${user.firstName}` })}
        </Typography.Paragraph>
      )}
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
        {failed && <LoadError title={t('payments.bkpay.loadFailed')} onRetry={reload} />}
        {/* nothing came: no table saying there are no payments */}
        {(payments !== null || !failed) && (
          <ResponsiveTable<PaymentItem>
            aria-label={t('payments.bkpay.title')}
            rowKey="_id"
            loading={payments === null}
            dataSource={shown}
            minWidth={900}
            emptyText={t('payments.bkpay.empty')}
            columns={[
              // Widths for the short columns, so that the content gets the room (a fixed layout shares it evenly).
              {
                key: 'batch',
                title: t('payments.bkpay.batch'),
                width: 70,
                onHeaderCell: oneLine,
                render: (_, p) => p.stt,
              },
              {
                key: 'id',
                title: t('payments.bkpay.id'),
                width: 130,
                onHeaderCell: oneLine,
                render: (_, p) => <code style={{ whiteSpace: 'nowrap' }}>{paymentShortId(p._id)}</code>,
              },
              {
                key: 'semester',
                title: t('payments.bkpay.semester'),
                width: 90,
                card: 'title',
                onHeaderCell: oneLine,
                render: (_, p) => semesterLabel(p.shortContent),
              },
              { key: 'content', title: t('payments.bkpay.content'), dataIndex: 'shortContent' },
              {
                key: 'money',
                title: t('payments.bkpay.money'),
                align: 'right',
                onHeaderCell: oneLine,
                render: (_, p) => formatVnd(p.money),
              },
              {
                key: 'paid',
                title: t('payments.bkpay.paid'),
                align: 'right',
                onHeaderCell: oneLine,
                render: (_, p) => formatVnd(p.paidMoney),
              },
              {
                key: 'left',
                title: t('payments.bkpay.left'),
                align: 'right',
                onHeaderCell: oneLine,
                render: (_, p) => formatVnd(p.leftMoney),
              },
              {
                key: 'status',
                title: t('payments.bkpay.status'),
                onHeaderCell: oneLine,
                render: (_, p) => {
                  const status = p.status;
                  const colour = { pending: 'processing', paid: 'success', expired: 'default', failed: 'error' }[
                    status
                  ];
                  return <Tag color={colour}>{t(`payments.bkpay.statuses.${status}`)}</Tag>;
                },
              },
              {
                key: 'updated',
                title: t('payments.bkpay.updatedAt'),
                render: (_, p) => formatVietnamDateTime(p.updatedAt),
              },
              {
                key: 'actions',
                title: t('payments.bkpay.actions'),
                width: 100,
                card: 'actions',
                onHeaderCell: oneLine,
                render: (_, p) => (
                  <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
                    {payable(p) && (
                      <Tooltip title={narrow ? undefined : t('payments.bkpay.pay')}>
                        <Button
                          type={narrow ? 'primary' : 'text'}
                          aria-label={t('payments.bkpay.pay')}
                          icon={<CreditCardOutlined style={narrow ? undefined : { color: '#1a4d9c' }} />}
                          loading={paying === p._id}
                          onClick={() => void onPay(p)}
                        >
                          {narrow && t('payments.bkpay.pay')}
                        </Button>
                      </Tooltip>
                    )}
                    <Tooltip title={narrow ? undefined : t('payments.bkpay.print')}>
                      <Button
                        type={narrow ? 'default' : 'text'}
                        aria-label={t('payments.bkpay.print')}
                        icon={<PrinterOutlined />}
                        onClick={() => printReceipt(receiptHtml(p, user, t))}
                      >
                        {narrow && t('payments.bkpay.print')}
                      </Button>
                    </Tooltip>
                  </span>
                ),
              },
            ]}
          />
        )}
      </PageFrame>
    </main>
  );
}
