import crypto from 'node:crypto';
import os from 'node:os';
import fp from 'fastify-plugin';
import { uploadDirOf } from '../config';
import { Dispatcher } from '../print-queue/dispatcher';
import { PrinterDrivers } from '../print-queue/drivers/driver-registry';
import { SimulatedDriver } from '../print-queue/drivers/simulated-driver';
import { PrinterMonitor } from '../print-queue/printer-monitor';

/**
 * Starts the print dispatcher and the health monitor of real printers when the server is ready and
 * stops them before the server closes (jobs not yet on their device go back to the queue; jobs their
 * device holds are followed by the next instance that starts; the monitor's watch is given back).
 * Drivers come from the printer rows: a device address means IPP, none the simulated printer.
 * Off in tests unless asked (config.printDispatcher / config.printers.monitor); /healthz reports both.
 */
export default fp(
  async (app) => {
    const config = app.appConfig;
    const enabled = config.printDispatcher ?? config.env !== 'test';
    const monitorEnabled = config.printers.monitor ?? enabled;
    // one per process: a job held by a killed process is taken back once its claim lapses
    const instanceId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    if (enabled) {
      const drivers = PrinterDrivers.withIpp(new SimulatedDriver(config.printSimMsPerSheet), {
        followMs: config.printers.followMs,
        allowSelfSigned: config.printers.allowSelfSigned,
      });
      const dispatcher = new Dispatcher({
        db: app.db,
        events: app.events,
        drivers,
        instanceId,
        uploadDir: uploadDirOf(config),
        leaseMs: config.printClaimLeaseMs,
        log: app.log,
        status: app.dispatcher,
      });
      // a job submitted (or put back) on a printer: look now rather than at the next poll
      app.events.on('job-changed', (event) => {
        if (event.printerId) void dispatcher.tick();
      });
      app.addHook('onReady', async () => {
        await dispatcher.start();
      });
      app.addHook('preClose', async () => {
        await dispatcher.stop();
      });
    }
    if (monitorEnabled) {
      const monitor = new PrinterMonitor({
        db: app.db,
        events: app.events,
        instanceId,
        intervalMs: config.printers.monitorIntervalMs,
        allowSelfSigned: config.printers.allowSelfSigned,
        status: app.printerMonitor,
        log: app.log,
      });
      app.addHook('onReady', async () => {
        monitor.start();
      });
      app.addHook('preClose', async () => {
        await monitor.stop();
      });
    }
  },
  { name: 'dispatcher' },
);
