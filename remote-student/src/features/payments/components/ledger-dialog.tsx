import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Table, Tag } from 'antd';
import { formatVietnamDateTime, LoadError } from 'shared-ui';
import type { LedgerEntry } from 'shared-api';
import { fetchLedger } from '../api/ledger';

const KIND_COLOURS: Record<LedgerEntry['kind'], string> = {
  grant: 'blue',
  purchase: 'green',
  charge: 'default',
  refund: 'gold',
  adjustment: 'purple',
};

/** The student's own page movements (grants, purchases, prints, refunds) with their dates. */
export function LedgerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('student');
  const [rows, setRows] = useState<LedgerEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setRows(null);
    setFailed(false);
    fetchLedger()
      .then(setRows)
      .catch((error: unknown) => {
        // nothing came: say so with a retry, never 'no movements'
        console.error('ledger unavailable', error);
        setFailed(true);
      });
  }, []);
  useEffect(() => {
    if (open) load();
  }, [open, load]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={720} title={t('payments.ledger.title')}>
      {failed ? (
        <LoadError title={t('payments.ledger.loadFailed')} onRetry={load} />
      ) : (
        <Table<LedgerEntry>
          rowKey="_id"
          loading={rows === null}
          dataSource={rows ?? []}
          size="small"
          pagination={{ pageSize: 10, showSizeChanger: false }}
          locale={{ emptyText: t('payments.ledger.empty') }}
          columns={[
            {
              key: 'time',
              title: t('payments.ledger.time'),
              render: (_, row) => formatVietnamDateTime(row.created_at),
            },
            {
              key: 'kind',
              title: t('payments.ledger.kind'),
              render: (_, row) => <Tag color={KIND_COLOURS[row.kind]}>{t(`payments.ledger.kinds.${row.kind}`)}</Tag>,
            },
            {
              key: 'delta',
              title: t('payments.ledger.delta'),
              align: 'right',
              render: (_, row) => (
                <span style={{ color: row.delta < 0 ? '#cf1322' : '#237804', fontWeight: 600 }}>
                  {row.delta > 0 ? `+${row.delta}` : row.delta}
                </span>
              ),
            },
            {
              key: 'after',
              title: t('payments.ledger.balanceAfter'),
              align: 'right',
              render: (_, row) => row.balance_after,
            },
            { key: 'note', title: t('payments.ledger.note'), render: (_, row) => row.note ?? '' },
          ]}
        />
      )}
    </Modal>
  );
}
