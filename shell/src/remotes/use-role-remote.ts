import { useCallback, useEffect, useState } from 'react';
import type { Role } from 'shared-api';
import type { RemoteManifest } from 'shared-ui/core';
import { addLocaleBundle } from '../i18n';
import { loadRoleManifest } from './remote-loader';
import { antdLoaded } from '../app/antd-loaded';

export type RemoteState =
  | { status: 'loading'; manifest: null; error: null }
  | { status: 'ready'; manifest: RemoteManifest; error: null }
  | { status: 'error'; manifest: null; error: Error };

/** Loads the role's remote once; `retry` tries again after a failure. */
export function useRoleRemote(role: Role, load = loadRoleManifest): RemoteState & { retry: () => void } {
  const [state, setState] = useState<RemoteState>({ status: 'loading', manifest: null, error: null });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let alive = true;
    setState({ status: 'loading', manifest: null, error: null });
    load(role)
      // ready once the remote's texts of the language shown are there (English: their chunk has loaded)
      .then((manifest) => addLocaleBundle(manifest.namespace, manifest.locales).then(() => manifest))
      .then((manifest) => {
        if (!alive) return;
        // compared once antd is there anyway: the check itself must not bring antd to the first page
        void antdLoaded
          .then(() => Promise.all([import('./singleton-check'), manifest.singletons()]))
          .then(([check, singletons]) => check.reportSingletons(manifest.name, singletons))
          .catch((error: unknown) => console.error(`${manifest.name}: singleton check failed`, error));
        setState({ status: 'ready', manifest, error: null });
      })
      .catch((error: unknown) => {
        if (alive)
          setState({
            status: 'error',
            manifest: null,
            error: error instanceof Error ? error : new Error(String(error)),
          });
      });
    return () => {
      alive = false;
    };
  }, [role, attempt, load]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
