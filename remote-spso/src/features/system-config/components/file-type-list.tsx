import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Input, Tag, Typography } from 'antd';
import { CloseOutlined, ExclamationCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { CONFIG_FILE_TYPES_MAX, FILE_TYPE_PATTERN, normalizeFileType, type InactiveFileType } from 'shared-api';

/** How long the inline message of a refused type stays (spec section 9). */
export const INLINE_ERROR_MS = 2_000;

export interface FileTypeListProps {
  id: string;
  value?: string[];
  onChange?(next: string[]): void;
  /** Types this server cannot take now, with why (from the configuration in force). */
  inactive: InactiveFileType[];
}

/**
 * The allowed file types as tags, each removable, and a field to add one: blank is ignored, a duplicate
 * is refused with a toast and a message under the field for 2 s, a type this server cannot take is
 * marked with the reason.
 */
export function FileTypeList({ id, value = [], onChange, inactive }: FileTypeListProps) {
  const { t } = useTranslation('spso');
  const { notification } = App.useApp();
  const [draft, setDraft] = useState('');
  const [inline, setInline] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const showInline = (text: string) => {
    clearTimeout(timer.current ?? undefined);
    setInline(text);
    timer.current = setTimeout(() => setInline(null), INLINE_ERROR_MS);
  };

  const handleAdd = () => {
    const type = normalizeFileType(draft);
    if (!type) {
      setDraft('');
      return;
    }
    if (value.includes(type)) {
      notification.error({ title: t('config.fileTypes.duplicate') });
      showInline(t('config.fileTypes.duplicate'));
      return;
    }
    if (!FILE_TYPE_PATTERN.test(type)) {
      showInline(t('config.fileTypes.invalid'));
      return;
    }
    if (value.length >= CONFIG_FILE_TYPES_MAX) {
      showInline(t('config.fileTypes.tooMany', { count: CONFIG_FILE_TYPES_MAX }));
      return;
    }
    onChange?.([...value, type]);
    setDraft('');
    notification.success({ title: t('config.fileTypes.added') });
  };

  const reasonOf = (type: string) => inactive.find((entry) => entry.type === type)?.reason;

  return (
    <Flex vertical gap={8}>
      <ul aria-label={t('config.fileTypes.listLabel')} className="sp-file-types" style={LIST}>
        {value.map((type) => {
          const reason = reasonOf(type);
          return (
            <li key={type} style={{ maxWidth: '100%' }}>
              <Tag
                color={reason ? 'warning' : 'blue'}
                style={{ margin: 0, whiteSpace: 'normal', maxWidth: '100%', paddingInlineEnd: 0 }}
              >
                {reason && <ExclamationCircleOutlined aria-hidden style={{ marginInlineEnd: 4 }} />}
                {type}
                {reason && ` · ${t(`config.fileTypes.inactive.${reason}`)}`}
                <Button
                  type="text"
                  size="small"
                  icon={<CloseOutlined aria-hidden />}
                  aria-label={t('config.fileTypes.remove', { type })}
                  style={{ marginInlineStart: 2, height: 20, width: 20, minWidth: 20 }}
                  onClick={() => onChange?.(value.filter((entry) => entry !== type))}
                />
              </Tag>
            </li>
          );
        })}
      </ul>
      <Flex gap={8} wrap>
        <Input
          id={id}
          value={draft}
          maxLength={20}
          placeholder={t('config.fileTypes.placeholder')}
          style={{ flex: '1 1 160px', maxWidth: 260 }}
          status={inline ? 'error' : undefined}
          aria-describedby={inline ? `${id}-error` : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            handleAdd();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={handleAdd}>
          {t('config.fileTypes.add')}
        </Button>
      </Flex>
      <div aria-live="polite">
        {inline && (
          <Typography.Text type="danger" id={`${id}-error`}>
            {inline}
          </Typography.Text>
        )}
      </div>
    </Flex>
  );
}

const LIST = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: 8,
} as const;
