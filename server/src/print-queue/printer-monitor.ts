import { setMaxListeners } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { DomainEvents } from '../events/domain-events';
import type { PrinterMonitorStatus } from '../types';
import { recordDeviceReading } from './device-health';
import { DeviceUnreachableError, PrintDriverError } from './drivers/driver';
import { IppDriver, type DeviceReadingAnswer } from './drivers/ipp/ipp-driver';

/** Reads one device (Get-Printer-Attributes); injected so tests choose what a device says. */
export type DeviceReader = (uri: string, signal: AbortSignal) => Promise<DeviceReadingAnswer>;

export interface PrinterMonitorOptions {
  db: Db;
  events: DomainEvents;
  /** Names this process's watch (one owner per printer across instances). */
  instanceId: string;
  /** A round every this long (15 s by default). */
  intervalMs?: number;
  /** How long one device may take to answer before it counts as offline. */
  deadlineMs?: number;
  /** Devices read at once. */
  concurrency?: number;
  read?: DeviceReader;
  allowSelfSigned?: boolean;
  status?: PrinterMonitorStatus;
  log?: FastifyBaseLogger;
}

/**
 * Watches every real printer's device: each round it takes (or keeps) the watch of the printers no live
 * instance watches (a lease on the printer row: one owner per printer across instances, taken over when
 * the owner stops renewing it), reads each device's state, reasons and capabilities, and records them
 * (device-health: a notice for every change a person must know of, the lists told to reload). A device
 * that does not answer is offline: no new jobs go to it and students are told before any charge.
 */
export class PrinterMonitor {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Not started, or stopped: no next round is scheduled. */
  private stopped = true;
  /** stop() was called: a round under way ends without reading further devices. */
  private closing = false;
  /** Started as the only watcher (start({ sole })). */
  private sole = false;
  private readonly intervalMs: number;
  private readonly deadlineMs: number;
  private readonly read: DeviceReader;
  private controller = PrinterMonitor.unlimitedController();

  private static unlimitedController(): AbortController {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    return controller;
  }

  constructor(private readonly options: PrinterMonitorOptions) {
    this.intervalMs = options.intervalMs ?? 15_000;
    this.deadlineMs = options.deadlineMs ?? Math.min(10_000, Math.max(1_000, this.intervalMs / 2));
    this.read =
      options.read ??
      ((uri, signal) => new IppDriver(uri, { allowSelfSigned: options.allowSelfSigned }).read(signal, this.deadlineMs));
  }

  /**
   * Starts the rounds. `sole`: this instance is the only watcher (it owns the monitor's lease,
   * lib/ownership.ts), so the watch of printers another instance held is taken now, not once it lapses.
   */
  start(options: { sole?: boolean } = {}): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    this.sole = options.sole ?? false;
    // one abort listener per device being read at once: not a leak
    this.controller = PrinterMonitor.unlimitedController();
    void this.round();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.round(), this.intervalMs);
    this.timer.unref?.();
  }

  /** One round over the printers this instance watches; never two at once. */
  round(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.watchAll()
      .catch((error: unknown) => {
        this.options.log?.error({ err: error }, 'printer monitor round failed');
        if (this.options.status) this.options.status.ok = false;
      })
      .finally(() => {
        this.running = null;
        this.schedule();
      });
    return this.running;
  }

  private async watchAll(): Promise<void> {
    const printers = await this.claimWatch();
    let offline = 0;
    const queue = [...printers];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (this.closing) return;
        if (!(await this.check(next.printer_id, next.driver_uri))) offline += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency ?? 16, printers.length) }, worker));
    if (this.options.status) {
      Object.assign(this.options.status, {
        ok: true,
        printers: printers.length,
        offline,
        lastRoundAt: new Date().toISOString(),
      });
    }
  }

  /**
   * Takes the watch of every real printer that nobody watches or whose watcher stopped renewing (three
   * rounds), and renews this instance's own: the printers this instance reads this round. The sole
   * watcher takes every printer's watch.
   */
  private claimWatch(): Promise<{ printer_id: string; driver_uri: string }[]> {
    return this.options.db.query<{ printer_id: string; driver_uri: string }>(
      `UPDATE printers SET monitor_owner = $1,
              monitor_until = now() + make_interval(secs => $2::double precision / 1000)
       WHERE driver_kind = 'ipp' AND driver_uri IS NOT NULL AND retired_at IS NULL
         AND ($3 OR monitor_owner IS NULL OR monitor_owner = $1 OR monitor_until IS NULL OR monitor_until < now())
       RETURNING printer_id, driver_uri`,
      [this.options.instanceId, this.intervalMs * 3, this.sole],
    );
  }

  /** Reads one device and records it; false when it did not answer. */
  async check(printerId: string, uri: string): Promise<boolean> {
    // the reader keeps the deadline (IppDriver.read's); stopping aborts it
    const { signal } = this.controller;
    try {
      const reading = await this.read(uri, signal);
      await recordDeviceReading(this.options.db, this.options.events, printerId, {
        state: reading.state,
        reasons: reading.reasons,
        capabilities: reading.capabilities,
      });
      return true;
    } catch (error) {
      if (this.closing) return true;
      const unreachable =
        error instanceof DeviceUnreachableError ||
        error instanceof PrintDriverError ||
        (error instanceof Error && error.name === 'TimeoutError');
      if (!unreachable) throw error;
      await recordDeviceReading(this.options.db, this.options.events, printerId, {
        state: 'offline',
        reasons: [],
        detail: error.message,
      });
      return false;
    }
  }

  /** Stops watching and gives the watch back, so another instance takes it at its next round. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    this.controller.abort(new Error('monitor stopping'));
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    if (this.timer) clearTimeout(this.timer);
    await this.options.db
      .query('UPDATE printers SET monitor_owner = NULL, monitor_until = NULL WHERE monitor_owner = $1', [
        this.options.instanceId,
      ])
      .catch(() => undefined);
    // /healthz: this instance watches no device now
    if (this.options.status) Object.assign(this.options.status, { printers: 0, offline: 0 });
  }
}
