import crypto from 'node:crypto';
import os from 'node:os';
import fp from 'fastify-plugin';
import { uploadDirOf } from '../config';
import { ownConcern, type Ownership } from '../lib/ownership';
import { Dispatcher } from '../print-queue/dispatcher';
import { PrinterDrivers } from '../print-queue/drivers/driver-registry';
import { SimulatedDriver } from '../print-queue/drivers/simulated-driver';
import { PrinterMonitor } from '../print-queue/printer-monitor';

/** Longest wait of an instance that does not own the monitor before it tries again. */
const MONITOR_LEASE_RETRY_MS = 5_000;

/**
 * Starts the print dispatcher and the health monitor of real printers when the server is ready and
 * stops them before the server closes (jobs not yet on their device go back to the queue; jobs their
 * device holds are handed back, for another instance to follow at once; the monitor's watch is given
 * back). Every instance runs a dispatcher (claims are row locks: each job is printed by one); the
 * monitor runs on one instance at a time (an owner lease, lib/ownership.ts), another taking over within
 * seconds when the owner stops or dies.
 * Drivers come from the printer rows: a device address means IPP, none the simulated printer.
 * Off in tests unless asked (config.printDispatcher / config.printers.monitor); /healthz reports both.
 */
export default fp(
  async (app) => {
    const config = app.appConfig;
    const enabled = config.printDispatcher ?? config.env !== 'test';
    const monitorEnabled = config.printers.monitor ?? enabled;
    // one per process (INSTANCE_ID, then a random part: a restarted instance is a new claimer): a job held
    // by a killed process is taken back once its claim lapses
    const instanceId = `${config.instanceId || os.hostname()}:${crypto.randomBytes(3).toString('hex')}`;
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
      // a job submitted (or put back) on a printer: look now rather than at the next poll. A 'state'
      // handler: it runs on every instance (the event crosses), since any instance's dispatcher may claim it
      app.events.on(
        'job-changed',
        (event) => {
          if (event.printerId) void dispatcher.tick();
        },
        'state',
      );
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
      let lease: Ownership | null = null;
      app.addHook('onReady', async () => {
        lease = ownConcern(app.db, 'printer-monitor', {
          // the only watcher: the watch of printers left by a stopped owner is taken at once
          onGain: () => monitor.start({ sole: true }),
          onLose: () => monitor.stop(),
          // a takeover within a round or two of the monitor, at most every few seconds
          retryMs: Math.min(MONITOR_LEASE_RETRY_MS, Math.max(100, config.printers.monitorIntervalMs)),
          log: app.log,
        });
        await lease.firstTry;
      });
      app.addHook('preClose', async () => {
        // the lock goes at once (after the monitor stopped): another instance owns it at its next try
        await lease?.release();
        await monitor.stop();
      });
    }
  },
  { name: 'dispatcher' },
);
