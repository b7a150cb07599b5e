import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Form, Input, InputNumber, Modal, Typography } from 'antd';
import {
  ADJUSTMENT_PAGES_MAX,
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REASON_MIN,
  adjustmentProblems,
  apiErrorMessage,
  postAdjustment,
  type AdjustmentResponse,
} from 'shared-api';

interface AdjustmentValues {
  pages: number | null;
  reason: string;
}

export interface AdjustmentDialogProps {
  /** The adjustment's id, made when the dialog opened (null: closed). A retry sends the same. */
  requestId: string | null;
  studentId: string;
  studentName: string;
  balance: number | null;
  onClose(): void;
  onAdjusted(result: AdjustmentResponse): void;
}

/**
 * 'Điều chỉnh số trang': pages to add (positive) or take (negative) and a reason, by the contract's rules;
 * sent once (the button waits for the answer, and the request id makes a repeat one adjustment). The
 * server refuses a balance below zero (422): its message stays in the dialog.
 */
export function AdjustmentDialog({
  requestId,
  studentId,
  studentName,
  balance,
  onClose,
  onAdjusted,
}: AdjustmentDialogProps) {
  const { t } = useTranslation('spso');
  const { notification } = App.useApp();
  const [form] = Form.useForm<AdjustmentValues>();
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const problemRule = (field: 'pages' | 'reason') => ({
    validator: async () => {
      const values = form.getFieldsValue(true) as AdjustmentValues;
      const problems = adjustmentProblems({ pages: values.pages ?? undefined, reason: values.reason ?? '' });
      const mine = problems.find((p) => (field === 'pages' ? p.startsWith('pages') : p.startsWith('reason')));
      if (mine)
        throw new Error(
          t(`activities.adjust.problems.${mine}`, {
            max: ADJUSTMENT_PAGES_MAX,
            min: ADJUSTMENT_REASON_MIN,
            maxReason: ADJUSTMENT_REASON_MAX,
          }),
        );
    },
  });

  const handleFinish = async (values: AdjustmentValues) => {
    // Two clicks before the first re-render reach here twice: only one request leaves.
    if (sendingRef.current || !requestId) return;
    sendingRef.current = true;
    setSending(true);
    setRefusal(null);
    try {
      const result = await postAdjustment({
        studentId,
        pages: Number(values.pages),
        reason: values.reason.trim(),
        requestId,
      });
      notification.success({
        title: result.applied
          ? t('activities.adjust.done', { balance: result.balance })
          : t('activities.adjust.already', { balance: result.balance }),
      });
      onAdjusted(result);
      onClose();
    } catch (error) {
      const text = apiErrorMessage(error, t('activities.adjust.failed'));
      setRefusal(text);
      notification.error({ title: text });
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  };

  return (
    <Modal
      open={requestId !== null}
      title={t('activities.adjust.title')}
      width={550}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
      afterOpenChange={(visible) => {
        if (!visible) setRefusal(null);
      }}
    >
      <Typography.Paragraph>
        {t('activities.adjust.intro', { name: studentName, mssv: studentId })}
        {balance !== null && ` ${t('activities.adjust.balance', { balance })}`}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} role="alert" />}
      <Form<AdjustmentValues>
        form={form}
        name="adjustment"
        layout="vertical"
        initialValues={{ pages: null, reason: '' }}
        onFinish={(values) => void handleFinish(values)}
      >
        <Form.Item
          name="pages"
          label={t('activities.adjust.pages')}
          extra={t('activities.adjust.pagesHint', { max: ADJUSTMENT_PAGES_MAX })}
          required
          rules={[problemRule('pages')]}
        >
          <InputNumber style={{ width: '100%', maxWidth: 220 }} precision={0} controls={false} />
        </Form.Item>
        <Form.Item name="reason" label={t('activities.adjust.reason')} required rules={[problemRule('reason')]}>
          <Input.TextArea rows={3} showCount maxLength={ADJUSTMENT_REASON_MAX} />
        </Form.Item>
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('activities.adjust.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={sending} disabled={sending}>
            {t('activities.adjust.submit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
