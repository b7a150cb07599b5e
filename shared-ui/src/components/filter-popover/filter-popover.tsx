import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Popover } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import { UI_NAMESPACE } from '../../locales';

export interface FilterPopoverProps<V> {
  /** The filters in force. */
  value: V;
  /** What 'Hủy' resets to (no filter). */
  empty: V;
  onChange(next: V): void;
  /** The fields, editing a draft that only 'Áp dụng' hands over. */
  children(draft: V, setDraft: (next: V) => void): ReactNode;
  /** Some filter is set: the button is highlighted. */
  active: boolean;
  /** The button's text when not 'Bộ lọc' (the report's 'Lọc báo cáo'). */
  label?: string;
  /** Where the popover opens (a button at the right of its row opens to the left). */
  placement?: 'bottomLeft' | 'bottomRight';
}

/**
 * The filter button of a list and its popover: the fields edit a draft, 'Áp dụng' applies it, 'Hủy'
 * clears every filter. Sized to fit a 360 px screen. Shared so every role's lists filter alike.
 */
export function FilterPopover<V>({
  value,
  empty,
  onChange,
  children,
  active,
  label,
  placement = 'bottomLeft',
}: FilterPopoverProps<V>) {
  const { t } = useTranslation(UI_NAMESPACE);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<V>(value);

  const handleOpenChange = (next: boolean) => {
    if (next) setDraft(value);
    setOpen(next);
  };
  const handleReset = () => {
    setDraft(empty);
    onChange(empty);
    setOpen(false);
  };
  const handleApply = () => {
    onChange(draft);
    setOpen(false);
  };

  const content = (
    // With the popover's own padding it stays inside a 360 px screen.
    <Flex vertical gap={12} style={{ width: 'min(470px, calc(100vw - 80px))' }}>
      {children(draft, setDraft)}
      <Flex justify="flex-end" gap={8}>
        <Button onClick={handleReset}>{t('filter.reset')}</Button>
        <Button type="primary" onClick={handleApply}>
          {t('filter.apply')}
        </Button>
      </Flex>
    </Flex>
  );
  return (
    <Popover
      trigger="click"
      placement={placement}
      autoAdjustOverflow
      open={open}
      onOpenChange={handleOpenChange}
      content={content}
    >
      <Button icon={<FilterOutlined />} type={active ? 'primary' : 'default'}>
        {label ?? t('filter.open')}
      </Button>
    </Popover>
  );
}
