import { useEffect, useRef } from 'react';
import { App } from 'antd';
import type { WatcherNotice } from '../../manifest';

/**
 * Shows each notice a Watcher sent as antd's notification (inside antd's App), once each: the shell
 * mounts it with antd when the first notice comes (issue 22: no antd on the first page for it).
 */
export function WatcherToasts({ notices }: { notices: readonly WatcherNotice[] }) {
  const { notification } = App.useApp();
  const shown = useRef(new WeakSet<WatcherNotice>());
  useEffect(() => {
    for (const notice of notices) {
      if (shown.current.has(notice)) continue;
      shown.current.add(notice);
      notification[notice.type]({
        key: notice.key,
        title: notice.title,
        description: notice.description,
        duration: notice.duration,
      });
    }
  }, [notices, notification]);
  return null;
}
