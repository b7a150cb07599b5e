import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import type { StudentPrintingLog } from 'shared-api';
import { PrintStatusTag } from 'shared-ui';

/** After a release: each released job with its state now (Queued, or printing), and the way to the history. */
export function ReleasedJobs({ jobs }: { jobs: StudentPrintingLog[] }) {
  const { t } = useTranslation('student');
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      // the page's card has its own padding: at 360 px the list keeps the width for the file names
      style={{ paddingInline: 0 }}
      title={t('release.done', { count: jobs.length })}
      subTitle={t('release.doneHint')}
      extra={
        <Button type="primary" size="large" onClick={() => navigate('/History')}>
          {t('release.toHistory')}
        </Button>
      }
    >
      <ul aria-label={t('release.releasedList')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {jobs.map((job) => (
          <li
            key={job._id}
            style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '6px 0', alignItems: 'center' }}
          >
            <span style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{job.document.title}</span>
            <PrintStatusTag status={job.status} />
          </li>
        ))}
      </ul>
    </Result>
  );
}
