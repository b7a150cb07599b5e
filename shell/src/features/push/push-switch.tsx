import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flex, Switch, Typography } from 'antd';
import { apiErrorMessage, deletePushSubscription, getPushKey, savePushSubscription } from 'shared-api';
import { applicationServerKey, detectPushPlatform, subscriptionRequest, type PushPlatform } from './browser-push';

interface Props {
  /** Finds the browser's Web Push (null: none, the switch is not shown); tests give a fake. */
  detect?: () => PushPlatform | null;
}

type Note = { kind: 'ok' | 'error'; text: string } | null;

/**
 * A student's switch for push notifications on this browser (printed, failed with the refund, about to
 * expire), shown only where the browser can receive them. On: the permission, /sw.js registered, a
 * subscription with the server's VAPID key, kept by the server. Off: the server forgets it and the
 * browser drops it. A permission the browser blocks says how to allow it.
 */
export function PushSwitch({ detect = detectPushPlatform }: Props) {
  const { t } = useTranslation();
  const [platform] = useState(detect);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(platform !== null);
  const [note, setNote] = useState<Note>(null);
  const labelId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!platform) return;
    let live = true;
    void (async () => {
      try {
        const manager = await platform.existing();
        const subscription = manager ? await manager.getSubscription() : null;
        if (live) setChecked(subscription !== null && platform.permission() === 'granted');
      } catch {
        // no state to read: shown as off, turning it on subscribes afresh
      } finally {
        if (live) setBusy(false);
      }
    })();
    return () => {
      live = false;
    };
  }, [platform]);

  if (!platform) return null;

  const handleTurnOn = async () => {
    const permission = await platform.requestPermission();
    if (permission !== 'granted') {
      setNote({ kind: 'error', text: t(permission === 'denied' ? 'push.denied' : 'push.dismissed') });
      return;
    }
    const manager = await platform.register();
    // a subscription this browser has already (the server may have forgotten it) is sent again
    const subscription =
      (await manager.getSubscription()) ??
      (await manager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(await getPushKey()),
      }));
    try {
      await savePushSubscription(subscriptionRequest(subscription));
    } catch (error) {
      // the server did not keep it: the browser must not keep a subscription nobody sends to
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
    setChecked(true);
    setNote({ kind: 'ok', text: t('push.on') });
  };

  const handleTurnOff = async () => {
    const manager = await platform.existing();
    const subscription = manager ? await manager.getSubscription() : null;
    if (subscription) {
      await deletePushSubscription(subscriptionRequest(subscription));
      await subscription.unsubscribe();
    }
    setChecked(false);
    setNote({ kind: 'ok', text: t('push.off') });
  };

  const handleChange = async (on: boolean) => {
    setBusy(true);
    setNote(null);
    try {
      await (on ? handleTurnOn() : handleTurnOff());
    } catch (error) {
      setNote({
        kind: 'error',
        text: t('push.failed', {
          reason: apiErrorMessage(error, error instanceof Error ? error.message : String(error)),
        }),
      });
    } finally {
      setBusy(false);
    }
  };

  const blocked = platform.permission() === 'denied';
  return (
    <Flex vertical gap={4} className="sp-push-switch">
      <Flex align="center" justify="space-between" gap={12}>
        <Typography.Text id={labelId}>{t('push.label')}</Typography.Text>
        <Switch
          checked={checked}
          loading={busy}
          disabled={busy}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          onChange={(on) => void handleChange(on)}
        />
      </Flex>
      <Typography.Text id={hintId} type="secondary" style={{ fontSize: 12 }}>
        {t('push.hint')}
      </Typography.Text>
      {note ? (
        <Typography.Text
          role={note.kind === 'error' ? 'alert' : 'status'}
          type={note.kind === 'error' ? 'danger' : 'success'}
        >
          {note.text}
        </Typography.Text>
      ) : (
        blocked &&
        !checked && (
          <Typography.Text role="status" type="warning">
            {t('push.denied')}
          </Typography.Text>
        )
      )}
    </Flex>
  );
}
