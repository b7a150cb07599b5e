/**
 * The antd components the signed-in portal uses, shared by shell and remotes as the one `antd` singleton.
 * Sharing the whole of antd through Module Federation turns off its tree shaking (~446 KB gzip);
 * this explicit list keeps only what is used. `import { X } from 'antd'` resolves here in webpack
 * (federation `import`), TypeScript (paths) and jest (moduleNameMapper): add a component here first.
 */
export { default as App } from 'antd/es/app';
export { default as Alert } from 'antd/es/alert';
export { default as Avatar } from 'antd/es/avatar';
export { default as Badge } from 'antd/es/badge';
export { default as Breadcrumb } from 'antd/es/breadcrumb';
export { default as Button } from 'antd/es/button';
export { default as Card } from 'antd/es/card';
export { default as Checkbox } from 'antd/es/checkbox';
export { default as Col } from 'antd/es/col';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as DatePicker } from 'antd/es/date-picker';
export { default as Descriptions } from 'antd/es/descriptions';
export { default as Divider } from 'antd/es/divider';
export { default as Drawer } from 'antd/es/drawer';
export { default as Dropdown } from 'antd/es/dropdown';
export { default as Empty } from 'antd/es/empty';
export { default as Flex } from 'antd/es/flex';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input';
export { default as InputNumber } from 'antd/es/input-number';
export { default as Layout } from 'antd/es/layout';
export { default as List } from 'antd/es/list';
export { default as Menu } from 'antd/es/menu';
export { default as Modal } from 'antd/es/modal';
export { default as Popconfirm } from 'antd/es/popconfirm';
export { default as Popover } from 'antd/es/popover';
export { default as Progress } from 'antd/es/progress';
export { default as Radio } from 'antd/es/radio';
export { default as Result } from 'antd/es/result';
export { default as Row } from 'antd/es/row';
export { default as Segmented } from 'antd/es/segmented';
export { default as Select } from 'antd/es/select';
export { default as Skeleton } from 'antd/es/skeleton';
export { default as Space } from 'antd/es/space';
export { default as Spin } from 'antd/es/spin';
export { default as Statistic } from 'antd/es/statistic';
export { default as Switch } from 'antd/es/switch';
export { default as Table } from 'antd/es/table';
export { default as Tabs } from 'antd/es/tabs';
export { default as Tag } from 'antd/es/tag';
export { default as Tooltip } from 'antd/es/tooltip';
export { default as Typography } from 'antd/es/typography';
export { default as Upload } from 'antd/es/upload';
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
