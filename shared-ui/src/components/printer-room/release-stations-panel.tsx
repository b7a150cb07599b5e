import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Modal, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import {
  apiErrorMessage,
  createReleaseStation,
  getReleaseStations,
  revokeReleaseStation,
  type ReleaseStation,
  type ReleaseStationCreated,
} from 'shared-api';
import { UI_NAMESPACE } from '../../locales';
import { LoadError } from '../load-error/load-error';
import { formatVietnamDateTime } from '../vietnam-time/vietnam-time';

/** The station page of the portal, already set up with `token` (the shell's public /ReleaseStation route). */
export function stationPageUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/#/ReleaseStation?key=${encodeURIComponent(token)}`;
}

type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; stations: ReleaseStation[] };

/** One station: in use or revoked, when it was created, last active or revoked, and 'Thu hồi'. */
function StationRow({
  station,
  onRevoke,
}: {
  station: ReleaseStation;
  onRevoke(station: ReleaseStation): Promise<void>;
}) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [revoking, setRevoking] = useState(false);
  const inUse = station.revokedAt === null;
  const handleRevoke = async () => {
    setRevoking(true);
    try {
      await onRevoke(station);
    } finally {
      setRevoking(false);
    }
  };
  return (
    <li
      aria-label={t('printerRoom.stations.station', { id: station.stationId.slice(0, 8) })}
      style={{ listStyle: 'none', padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex vertical gap={2}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong>
              {t('printerRoom.stations.station', { id: station.stationId.slice(0, 8) })}
            </Typography.Text>
            {inUse ? (
              <Tag color="green">{t('printerRoom.stations.inUse')}</Tag>
            ) : (
              <Tag>{t('printerRoom.stations.revokedTag')}</Tag>
            )}
          </Flex>
          <Typography.Text type="secondary">
            {t('printerRoom.stations.createdAt', { at: formatVietnamDateTime(station.createdAt) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {station.revokedAt
              ? t('printerRoom.stations.revokedAt', { at: formatVietnamDateTime(station.revokedAt) })
              : station.lastSeenAt
                ? t('printerRoom.stations.lastSeen', { at: formatVietnamDateTime(station.lastSeenAt) })
                : t('printerRoom.stations.neverSeen')}
          </Typography.Text>
        </Flex>
        {inUse && (
          <Popconfirm
            title={t('printerRoom.stations.revokeConfirm')}
            okText={t('printerRoom.stations.revokeOk')}
            cancelText={t('printerRoom.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={handleRevoke}
          >
            <Button danger loading={revoking}>
              {t('printerRoom.stations.revoke')}
            </Button>
          </Popconfirm>
        )}
      </Flex>
    </li>
  );
}

/** The key of a station just created, shown once: copy it, or open the station page already set up. */
function CreatedStationDialog({ created, onClose }: { created: ReleaseStationCreated | null; onClose(): void }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const link = created ? stationPageUrl(created.token) : '';
  return (
    <Modal
      open={created !== null}
      title={t('printerRoom.stations.createdTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('printerRoom.stations.done')}
        </Button>
      }
    >
      {created && (
        <Flex vertical gap={8}>
          <Alert type="warning" showIcon title={t('printerRoom.stations.keyOnce')} />
          <Typography.Text strong>{t('printerRoom.stations.key')}</Typography.Text>
          <Typography.Paragraph copyable code data-testid="station-key" style={{ overflowWrap: 'anywhere' }}>
            {created.token}
          </Typography.Paragraph>
          <Typography.Text strong>{t('printerRoom.stations.link')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: link }} style={{ overflowWrap: 'anywhere' }}>
            <a href={link} target="_blank" rel="noopener noreferrer">
              {t('printerRoom.stations.open')}
            </a>
          </Typography.Paragraph>
        </Flex>
      )}
    </Modal>
  );
}

/**
 * The release stations of a held printer, in the officer's printer dialog: the list (GET
 * /v1/spso/release-station), 'Tạo trạm nhận' (the new key shown once, with a link that opens the station page
 * set up) and 'Thu hồi' after a confirmation (the key stops working at once).
 */
export function ReleaseStationsPanel({ printerId }: { printerId: string }) {
  const { t } = useTranslation(UI_NAMESPACE);
  const { notification } = App.useApp();
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ReleaseStationCreated | null>(null);
  const controller = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setList((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    try {
      const answer = await getReleaseStations(printerId, current.signal);
      if (!current.signal.aborted) setList({ status: 'ready', stations: answer.stations });
    } catch {
      if (!current.signal.aborted) setList({ status: 'error' });
    }
  }, [printerId]);

  useEffect(() => {
    void load();
    return () => controller.current?.abort();
  }, [load]);

  const handleCreate = async () => {
    setCreating(true);
    try {
      setCreated(await createReleaseStation(printerId));
      void load();
    } catch (err) {
      notification.error({ title: apiErrorMessage(err, t('printerRoom.stations.createFailure')) });
    } finally {
      setCreating(false);
    }
  };

  const handleRevoke = async (station: ReleaseStation) => {
    try {
      await revokeReleaseStation(station.stationId);
      notification.success({ title: t('printerRoom.stations.revoked') });
    } catch (err) {
      notification.error({ title: apiErrorMessage(err, t('printerRoom.stations.revokeFailure')) });
    }
    await load();
  };

  return (
    <section aria-label={t('printerRoom.stations.label')}>
      <Typography.Paragraph type="secondary">{t('printerRoom.stations.intro')}</Typography.Paragraph>
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button type="primary" loading={creating} onClick={() => void handleCreate()}>
          {t('printerRoom.stations.create')}
        </Button>
      </Flex>
      {list.status === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {list.status === 'error' && (
        <LoadError title={t('printerRoom.stations.loadFailed')} onRetry={() => void load()} />
      )}
      {list.status === 'ready' &&
        (list.stations.length === 0 ? (
          <Typography.Paragraph>{t('printerRoom.stations.empty')}</Typography.Paragraph>
        ) : (
          <ul aria-label={t('printerRoom.stations.label')} style={{ margin: 0, padding: 0 }}>
            {list.stations.map((station) => (
              <StationRow key={station.stationId} station={station} onRevoke={handleRevoke} />
            ))}
          </ul>
        ))}
      <CreatedStationDialog created={created} onClose={() => setCreated(null)} />
    </section>
  );
}
