import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteLocations, Role } from 'shared-api';
import type { RemoteManifest } from 'shared-ui';

/** Where each role's remote lives, read at run time (server answers /remotes.json, env overridable). */
export async function fetchRemoteLocations(): Promise<RemoteLocations> {
  const res = await fetch('/remotes.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`/remotes.json: HTTP ${res.status}`);
  return (await res.json()) as RemoteLocations;
}

export const remoteName = (role: Role) => `remote_${role}`;

/**
 * Fetches only the signed-in role's remote and answers its manifest. `force` re-registers the remote
 * so a retry after a failed load fetches the entry again.
 */
export async function loadRoleManifest(role: Role): Promise<RemoteManifest> {
  const locations = await fetchRemoteLocations();
  const entry = locations[role];
  if (!entry) throw new Error(`no remote for role ${role}`);
  const name = remoteName(role);
  registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<{ default: RemoteManifest }>(`${name}/manifest`);
  if (!mod?.default) throw new Error(`${name}/manifest is empty`);
  return mod.default;
}
