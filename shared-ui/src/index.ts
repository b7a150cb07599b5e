/** shared-ui: components used by more than one app of the portal (a federation singleton). */
export { PageFrame, type PageFrameProps } from './components/page-frame/page-frame';
export { PlannedPage } from './components/page-frame/planned-page';
export { DevHost } from './components/dev-host/dev-host';
export { portalTheme, TOAST } from './theme';
export type { RemoteManifest, RemoteRoute, RemoteMenuItem, LocaleBundle } from './manifest';
export { filterRoutesForRole } from './route-access';
export { UI_NAMESPACE, uiLocales } from './locales';
export { PrintStatusTag, displayedPrintStatus } from './components/print-status-tag/print-status-tag';
export { toVietnamTime, formatVietnamDateTime, VIETNAM_OFFSET_MS } from './components/vietnam-time/vietnam-time';
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
