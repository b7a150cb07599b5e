import crypto from 'node:crypto';
import os from 'node:os';
import fp from 'fastify-plugin';
import { Dispatcher } from '../print-queue/dispatcher';
import { PrinterDrivers } from '../print-queue/drivers/driver-registry';
import { SimulatedDriver } from '../print-queue/drivers/simulated-driver';

/**
 * Starts the print dispatcher (a driver per printer, the simulated one by default) when the server is ready and stops it before
 * the server closes (jobs being printed go back to the queue and resume at the next start).
 * Off in tests unless asked (config.printDispatcher true); /healthz reports its state.
 */
export default fp(
  async (app) => {
    const enabled = app.appConfig.printDispatcher ?? app.appConfig.env !== 'test';
    if (!enabled) return;
    // every printer has the simulated driver until a real one (IPP) is registered for it
    const drivers = new PrinterDrivers(new SimulatedDriver(app.appConfig.printSimMsPerSheet));
    const dispatcher = new Dispatcher({
      db: app.db,
      events: app.events,
      drivers,
      // one per process: a job held by a killed process is taken back once its claim lapses
      instanceId: `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`,
      leaseMs: app.appConfig.printClaimLeaseMs,
      log: app.log,
      status: app.dispatcher,
    });
    app.addHook('onReady', async () => {
      await dispatcher.start();
    });
    app.addHook('preClose', async () => {
      await dispatcher.stop();
    });
  },
  { name: 'dispatcher' },
);
