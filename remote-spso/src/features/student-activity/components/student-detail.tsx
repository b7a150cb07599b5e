import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import {
  apiErrorMessage,
  getStudentDetail,
  getStudentLedger,
  useLiveQuery,
  type AdjustmentLedgerEntry,
  type StudentHistoryDetailRow,
  type StudentLedgerView,
  type StudentRecord,
  newRequestId,
} from 'shared-api';
import { formatVietnamDateTime, ResponsiveTable, useMediaQuery, type ResponsiveColumn } from 'shared-ui';
import { formatCount, fullName } from '../activity-format';
import { AdjustmentDialog } from './adjustment-dialog';

/** Page movements per page of the ledger. */
export const LEDGER_PAGE = 10;
/** The spec's side panels are 550 px wide; on a phone the drawer takes the whole width. */
const DRAWER_WIDTH = 550;

type DetailRow = StudentHistoryDetailRow & { key: string };

/** A student's history: printing by day, the balance and its page movements, and 'Điều chỉnh số trang'. */
export function StudentDetailDrawer({ student, onClose }: { student: StudentRecord | null; onClose(): void }) {
  const { t } = useTranslation('spso');
  const phone = useMediaQuery(`(max-width: ${DRAWER_WIDTH + 39}px)`);
  return (
    <Drawer
      open={student !== null}
      onClose={onClose}
      title={student ? t('activities.detail.title', { name: fullName(student), mssv: student.mssv }) : ''}
      size={phone ? '100%' : DRAWER_WIDTH}
      destroyOnHidden
      closable={{ 'aria-label': t('activities.detail.close') }}
    >
      {student && <StudentDetail key={student.mssv} student={student} />}
    </Drawer>
  );
}

function StudentDetail({ student }: { student: StudentRecord }) {
  const { t, i18n } = useTranslation('spso');
  const n = (value: number) => formatCount(value, i18n.language);
  const detail = useLiveQuery<StudentHistoryDetailRow[]>(student.mssv, (signal) =>
    getStudentDetail(student.mssv, signal),
  );
  const [ledgerQuery, setLedgerQuery] = useState({ studentId: student.mssv, page: 1, per_page: LEDGER_PAGE });
  const ledger = useLiveQuery<StudentLedgerView>(ledgerQuery, (signal) => getStudentLedger(ledgerQuery, signal));
  const [adjustId, setAdjustId] = useState<string | null>(null);

  const balance = ledger.data?.balance ?? null;
  const detailRows: DetailRow[] = (detail.data ?? []).map((row) => ({ ...row, key: row.date }));

  const detailColumns: ResponsiveColumn<DetailRow>[] = [
    {
      key: 'date',
      dataIndex: 'date',
      title: t('activities.detail.date'),
      card: 'title',
      render: (date: string) => <span style={{ whiteSpace: 'nowrap' }}>{date}</span>,
    },
    {
      key: 'files',
      dataIndex: 'fileNames',
      title: t('activities.detail.files'),
      render: (names: string[]) => (
        <span style={{ overflowWrap: 'anywhere' }}>{names.length ? names.join(', ') : '—'}</span>
      ),
    },
    { key: 'quantity', dataIndex: 'quantity', title: t('activities.detail.jobs'), align: 'right', render: n },
    {
      key: 'a4',
      title: t('activities.detail.a4'),
      align: 'right',
      render: (_: unknown, row) => n(row.page_Quantity.A4),
    },
    {
      key: 'a3',
      title: t('activities.detail.a3'),
      align: 'right',
      render: (_: unknown, row) => n(row.page_Quantity.A3),
    },
  ];

  const ledgerColumns: ResponsiveColumn<AdjustmentLedgerEntry>[] = [
    {
      key: 'time',
      dataIndex: 'created_at',
      title: t('activities.ledger.time'),
      card: 'title',
      render: (value: string) => formatVietnamDateTime(value),
    },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('activities.ledger.kind'),
      render: (kind: string) => t(`activities.ledger.kinds.${kind}`, { defaultValue: kind }),
    },
    {
      key: 'delta',
      dataIndex: 'delta',
      title: t('activities.ledger.delta'),
      align: 'right',
      render: (delta: number) => (
        <Typography.Text type={delta < 0 ? 'danger' : 'success'}>
          {delta > 0 ? `+${n(delta)}` : n(delta)}
        </Typography.Text>
      ),
    },
    {
      key: 'after',
      dataIndex: 'balance_after',
      title: t('activities.ledger.balanceAfter'),
      align: 'right',
      render: n,
    },
    {
      key: 'note',
      dataIndex: 'note',
      title: t('activities.ledger.note'),
      render: (note: string | null) => <span style={{ overflowWrap: 'anywhere' }}>{note || '—'}</span>,
    },
    {
      key: 'by',
      title: t('activities.ledger.by'),
      render: (_: unknown, row) => (row.createdBy ? fullName(row.createdBy) : '—'),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'mssv', label: t('activities.columns.mssv'), children: student.mssv },
          { key: 'major', label: t('activities.columns.major'), children: student.major || '—' },
          { key: 'classes', label: t('activities.columns.classes'), children: student.classes || '—' },
          {
            key: 'balance',
            label: t('activities.detail.balance'),
            children: (
              <span data-testid="student-balance">
                {balance === null ? '…' : t('activities.detail.pages', { count: balance, value: n(balance) })}
              </span>
            ),
          },
        ]}
      />
      <Flex justify="flex-end">
        <Button icon={<EditOutlined />} onClick={() => setAdjustId(newRequestId())}>
          {t('activities.adjust.open')}
        </Button>
      </Flex>

      <section aria-labelledby="student-detail-days">
        <Typography.Title level={2} id="student-detail-days" style={{ fontSize: 16 }}>
          {t('activities.detail.daysTitle')}
        </Typography.Title>
        {detail.error ? (
          <Alert type="error" showIcon title={apiErrorMessage(detail.error, t('activities.detail.failed'))} />
        ) : (
          <ResponsiveTable<DetailRow>
            aria-label={t('activities.detail.daysTitle')}
            columns={detailColumns}
            dataSource={detailRows}
            rowKey="key"
            loading={detail.loading}
            pageSize={5}
            cardBelow={768}
            size="small"
            emptyText={t('activities.detail.empty')}
          />
        )}
      </section>

      <section aria-labelledby="student-detail-ledger">
        <Typography.Title level={2} id="student-detail-ledger" style={{ fontSize: 16 }}>
          {t('activities.ledger.title')}
        </Typography.Title>
        {ledger.error ? (
          <Alert type="error" showIcon title={apiErrorMessage(ledger.error, t('activities.ledger.failed'))} />
        ) : (
          <ResponsiveTable<AdjustmentLedgerEntry>
            aria-label={t('activities.ledger.title')}
            columns={ledgerColumns}
            dataSource={ledger.data?.entries ?? []}
            rowKey="_id"
            loading={ledger.loading}
            cardBelow={768}
            size="small"
            serverPaging={{
              current: ledgerQuery.page,
              pageSize: LEDGER_PAGE,
              total: ledger.data?.total ?? 0,
              onChange: (page) => setLedgerQuery({ ...ledgerQuery, page }),
            }}
            emptyText={t('activities.ledger.empty')}
          />
        )}
      </section>

      <AdjustmentDialog
        requestId={adjustId}
        studentId={student.mssv}
        studentName={fullName(student)}
        balance={balance}
        onClose={() => setAdjustId(null)}
        onAdjusted={() => setLedgerQuery({ ...ledgerQuery, page: 1 })}
      />
    </Flex>
  );
}
