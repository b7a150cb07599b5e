import { useTranslation } from 'react-i18next';
import { Button, Typography } from 'antd';
import type { StudentPrintingLog } from 'shared-api';

interface Props {
  jobs: StudentPrintingLog[];
  /** The job whose release is being sent ('all': every one). */
  busy: string | null;
  /** False while no station code is known: the buttons wait for it. */
  ready: boolean;
  onRelease(job: StudentPrintingLog): void;
}

const ROW = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  padding: 12,
  border: '1px solid #d9d9d9',
  borderRadius: 8,
} as const;

/** The held jobs at this printer, each with its own release button (a thumb's width, on a phone). */
export function HeldJobList({ jobs, busy, ready, onRelease }: Props) {
  const { t } = useTranslation('student');
  return (
    <ul
      aria-label={t('release.heldList')}
      style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}
    >
      {jobs.map((job) => (
        <li key={job._id} style={ROW}>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {job.document.title}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('release.jobSummary', { paperSize: job.paperSize, copies: job.numVersion, sheets: job.total_pages })}
            </Typography.Text>
          </div>
          <Button
            size="large"
            disabled={!ready || (busy !== null && busy !== job._id)}
            loading={busy === job._id}
            aria-label={t('release.releaseOneLabel', { name: job.document.title })}
            onClick={() => onRelease(job)}
          >
            {t('release.releaseOne')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
