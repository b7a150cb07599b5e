import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { isRole, type RemoteLocations, type Role } from 'shared-api';
import type { RemoteManifest } from 'shared-ui/core';
import { REMOTE_LOCATIONS_PATH, takeEarly } from '../app/early-requests';

/** Where each role's remote lives, read at run time (server answers /remotes.json, env overridable). */
export async function fetchRemoteLocations(): Promise<RemoteLocations> {
  // asked for at boot beside the app's chunks (app/first-page.ts): that answer if it came, else once more
  const early = (await takeEarly(REMOTE_LOCATIONS_PATH)) as RemoteLocations | null;
  if (early) return early;
  const res = await fetch(REMOTE_LOCATIONS_PATH, { cache: 'no-store' });
  if (!res.ok) throw new Error(`/remotes.json: HTTP ${res.status}`);
  return (await res.json()) as RemoteLocations;
}

export const remoteName = (role: Role) => `remote_${role}`;

const pending = new Map<string, Promise<RemoteManifest>>();

/**
 * Fetches only the signed-in role's remote and answers its manifest, once: a load started early (at
 * boot, see app/first-page.ts) is the one the layout gets. A failed load is forgotten, so a retry
 * re-registers the remote and fetches its entry again.
 */
export function loadRoleManifest(role: Role): Promise<RemoteManifest> {
  let load = pending.get(role);
  if (!load) {
    load = fetchRoleManifest(role);
    pending.set(role, load);
    load.catch(() => pending.delete(role));
  }
  return load;
}

/** Starts loading a role's remote from the role an unchecked token names (unknown roles are ignored). */
export function preloadRoleManifest(role: string): Promise<RemoteManifest> | undefined {
  return isRole(role) ? loadRoleManifest(role) : undefined;
}

async function fetchRoleManifest(role: Role): Promise<RemoteManifest> {
  const locations = await fetchRemoteLocations();
  const entry = locations[role];
  if (!entry) throw new Error(`no remote for role ${role}`);
  const name = remoteName(role);
  registerRemotes([{ name, entry }], { force: true });
  const mod = await loadRemote<{ default: RemoteManifest }>(`${name}/manifest`);
  if (!mod?.default) throw new Error(`${name}/manifest is empty`);
  return mod.default;
}
