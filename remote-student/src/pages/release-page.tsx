import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Empty, Flex, Result, Skeleton, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import {
  apiErrorCode,
  apiErrorMessage,
  isReleaseCode,
  normalizeReleaseCode,
  releaseHeldJobs,
  type StudentPrintingLog,
} from 'shared-api';
import { LoadError, PageFrame } from 'shared-ui';
import { HeldJobList } from '../features/release/components/held-job-list';
import { ReleasedJobs } from '../features/release/components/released-jobs';
import { StationCodeField } from '../features/release/components/station-code-field';
import { useHeldAtPrinter } from '../features/release/hooks/use-held-at-printer';

/** The station's code from the QR's URL when it has the form of one, else null (then it is typed). */
function codeFromUrl(raw: string | null): string | null {
  const code = normalizeReleaseCode(raw ?? '');
  return isReleaseCode(code) ? code : null;
}

/**
 * /Release?printer=<printerId>&code=<stationCode>: what a release station's QR opens on the student's
 * phone. It lists the caller's held jobs at that printer and releases all of them or one; without a code
 * (or once the code is used: a station's code releases once) the student types the one the station
 * shows. The server's refusals (an old code, the device in error, too many tries) are shown as it says.
 */
export default function ReleasePage() {
  const { t } = useTranslation('student');
  const [params] = useSearchParams();
  const printerId = (params.get('printer') ?? '').trim();
  const navigate = useNavigate();
  const [stationCode, setStationCode] = useState<string | null>(() => codeFromUrl(params.get('code')));
  const [busy, setBusy] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [released, setReleased] = useState<StudentPrintingLog[] | null>(null);
  const { jobs, loading, failed, reload } = useHeldAtPrinter(printerId);

  const handleRelease = async (job: StudentPrintingLog | null) => {
    if (!stationCode) return;
    setBusy(job ? job._id : 'all');
    setRefusal(null);
    try {
      const answer = await releaseHeldJobs({
        printerId,
        stationCode,
        ...(job ? { printingLogId: job._id } : {}),
      });
      setReleased(answer.printingLogs);
      // a station's code releases once: the next release needs the one it shows now
      setStationCode(null);
    } catch (err) {
      setRefusal(apiErrorMessage(err, t('release.failed')));
      // an old or used code: let the student type the one the station shows now
      if (apiErrorCode(err) === 'RELEASE_CODE_INVALID') setStationCode(null);
    } finally {
      setBusy(null);
      reload();
    }
  };

  if (!printerId) {
    return (
      <PageFrame title={t('release.title')}>
        <Result
          status="info"
          title={t('release.noPrinter')}
          extra={
            <Button type="primary" onClick={() => navigate('/History')}>
              {t('release.toHistory')}
            </Button>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame title={t('release.title')}>
      <Flex vertical gap={16} style={{ maxWidth: 560 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <PrinterOutlined /> {t('release.printer', { printerId })}
        </Typography.Title>
        {refusal ? <Alert type="error" showIcon role="alert" title={refusal} /> : null}
        {released ? <ReleasedJobs jobs={released} /> : null}
        {failed ? <LoadError title={t('release.loadFailed')} onRetry={reload} /> : null}
        {loading && !failed ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {!loading && !failed && jobs.length === 0 && !released ? (
          <Empty description={t('release.none', { printerId })} image={Empty.PRESENTED_IMAGE_SIMPLE}>
            <Button onClick={() => navigate('/History')}>{t('release.toHistory')}</Button>
          </Empty>
        ) : null}
        {!loading && jobs.length > 0 ? (
          <>
            {stationCode ? null : (
              <>
                {released ? <Typography.Text type="secondary">{t('release.codeUsed')}</Typography.Text> : null}
                <StationCodeField
                  onCode={(code) => {
                    setRefusal(null);
                    setStationCode(code);
                  }}
                />
              </>
            )}
            <Button
              type="primary"
              size="large"
              block
              style={{ height: 56, fontSize: 18 }}
              disabled={!stationCode || (busy !== null && busy !== 'all')}
              loading={busy === 'all'}
              onClick={() => void handleRelease(null)}
            >
              {t('release.releaseAll', { count: jobs.length })}
            </Button>
            <HeldJobList
              jobs={jobs}
              busy={busy}
              ready={stationCode !== null}
              onRelease={(job) => void handleRelease(job)}
            />
          </>
        ) : null}
      </Flex>
    </PageFrame>
  );
}
