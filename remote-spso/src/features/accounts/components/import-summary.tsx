import { useTranslation } from 'react-i18next';
import { Alert, Descriptions, Tag, Typography } from 'antd';
import { IMPORT_CHANGES_SHOWN, type ImportChange, type ImportError, type ImportResult } from 'shared-api';
import { ResponsiveTable, type ResponsiveColumn } from 'shared-ui';
import { fullName } from '../accounts-format';

/** The lines of a long list shown at once (the rest one 'Xem thêm' or page away). */
const LINES_PER_PAGE = 10;

/** A row of either list: a line may be named more than once (two wrong fields), so rows are keyed by place. */
type Keyed<T> = T & { key: number };
const keyed = <T,>(rows: T[]): Keyed<T>[] => rows.map((row, key) => ({ ...row, key }));

/**
 * What a dry run found (or an import wrote): how many students would be created, updated and left as
 * they are; every wrong line with its number and reason (then nothing can be written); and the first
 * lines that change. The file's names and e-mails are drawn as text.
 */
export function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useTranslation('spso');
  const placeholder = t('accounts.placeholder');
  const errorColumns: ResponsiveColumn<Keyed<ImportError>>[] = [
    { key: 'line', dataIndex: 'line', title: t('accounts.import.line'), width: 90, card: 'title' },
    { key: 'message', dataIndex: 'message', title: t('accounts.import.reason') },
  ];
  const changeColumns: ResponsiveColumn<Keyed<ImportChange>>[] = [
    { key: 'line', dataIndex: 'line', title: t('accounts.import.line'), width: 90 },
    { key: 'mssv', dataIndex: 'mssv', title: t('accounts.columns.code'), card: 'title' },
    { key: 'name', title: t('accounts.columns.name'), render: (_: unknown, row) => fullName(row) },
    { key: 'email', dataIndex: 'email', title: t('accounts.columns.email') },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('accounts.import.action'),
      render: (value: ImportChange['action']) => (
        <Tag color={value === 'create' ? 'green' : 'blue'}>{t(`accounts.import.actions.${value}`)}</Tag>
      ),
    },
    {
      key: 'fields',
      dataIndex: 'fields',
      title: t('accounts.import.fields'),
      render: (value: string[] | undefined) =>
        value && value.length > 0
          ? value.map((field) => t(`accounts.import.fieldNames.${field}`, { defaultValue: field })).join(', ')
          : placeholder,
    },
  ];
  const changed = result.created + result.updated;
  return (
    <section aria-label={t('accounts.import.summary')}>
      {result.applied ? (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('accounts.import.applied', {
            created: result.created,
            updated: result.updated,
            unchanged: result.unchanged,
          })}
        />
      ) : result.errors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('accounts.import.hasErrors', { count: result.errors.length })}
        />
      ) : changed > 0 ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('accounts.import.ready')} />
      ) : (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('accounts.import.nothing')} />
      )}
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 3 }}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'created', label: t('accounts.import.created'), children: result.created },
          { key: 'updated', label: t('accounts.import.updated'), children: result.updated },
          { key: 'unchanged', label: t('accounts.import.unchanged'), children: result.unchanged },
        ]}
      />
      {result.errors.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            {t('accounts.import.errorsTitle')}
          </Typography.Title>
          <ResponsiveTable<Keyed<ImportError>>
            aria-label={t('accounts.import.errorsTitle')}
            columns={errorColumns}
            dataSource={keyed(result.errors)}
            rowKey="key"
            size="small"
            cardBelow={576}
            pageSize={LINES_PER_PAGE}
            emptyText={placeholder}
          />
        </>
      )}
      {result.changes.length > 0 && (
        <>
          <Typography.Title level={2} style={{ fontSize: 16, marginTop: 16 }}>
            {t('accounts.import.changesTitle')}
          </Typography.Title>
          {changed > result.changes.length && (
            <Typography.Paragraph type="secondary">
              {t('accounts.import.changesShown', { shown: result.changes.length, max: IMPORT_CHANGES_SHOWN })}
            </Typography.Paragraph>
          )}
          <ResponsiveTable<Keyed<ImportChange>>
            aria-label={t('accounts.import.changesTitle')}
            columns={changeColumns}
            dataSource={keyed(result.changes)}
            rowKey="key"
            size="small"
            cardBelow={768}
            minWidth={720}
            pageSize={LINES_PER_PAGE}
            emptyText={placeholder}
          />
        </>
      )}
    </section>
  );
}
