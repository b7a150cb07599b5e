import fp from 'fastify-plugin';
import { DomainEvents } from '../events/domain-events';

/** The domain event bus (`app.events`): modules raise events on it; caches and the socket layer listen. */
export default fp(
  async (app) => {
    app.decorate('events', new DomainEvents(app.log));
  },
  { name: 'events' },
);
