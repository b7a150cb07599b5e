import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Alert, App, Button, Empty, Flex, Input } from 'antd';
import type { StudentPrinterItem } from 'shared-api';
import { CardSkeletons, PageFrame } from 'shared-ui';
import { DEFAULT_PRINTER_FILTERS, type PrinterFilters } from '../features/printers/api/get-printers';
import { PrinterCard } from '../features/printers/components/printer-card';
import { PrinterFilter } from '../features/printers/components/printer-filter';
import { PrinterSort } from '../features/printers/components/printer-sort';
import { usePrinters } from '../features/printers/hooks/use-printers';

/** /Printing: the student picks a printer (search by id, filter, sort); a paused one refuses with a toast. */
export default function PrinterSelectionPage() {
  const { t } = useTranslation('student');
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [filters, setFilters] = useState<PrinterFilters>(DEFAULT_PRINTER_FILTERS);
  const { printers, loading, failed, reload } = usePrinters(filters);

  const handleOpen = (printer: StudentPrinterItem) => {
    if (printer.status !== 1) {
      notification.error({ title: t('printerSelection.pausedToast') });
      return;
    }
    navigate(`/Printing/${encodeURIComponent(printer.printerId)}`);
  };

  return (
    <PageFrame title={t('printerSelection.title')}>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          aria-label={t('printerSelection.search')}
          placeholder={t('printerSelection.search')}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          onSearch={(searchField) => setFilters((f) => ({ ...f, searchField }))}
        />
        <PrinterFilter
          value={{ facility: filters.facility, status: filters.status }}
          onChange={(next) => setFilters((f) => ({ ...f, ...next }))}
        />
        <PrinterSort
          value={{ sortName: filters.sortName, sortPrinted: filters.sortPrinted }}
          onChange={(next) => setFilters((f) => ({ ...f, ...next }))}
        />
      </Flex>
      {failed && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('printerSelection.loadFailed')}
          action={<Button onClick={reload}>{t('printerSelection.retry')}</Button>}
        />
      )}
      <div style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 240, overflowY: 'auto', padding: 2 }}>
        {loading ? (
          <CardSkeletons count={6} />
        ) : printers.length === 0 && !failed ? (
          <Empty description={t('printerSelection.empty')} />
        ) : (
          <div
            role="list"
            style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
          >
            {printers.map((printer) => (
              <div role="listitem" key={printer.printerId} style={{ display: 'flex' }}>
                <PrinterCard printer={printer} onOpen={handleOpen} />
              </div>
            ))}
          </div>
        )}
      </div>
    </PageFrame>
  );
}
