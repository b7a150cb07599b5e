import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Flex, Tag, Typography } from 'antd';
import { ClockCircleOutlined, WarningOutlined } from '@ant-design/icons';
import type { StudentPrintingLog } from 'shared-api';
import { formatTimeLeft, groupReleaseCode, heldPhase } from '../held-time';
import { useNow } from '../hooks/use-now';

const CODE_STYLE = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 26,
  fontWeight: 700,
  letterSpacing: 2,
  lineHeight: 1.2,
} as const;

/**
 * A held job's release code (large, monospace, 3+3; the server sends it to its owner only) and the time
 * left before it expires, counting down live; in the last 10 minutes a warning says it expires soon. At
 * the printer without scanning its QR, the link opens the release page where the station's code is typed.
 */
export function HeldReleaseInfo({ log }: { log: StudentPrintingLog }) {
  const { t } = useTranslation('student');
  const now = useNow(1000);
  const phase = log.heldUntil ? heldPhase(log.heldUntil, now) : null;
  return (
    <Flex vertical gap={4} data-testid="held-info">
      {log.releaseCode ? (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('history.releaseCode')}
          </Typography.Text>
          <span data-testid="release-code" style={CODE_STYLE} aria-label={t('history.releaseCode')}>
            {groupReleaseCode(log.releaseCode)}
          </span>
        </div>
      ) : null}
      {log.heldUntil && phase ? (
        <Flex gap={6} align="center" wrap>
          <Typography.Text data-testid="held-countdown" type={phase === 'waiting' ? undefined : 'danger'}>
            <ClockCircleOutlined />{' '}
            {phase === 'over'
              ? t('history.heldOver')
              : t('history.heldLeft', { time: formatTimeLeft(Date.parse(log.heldUntil) - now) })}
          </Typography.Text>
          {phase === 'expiring' ? (
            <Tag color="error" icon={<WarningOutlined />} role="alert" style={{ marginInlineEnd: 0 }}>
              {t('history.expiringSoon')}
            </Tag>
          ) : null}
        </Flex>
      ) : null}
      {phase !== 'over' ? (
        <Link
          to={`/Release?printer=${encodeURIComponent(log.printerId)}`}
          // a link inside a row: following it must not open the row's details as well
          onClick={(event) => event.stopPropagation()}
        >
          {t('history.releaseHere')}
        </Link>
      ) : null}
    </Flex>
  );
}
