import type { ComponentType, ReactNode } from 'react';
import type { RouteAccess } from 'shared-api';

/** One page a remote brings, mounted by the shell inside its layout (or bare, for layout 'none'). */
export interface RemoteRoute {
  path: string;
  access: RouteAccess;
  Component: ComponentType;
  /** 'app' (default): inside the common layout; 'none': a page of its own (spec: /Bkpay). */
  layout?: 'app' | 'none';
}

/** One side-menu link a remote brings, between the shell's Home and Guide items. */
export interface RemoteMenuItem {
  key: string;
  /** i18n key in the remote's namespace. */
  labelKey: string;
  path: string;
  icon: ReactNode;
  /** Shows the new-notice count as a red badge. */
  badge?: 'notices';
}

export type LocaleBundle = Record<string, unknown>;
/** A language's texts in a chunk of their own (`() => import('./locales/en.json')`), loaded when it shows. */
export type LocaleLoader = () => Promise<{ default: LocaleBundle }>;
/**
 * A remote's texts per language. Vietnamese (the default and fallback) comes with the manifest; English may
 * be a loader, so a page in Vietnamese never loads it (issue 22), or the texts themselves (a remote deployed
 * before the loader, still accepted).
 */
export interface LocaleBundles {
  vi: LocaleBundle;
  en: LocaleBundle | LocaleLoader;
}

/** What each remote exposes as `./manifest`; the shell builds routes and the menu from it. */
/**
 * A message a remote's Watcher asks the shell to show. The shell draws it as antd's notification,
 * loading antd then: the Watcher itself draws nothing and loads no antd with the first page (issue 22).
 * `title` and `description` are text (the student's own file names among them), never markup.
 */
export interface WatcherNotice {
  /** The same key replaces a notice still shown. */
  key: string;
  type: 'info' | 'success' | 'warning' | 'error';
  title: string;
  description: string;
  /** Seconds; 0 stays until closed. */
  duration: number;
}

export interface WatcherProps {
  notify: (notice: WatcherNotice) => void;
}

export interface RemoteManifest {
  name: string;
  /** The remote's i18n namespace. */
  namespace: string;
  routes: RemoteRoute[];
  menu: RemoteMenuItem[];
  locales: LocaleBundles;
  /** Extra content of the user dropdown (the student's buy-paper button and ledger link). */
  UserMenuExtra?: ComponentType;
  /**
   * Mounted once by the layout while the role is signed in, whatever the page: live messages of the
   * role (the student is told when a job of theirs is refunded). Renders nothing itself.
   */
  Watcher?: ComponentType<WatcherProps>;
  /**
   * The module objects the remote got for each shared singleton; the shell compares them with its
   * own to prove there is one instance of each (a mismatch is reported, and e2e fails on it). A loader:
   * the objects include antd's, and the manifest must not bring antd to the first page (issue 22).
   */
  singletons: () => Promise<Record<string, unknown>>;
}
