import fp from 'fastify-plugin';
import { completedPush, expiringPush, refundedPush } from './push.texts';

/** Seconds a push waits at the push service for an offline phone: a day, the job's news is still news. */
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Pushes to students' phones from the domain events (raised after their transactions commit): a job
 * printed, a job ended and refunded (failed, expired, printed short), a held job about to expire. The
 * sending runs beside the printing, never inside it: a failure is logged and printing goes on. Pushes
 * still in flight are awaited when the server closes.
 */
export default fp(
  async (app) => {
    const { events } = app;
    const push = app.services.push;
    const inFlight = new Set<Promise<void>>();
    const track = (sending: Promise<void>) => {
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    };

    // 'notify' handlers (the default): they run once, on the instance that raised the event, whatever the
    // number of instances (the event reaches the others for their 'state' handlers only): one push per news
    const off = [
      events.on('job-completed', (job) =>
        track(
          push.notify(job.userId, (lang) => completedPush(job, lang), { ttlSeconds: DAY_SECONDS, urgency: 'normal' }),
        ),
      ),
      events.on('job-refunded', (job) =>
        track(
          push.notify(job.userId, (lang) => refundedPush(job, lang), { ttlSeconds: DAY_SECONDS, urgency: 'normal' }),
        ),
      ),
      // worth nothing once the job has expired
      events.on('job-expiring', (job) =>
        track(
          push.notify(job.userId, (lang) => expiringPush(job, lang), { ttlSeconds: job.minutes * 60, urgency: 'high' }),
        ),
      ),
    ];

    app.addHook('preClose', async () => {
      for (const stop of off) stop();
      await Promise.all([...inFlight]);
    });
  },
  { name: 'push', dependencies: ['services', 'events'] },
);
