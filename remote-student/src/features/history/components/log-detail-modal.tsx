import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Modal } from 'antd';
import type { StudentPrintingLog } from 'shared-api';
import { formatVietnamDateTime, PrintStatusTag } from 'shared-ui';
import { failureReasonText } from './failure-reason';
import { optionsSummary } from './options-summary';

/** The detail dialog of one history row. */
export function LogDetailModal({ log, onClose }: { log: StudentPrintingLog | null; onClose(): void }) {
  const { t } = useTranslation('student');
  const location = log?.printers?.[0]?.location;
  return (
    <Modal
      open={log !== null}
      width={550}
      title={t('history.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('history.detail.close')}</Button>}
    >
      {log && (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'file', label: t('history.detail.fileName'), children: log.document.title },
            { key: 'status', label: t('history.detail.status'), children: <PrintStatusTag status={log.status} /> },
            { key: 'printer', label: t('history.detail.printerId'), children: log.printerId },
            ...(location
              ? [
                  {
                    key: 'location',
                    label: t('history.detail.location'),
                    children: `${location.facility}, ${location.department}, ${location.room}`,
                  },
                ]
              : []),
            ...(log.status === 'Queued' && log.position != null
              ? [{ key: 'position', label: t('history.detail.position'), children: log.position }]
              : []),
            { key: 'created', label: t('history.detail.createdAt'), children: formatVietnamDateTime(log.createdAt) },
            ...(log.finishDate
              ? [
                  {
                    key: 'finish',
                    label: t('history.detail.finishDate'),
                    children: formatVietnamDateTime(log.finishDate),
                  },
                ]
              : []),
            { key: 'pages', label: t('history.detail.documentPages'), children: log.document.pages },
            { key: 'options', label: t('history.detail.options'), children: optionsSummary(log, t) },
            { key: 'sheets', label: t('history.detail.sheets'), children: `${log.total_pages} ${log.paperSize}` },
            { key: 'cost', label: t('history.detail.cost'), children: log.cost },
            ...(log.failureReason
              ? [
                  {
                    key: 'reason',
                    label: t('history.detail.failureReason'),
                    children: failureReasonText(log.failureReason, t),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Modal>
  );
}
