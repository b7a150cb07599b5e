/** shared-ui: components used by more than one app of the portal (a federation singleton). */
export { PageFrame, type PageFrameProps } from './components/page-frame/page-frame';
export { PlannedPage } from './components/page-frame/planned-page';
export { DevHost } from './components/dev-host/dev-host';
export { portalTheme, TOAST } from './theme';
export type { RemoteManifest, RemoteRoute, RemoteMenuItem, LocaleBundle } from './manifest';
export { filterRoutesForRole } from './route-access';
export { UI_NAMESPACE, uiLocales } from './locales';
