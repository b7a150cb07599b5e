/**
 * The antd components the signed-in portal uses, shared by shell and remotes as the one `antd` singleton.
 * Sharing the whole of antd through Module Federation turns off its tree shaking (~446 KB gzip);
 * this explicit list keeps only what is used. `import { X } from 'antd'` resolves here in webpack
 * (federation `import`), TypeScript (paths) and jest (moduleNameMapper): add a component here first.
 *
 * The heavier components below load on first use (lazyComponent), so the first signed-in page carries
 * only what the layout draws.
 */
export { default as App } from 'antd/es/app';
export { default as Alert } from 'antd/es/alert';
export { default as Avatar } from 'antd/es/avatar';
export { default as Badge } from 'antd/es/badge';
export { default as Breadcrumb } from 'antd/es/breadcrumb';
export { default as Button } from 'antd/es/button';
export { default as Checkbox } from 'antd/es/checkbox';
export { default as Col } from 'antd/es/col';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Descriptions } from 'antd/es/descriptions';
export { default as Divider } from 'antd/es/divider';
export { default as Drawer } from 'antd/es/drawer';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Empty } from 'antd/es/empty';
export { default as Flex } from 'antd/es/flex';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input';
export { default as Layout } from 'antd/es/layout';
export { default as Menu } from 'antd/es/menu';
export { default as Modal } from 'antd/es/modal';
export { default as Popconfirm } from 'antd/es/popconfirm';
export { default as Popover } from 'antd/es/popover';
export { default as Radio } from 'antd/es/radio';
export { default as Result } from 'antd/es/result';
export { default as Row } from 'antd/es/row';
export { default as Skeleton } from 'antd/es/skeleton';
export { default as Space } from 'antd/es/space';
export { default as Spin } from 'antd/es/spin';
export { default as Switch } from 'antd/es/switch';
export { default as Tag } from 'antd/es/tag';
export { default as Tooltip } from 'antd/es/tooltip';
export { default as Typography } from 'antd/es/typography';
export { default as message } from 'antd/es/message';
export { default as notification } from 'antd/es/notification';
export { default as theme } from 'antd/es/theme';

export type { AlertProps } from 'antd/es/alert';
export type { ButtonProps } from 'antd/es/button';
export type { CardProps } from 'antd/es/card';
export type { DescriptionsProps } from 'antd/es/descriptions';
export type { DropdownProps } from 'antd/es/dropdown';
export type { FormInstance, FormProps, Rule as FormRule } from 'antd/es/form';
export type { InputProps, InputRef } from 'antd/es/input';
export type { MenuProps } from 'antd/es/menu';
export type { ModalProps } from 'antd/es/modal';
export type { SelectProps } from 'antd/es/select';
export type { ColumnsType as TableColumnsType, TablePaginationConfig, TableProps } from 'antd/es/table';
export type { TabsProps } from 'antd/es/tabs';
export type { ThemeConfig } from 'antd/es/config-provider';
export type { UploadFile, UploadProps } from 'antd/es/upload';
export type { RadioChangeEvent } from 'antd/es/radio';
export type { CheckboxChangeEvent } from 'antd/es/checkbox';

import { createElement } from 'react';
import { lazyComponent } from './lazy-component';
import SkeletonInput from 'antd/es/skeleton/Input';
import type DatePickerType from 'antd/es/date-picker';
import type TableType from 'antd/es/table';
import type SelectType from 'antd/es/select';
import type UploadType from 'antd/es/upload';
import type InputNumberType from 'antd/es/input-number';
import type TabsType from 'antd/es/tabs';
import type StatisticType from 'antd/es/statistic';
import type SegmentedType from 'antd/es/segmented';
import type ProgressType from 'antd/es/progress';
import type CardType from 'antd/es/card';
import type ListType from 'antd/es/list';
import type PaginationType from 'antd/es/pagination';

export const Table = lazyComponent<typeof TableType>(() => import('antd/es/table'));
export const Select = lazyComponent<typeof SelectType>(() => import('antd/es/select'));
/** Where a date field will be while its picker loads: a field-shaped skeleton, not an empty gap. */
const dateFieldLoading = createElement(SkeletonInput, {
  active: true,
  block: true,
  style: { minWidth: 160, height: 32 },
});
export const DatePicker = lazyComponent<typeof DatePickerType>(() => import('antd/es/date-picker'), dateFieldLoading);
export const RangePicker = lazyComponent<typeof DatePickerType.RangePicker>(
  () => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })),
  dateFieldLoading,
);
export const Upload = lazyComponent<typeof UploadType>(() => import('antd/es/upload'));
export const Dragger = lazyComponent<typeof UploadType.Dragger>(() =>
  import('antd/es/upload').then((m) => ({ default: m.default.Dragger })),
);
export const InputNumber = lazyComponent<typeof InputNumberType>(() => import('antd/es/input-number'));
export const Tabs = lazyComponent<typeof TabsType>(() => import('antd/es/tabs'));
export const Statistic = lazyComponent<typeof StatisticType>(() => import('antd/es/statistic'));
export const Segmented = lazyComponent<typeof SegmentedType>(() => import('antd/es/segmented'));
export const Progress = lazyComponent<typeof ProgressType>(() => import('antd/es/progress'));
// Card and List bring Tabs, Pagination and Select with them.
export const Card = lazyComponent<typeof CardType>(() => import('antd/es/card'));
export const List = lazyComponent<typeof ListType>(() => import('antd/es/list'));
// A list paged on the server drawn as cards (the table brings its own).
export const Pagination = lazyComponent<typeof PaginationType>(() => import('antd/es/pagination'));
