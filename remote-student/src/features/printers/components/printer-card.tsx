import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Tag, Typography } from 'antd';
import { BulbOutlined, PrinterOutlined } from '@ant-design/icons';
import { DeviceStateTag, isDeviceAvailable, PrinterStatusTag } from 'shared-ui';
import type { StudentPrinterItem } from 'shared-api';

/**
 * One printer of /Printing: id, facility, building, room, status, a real printer's device state (and a line
 * saying it takes no print request while its device is stopped or offline), waiting requests and the
 * expected wait; a held printer's mark (jobs wait for their owner at the printer); a long queue marked, with
 * the server's suggestion of a shorter one in the same building as a link to it. The title is the button (its name is what it shows, as assistive tech expects); a tap anywhere on the card presses it.
 */
export function PrinterCard({
  printer,
  onOpen,
}: {
  printer: StudentPrinterItem;
  onOpen(printer: StudentPrinterItem): void;
}) {
  const { t } = useTranslation('student');
  const active = printer.status === 1;
  const reachable = isDeviceAvailable(printer.device);
  const handleOpen = () => onOpen(printer);
  return (
    // The card's click only widens the button's target for a thumb; keyboards use the button itself.
    <article
      className="sp-printer-card"
      data-status={printer.status}
      data-available={active && reachable}
      onClick={handleOpen}
      style={{
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        padding: 16,
        background: active && reachable ? '#fff' : '#fafafa',
        cursor: active ? 'pointer' : 'not-allowed',
        display: 'flex',
        flexDirection: 'column',
        gap: 6,
      }}
    >
      <span style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', width: '100%', gap: 8 }}>
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, fontSize: 16 }}>
          <PrinterOutlined aria-hidden />
          <button
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              handleOpen();
            }}
            style={{
              border: 0,
              background: 'none',
              padding: 0,
              font: 'inherit',
              fontWeight: 600,
              color: 'inherit',
              cursor: 'inherit',
              textAlign: 'left',
            }}
          >
            {t('printerSelection.printer', { id: printer.printerId })}
          </button>
        </span>
        <PrinterStatusTag status={printer.status} />
      </span>
      <DeviceStateTag device={printer.device} />
      {printer.releaseMode === 'held' || printer.longQueue ? (
        <span style={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
          {printer.releaseMode === 'held' ? (
            <Tag color="blue" data-testid="held-mark" style={{ marginInlineEnd: 0 }}>
              {t('printerSelection.heldMark')}
            </Tag>
          ) : null}
          {printer.longQueue ? (
            <Tag color="orange" data-testid="long-queue" style={{ marginInlineEnd: 0 }}>
              {printer.estimatedWaitMinutes != null
                ? t('printerSelection.longQueueWait', { count: printer.estimatedWaitMinutes })
                : t('printerSelection.longQueue')}
            </Tag>
          ) : null}
        </span>
      ) : null}
      {!reachable && <Typography.Text type="danger">{t('printerSelection.unavailable')}</Typography.Text>}
      <Typography.Text type="secondary">
        {t('printerSelection.facility')}: {printer.location.facility}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('printerSelection.building')}: {printer.location.department} · {t('printerSelection.room')}:{' '}
        {printer.location.room}
      </Typography.Text>
      <Typography.Text data-testid="waiting">
        {t('printerSelection.waiting', { count: printer.waiting_amount })}
        {printer.estimatedWaitMinutes != null
          ? ` · ${t('printerSelection.waitMinutes', { count: printer.estimatedWaitMinutes })}`
          : null}
      </Typography.Text>
      {printer.longQueue && printer.suggestedPrinter ? (
        // a link of its own: following it must not open this printer as well
        <Link
          to={`/Printing/${encodeURIComponent(printer.suggestedPrinter.printerId)}`}
          onClick={(event) => event.stopPropagation()}
          data-testid="suggested-printer"
        >
          <BulbOutlined aria-hidden />{' '}
          {printer.suggestedPrinter.estimatedWaitMinutes != null
            ? t('printerSelection.suggestionWait', {
                printerId: printer.suggestedPrinter.printerId,
                room: printer.suggestedPrinter.location.room,
                count: printer.suggestedPrinter.estimatedWaitMinutes,
              })
            : t('printerSelection.suggestion', {
                printerId: printer.suggestedPrinter.printerId,
                room: printer.suggestedPrinter.location.room,
              })}
        </Link>
      ) : null}
    </article>
  );
}
