import { useTranslation } from 'react-i18next';
import { Button, Descriptions, Modal } from 'antd';
import type { StudentPrintingLog } from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { PrintStatusTag } from '../print-status-tag/print-status-tag';
import { formatVietnamDateTime } from '../vietnam-time/vietnam-time';
import { failureReasonText, optionsSummary } from './options-summary';

/** The detail dialog of one printing log (a student's history, a printer's log for staff and officers). */
export function PrintLogDetailDialog({ log, onClose }: { log: StudentPrintingLog | null; onClose(): void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const location = log?.printers?.[0]?.location;
  return (
    <Modal
      open={log !== null}
      width={550}
      title={t('printLog.detailTitle')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('printLog.detail.close')}</Button>}
    >
      {log && (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'file', label: t('printLog.detail.fileName'), children: log.document.title },
            { key: 'status', label: t('printLog.detail.status'), children: <PrintStatusTag status={log.status} /> },
            { key: 'printer', label: t('printLog.detail.printerId'), children: log.printerId },
            ...(location
              ? [
                  {
                    key: 'location',
                    label: t('printLog.detail.location'),
                    children: `${location.facility}, ${location.department}, ${location.room}`,
                  },
                ]
              : []),
            ...(log.status === 'Queued' && log.position != null
              ? [{ key: 'position', label: t('printLog.detail.position'), children: log.position }]
              : []),
            { key: 'created', label: t('printLog.detail.createdAt'), children: formatVietnamDateTime(log.createdAt) },
            ...(log.finishDate
              ? [
                  {
                    key: 'finish',
                    label: t('printLog.detail.finishDate'),
                    children: formatVietnamDateTime(log.finishDate),
                  },
                ]
              : []),
            { key: 'pages', label: t('printLog.detail.documentPages'), children: log.document.pages },
            { key: 'options', label: t('printLog.detail.options'), children: optionsSummary(log, t) },
            { key: 'sheets', label: t('printLog.detail.sheets'), children: `${log.total_pages} ${log.paperSize}` },
            { key: 'cost', label: t('printLog.detail.cost'), children: log.cost },
            ...(log.failureReason
              ? [
                  {
                    key: 'reason',
                    label: t('printLog.detail.failureReason'),
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
