/**
 * shared-ui's light part (a federation singleton of its own): what the shell's layout and a remote's
 * manifest need before any page draws, without antd or any component. The first signed-in page loads this,
 * not the whole of shared-ui (issue 22). Everything here is also exported by 'shared-ui'.
 */
export { portalTheme, TOAST, withVisibleNames } from './theme';
export type {
  RemoteManifest,
  RemoteRoute,
  RemoteMenuItem,
  LocaleBundle,
  LocaleBundles,
  LocaleLoader,
  WatcherNotice,
  WatcherProps,
} from './manifest';
export { optionsSummary, failureReasonText, type PrintLogOptions } from './components/print-log/options-summary';
export { filterRoutesForRole } from './route-access';
export { UI_NAMESPACE, uiLocales, loadLocale } from './locales';
export { useChatContacts, type ChatContactsState } from './components/chat/use-chat-contacts';
