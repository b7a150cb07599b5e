import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Col, Flex, Input, Row, Typography } from 'antd';
import { apiErrorMessage, extendHeldJob, useSessionStore, type StudentPrintingLog } from 'shared-api';
import { LoadError, PageFrame, PrintLogDetailDialog } from 'shared-ui';
import { cancelLog } from '../features/history/api/cancel-log';
import { DEFAULT_HISTORY_FILTERS, type HistoryFilters } from '../features/history/api/filter-logs';
import { ConfirmCancelModal } from '../features/history/components/confirm-cancel-modal';
import { HistoryFilter } from '../features/history/components/history-filter';
import { HistoryTable } from '../features/history/components/history-table';
import { MoveJobDialog } from '../features/history/components/move-job-dialog';
import { useHistory } from '../features/history/hooks/use-history';

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div style={{ border: '1px solid #e5e7eb', borderRadius: 8, padding: '12px 16px' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600 }} aria-label={label}>
        {value}
      </div>
    </div>
  );
}

/**
 * /History: the student's print requests, live (update-student-history), with details; a queued job's
 * place and expected start; a held job's release code and live countdown (the in-portal reminder before
 * it expires: students have no notices route), extend once, move to another printer, cancel.
 */
export default function HistoryPage() {
  const { t } = useTranslation('student');
  const { notification } = App.useApp();
  const setBalance = useSessionStore((s) => s.setBalance);
  const [filters, setFilters] = useState<HistoryFilters>(DEFAULT_HISTORY_FILTERS);
  const { printingLogs, printedA3, printedA4, loading, failed, reload } = useHistory(filters);
  const [detail, setDetail] = useState<StudentPrintingLog | null>(null);
  const [toCancel, setToCancel] = useState<StudentPrintingLog | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [toMove, setToMove] = useState<StudentPrintingLog | null>(null);
  const [extending, setExtending] = useState<string | null>(null);

  const handleExtend = async (log: StudentPrintingLog) => {
    setExtending(log._id);
    try {
      await extendHeldJob({ printingLogId: log._id });
      notification.success({ title: t('history.extendSuccess') });
    } catch (err) {
      notification.error({ title: t('history.extendFailure'), description: apiErrorMessage(err, '') || undefined });
    } finally {
      setExtending(null);
      reload();
    }
  };

  const handleMoved = (moved: StudentPrintingLog) => {
    setToMove(null);
    notification.success({ title: t('history.moveSuccess', { printerId: moved.printerId }) });
    reload();
  };

  const handleConfirmCancel = async () => {
    if (!toCancel) return;
    setCancelling(true);
    try {
      const result = await cancelLog(toCancel._id);
      setBalance(result.balance);
      notification.success({ title: t('history.cancelSuccess') });
    } catch (err) {
      notification.error({ title: t('history.cancelFailure'), description: apiErrorMessage(err, '') || undefined });
    } finally {
      setCancelling(false);
      setToCancel(null);
      reload();
    }
  };

  const { searchField, ...filterValue } = filters;
  const filtered =
    Boolean(searchField) ||
    filterValue.status !== null ||
    filterValue.facility !== null ||
    filterValue.startDate !== null ||
    filterValue.endDate !== null;
  return (
    <PageFrame title={t('history.title')}>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Total label={t('history.printedA4')} value={printedA4} />
        </Col>
        <Col xs={12} md={6}>
          <Total label={t('history.printedA3')} value={printedA3} />
        </Col>
      </Row>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('history.search')}
          placeholder={t('history.search')}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          onSearch={(searchField) => setFilters((f) => ({ ...f, searchField }))}
        />
        <HistoryFilter value={filterValue} onChange={(next) => setFilters((f) => ({ ...f, ...next }))} />
      </Flex>
      {failed && <LoadError title={t('history.loadFailed')} onRetry={reload} />}
      <HistoryTable
        logs={printingLogs}
        loading={loading}
        onOpen={setDetail}
        onCancel={setToCancel}
        onExtend={(log) => void handleExtend(log)}
        onMove={setToMove}
        extending={extending}
        filtered={filtered}
      />
      <PrintLogDetailDialog log={detail} onClose={() => setDetail(null)} />
      <MoveJobDialog log={toMove} onMoved={handleMoved} onClose={() => setToMove(null)} />
      <ConfirmCancelModal
        log={toCancel}
        busy={cancelling}
        onConfirm={() => void handleConfirmCancel()}
        onClose={() => setToCancel(null)}
      />
    </PageFrame>
  );
}
