/** shared-ui: components used by more than one app of the portal (a federation singleton). */
import { lazyComponent } from './antd/lazy-component';
import type { ChatPanel as ChatPanelType } from './components/chat/chat-panel';
import type { DevHost as DevHostType } from './components/dev-host/dev-host';

export { PageFrame, type PageFrameProps } from './components/page-frame/page-frame';
export { PlannedPage } from './components/page-frame/planned-page';
// A remote's standalone dev page only: not part of any page of the portal.
export const DevHost = lazyComponent<typeof DevHostType>(() =>
  import('./components/dev-host/dev-host').then((m) => ({ default: m.DevHost })),
);
export { portalTheme, TOAST, withVisibleNames } from './theme';
export type {
  RemoteManifest,
  RemoteRoute,
  RemoteMenuItem,
  LocaleBundle,
  WatcherNotice,
  WatcherProps,
} from './manifest';
export { WatcherToasts } from './components/watcher-toasts/watcher-toasts';
export { filterRoutesForRole } from './route-access';
export { UI_NAMESPACE, uiLocales } from './locales';
export { PrintStatusTag, displayedPrintStatus } from './components/print-status-tag/print-status-tag';
export { LoadError, type LoadErrorProps } from './components/load-error/load-error';
export {
  toVietnamTime,
  formatVietnamDate,
  formatVietnamDateTime,
  VIETNAM_OFFSET_MS,
} from './components/vietnam-time/vietnam-time';
export { CardSkeletons } from './components/card-skeleton/card-skeleton';
export {
  ResponsiveTable,
  type ResponsiveColumn,
  type ResponsiveTableProps,
} from './components/responsive-table/responsive-table';
export { useMediaQuery } from './components/responsive-table/use-media-query';
export {
  DateRangeField,
  type DateRangeFieldProps,
  type DateRangeValue,
} from './components/date-range-field/date-range-field';
export { PrintLogDetailDialog } from './components/print-log/print-log-detail-dialog';
export { optionsSummary, failureReasonText, type PrintLogOptions } from './components/print-log/options-summary';
export { FilterPopover, type FilterPopoverProps } from './components/filter-popover/filter-popover';
export { PrintLogTable, type PrintLogTableProps } from './components/print-log/print-log-table';
export { PrinterStatusTag } from './components/print-status-tag/printer-status-tag';
export {
  DeviceStateTag,
  deviceReasonText,
  deviceReasonTexts,
  isDeviceAvailable,
} from './components/device-state/device-state';
export { type ServerPaging } from './components/responsive-table/responsive-table';
export {
  DEFAULT_PRINTER_ROOM_FILTERS,
  printerRoomQuery,
  type PrinterRoomFilters,
} from './components/printer-room/printer-room-filters';
export { usePrinterRoom, type PrinterRoomState } from './components/printer-room/use-printer-room';
export { locationText } from './components/printer-room/location-text';
export { PrinterTotals } from './components/printer-room/printer-totals';
export { PrinterRoomFilter, type PrinterRoomFilterValue } from './components/printer-room/printer-room-filter';
export { PrinterRoomToolbar } from './components/printer-room/printer-room-toolbar';
export {
  PrinterTable,
  SPSO_PRINTER_COLUMNS,
  STAFF_PRINTER_COLUMNS,
  type PrinterColumnKey,
  type PrinterTableProps,
} from './components/printer-room/printer-table';
export { JobTable, type JobColumnKey, type JobTableProps } from './components/printer-room/job-table';
export { PRINTER_DIALOG_WIDTH } from './components/printer-room/dialog-width';
export { PrintingQueueDialog } from './components/printer-room/printing-queue-dialog';
export { PrintLogDialog, PRINT_LOG_PAGE_SIZE } from './components/printer-room/print-log-dialog';
export { LocationCascade, type LocationDraft } from './components/printer-room/location-cascade';
export { printerRules } from './components/printer-room/printer-rules';
export {
  PrinterFormFields,
  chosenLocation,
  chosenDeviceUri,
  type PrinterFormValues,
} from './components/printer-room/printer-form-fields';
export { DeviceUriField } from './components/printer-room/device-uri-field';
export { PrinterInfo } from './components/printer-room/printer-info';
export { DisableWarning, refundNote } from './components/printer-room/status-change-notes';
export { StaffPrinterDialog } from './components/printer-room/staff-printer-dialog';
export { SpsoPrinterDialog } from './components/printer-room/spso-printer-dialog';
export { AddPrinterDialog } from './components/printer-room/add-printer-dialog';
export { NoticeTable, type NoticeTableProps } from './components/notices/notice-table';
export { NoticeBoard, NOTICE_PAGE_SIZE } from './components/notices/notice-board';
export { senderName, senderRole, printerLink, PRINTER_QUERY_KEY } from './components/notices/notice-text';
// The chat (~4 KB gzip with its list and composer) comes when its drawer first opens (issue 22).
export const ChatPanel = lazyComponent<typeof ChatPanelType>(() =>
  import('./components/chat/chat-panel').then((m) => ({ default: m.ChatPanel })),
);
export { useChatContacts, type ChatContactsState } from './components/chat/use-chat-contacts';
