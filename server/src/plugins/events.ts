import fp from 'fastify-plugin';
import { DomainEvents } from '../events/domain-events';
import { InstanceBridge } from '../events/instance-bridge';

/**
 * The domain event bus (`app.events`): modules raise events on it; caches and the socket layer listen.
 * On a PostgreSQL server the bus is bridged to the other instances of the same database (LISTEN/NOTIFY,
 * events/instance-bridge.ts); PGlite is one process, so there is nothing to bridge.
 */
export default fp(
  async (app) => {
    const events = new DomainEvents(app.log);
    app.decorate('events', events);
    // An ended login is refused by every instance at once, not at their next poll of the database: this
    // instance's own ends cross as 'session-ended', and one that came from another instance is added here
    // (`echo`: without telling the others again).
    let echo = false;
    app.sessions.onRevoked((sessionId) => {
      if (!echo) events.emit('session-ended', { sessionId });
    });
    events.on(
      'session-ended',
      ({ sessionId }) => {
        echo = true;
        try {
          app.sessions.add(sessionId);
        } finally {
          echo = false;
        }
      },
      'state',
    );
    const { databaseUrl, databaseSchema, instanceId } = app.appConfig;
    if (app.db.driver !== 'postgres' || !databaseUrl) return;
    const bridge = new InstanceBridge({
      url: databaseUrl,
      scope: databaseSchema,
      db: app.db,
      events,
      instanceId,
      log: app.log,
    });
    await bridge.start();
    events.connect(bridge);
    // the last to close (hooks close in reverse order): events raised while closing still cross
    app.addHook('onClose', async () => {
      events.connect(null);
      await bridge.stop();
    });
  },
  { name: 'events', dependencies: ['db', 'auth'] },
);
