// first, before any other module loads (lib/warm-shapes.ts)
import './keep-shapes';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { markStopping } from './modules/health/stopping';
import { SHUTDOWN_TIMEOUT_MS } from './shutdown';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let app;
  try {
    app = await buildApp({ config });
    await app.ready();
  } catch (error) {
    // a rule that needs the database (production without an officer account) refuses the same way
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? 'localhost' : config.host;
  const url = `http://${host}:${port}`;
  app.log.info({ url, driver: app.db.driver }, `Smart Printing ready at ${url} (API docs ${url}/docs)`);

  // A graceful stop: /healthz answers 503 at once (the load balancer sends nothing new); then the app
  // closes: the sockets are closed (clients reconnect to another instance), the dispatcher stops claiming
  // and hands back its jobs, the owner leases and schedulers stop (another instance takes over at once),
  // and the requests under way end. Past SHUTDOWN_TIMEOUT_MS it exits anyway: the claims it still held
  // lapse and another instance takes them, as after a crash.
  let closing = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    markStopping(app);
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out, exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  console.error('Smart Printing failed to start:', error);
  process.exit(1);
});
