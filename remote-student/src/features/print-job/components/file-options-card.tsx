import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Input, InputNumber, Radio, Typography } from 'antd';
import { DeleteOutlined, FileOutlined } from '@ant-design/icons';
import type { FileOptions, PricedFile, SelectedFile } from '../hooks/use-print-files';

interface Props {
  file: PricedFile;
  onOptions(patch: Partial<FileOptions>): void;
  onPages(patch: Partial<Pick<SelectedFile, 'pagesMode' | 'pagesText'>>): void;
  onRemove(): void;
}

function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Typography.Text type="secondary" id={id}>
        {label}
      </Typography.Text>
      {children}
    </div>
  );
}

/** One selected file: its page count and cost, its print options and a remove button. */
export function FileOptionsCard({ file, onOptions, onPages, onRemove }: Props) {
  const { t } = useTranslation('student');
  const id = (name: string) => `${file.uid}-${name}`;
  const name = file.file.name;
  const group = { optionType: 'button', buttonStyle: 'solid', size: 'small' } as const;

  const pagesInfo = file.counting
    ? t('printConfig.counting')
    : file.pageCount === null
      ? t('printConfig.serverCounts')
      : t('printConfig.pageCount', { count: file.pageCount });

  return (
    <section
      aria-label={name}
      style={{
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        padding: 16,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong ellipsis style={{ maxWidth: '60%' }}>
          <FileOutlined /> {name}
        </Typography.Text>
        <Flex align="center" gap={12}>
          <Typography.Text type="secondary">{pagesInfo}</Typography.Text>
          <Typography.Text strong data-testid="file-cost">
            {file.cost === null ? t('printConfig.costUnknown') : t('printConfig.cost', { count: file.cost })}
          </Typography.Text>
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('printConfig.remove', { name })}
            onClick={onRemove}
          />
        </Flex>
      </Flex>
      <div style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
        <Field id={id('paper')} label={t('printConfig.paperSize')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('paper')}
            name={id('paper')}
            value={file.options.paperSize}
            onChange={(e) => onOptions({ paperSize: e.target.value })}
            options={[
              { value: 'A4', label: 'A4' },
              { value: 'A3', label: 'A3' },
            ]}
          />
        </Field>
        <Field id={id('copies')} label={t('printConfig.copies')}>
          <InputNumber
            aria-labelledby={id('copies')}
            size="small"
            min={1}
            max={999}
            precision={0}
            value={file.options.numVersion}
            onChange={(value) => onOptions({ numVersion: Math.min(999, Math.max(1, Math.trunc(Number(value) || 1))) })}
          />
        </Field>
        <Field id={id('color')} label={t('printConfig.color')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('color')}
            name={id('color')}
            value={file.options.colorOption}
            onChange={(e) => onOptions({ colorOption: e.target.value })}
            options={[
              { value: false, label: t('printConfig.colorNormal') },
              { value: true, label: t('printConfig.colorColor') },
            ]}
          />
        </Field>
        <Field id={id('orientation')} label={t('printConfig.orientation')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('orientation')}
            name={id('orientation')}
            value={file.options.landScapeOption}
            onChange={(e) => onOptions({ landScapeOption: e.target.value })}
            options={[
              { value: false, label: t('printConfig.portrait') },
              { value: true, label: t('printConfig.landscape') },
            ]}
          />
        </Field>
        <Field id={id('perSheet')} label={t('printConfig.pagesPerSheet')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('perSheet')}
            name={id('perSheet')}
            value={file.options.pagesPerSheet}
            onChange={(e) => onOptions({ pagesPerSheet: e.target.value })}
            options={[1, 2, 4].map((n) => ({ value: n, label: String(n) }))}
          />
        </Field>
        <Field id={id('sides')} label={t('printConfig.sides')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('sides')}
            name={id('sides')}
            value={file.options.numSides}
            onChange={(e) => onOptions({ numSides: e.target.value })}
            options={[
              { value: 1, label: t('printConfig.oneSide') },
              { value: 2, label: t('printConfig.twoSides') },
            ]}
          />
        </Field>
        <Field id={id('pages')} label={t('printConfig.pages')}>
          <Radio.Group
            {...group}
            aria-labelledby={id('pages')}
            name={id('pages')}
            value={file.pagesMode}
            onChange={(e) => onPages({ pagesMode: e.target.value })}
            options={[
              { value: 'all', label: t('printConfig.pagesAll') },
              { value: 'custom', label: t('printConfig.pagesCustom') },
            ]}
          />
          {file.pagesMode === 'custom' && (
            <>
              <Input
                size="small"
                aria-label={`${t('printConfig.pages')}: ${name}`}
                placeholder={t('printConfig.pagesPlaceholder')}
                status={file.range.ok ? undefined : 'error'}
                value={file.pagesText}
                onChange={(e) => onPages({ pagesText: e.target.value })}
              />
              {!file.range.ok && (
                <Typography.Text type="danger" role="alert">
                  {t(`printConfig.range.${file.range.error}`)}
                </Typography.Text>
              )}
            </>
          )}
        </Field>
      </div>
    </section>
  );
}
