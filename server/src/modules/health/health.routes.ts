import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { HealthStatus } from 'shared-api/contracts';
import { Envelope } from '../../lib/envelope';
import { isStopping } from './stopping';

const Health = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded'), Type.Literal('stopping')]),
  database: Type.Object({
    ok: Type.Boolean(),
    driver: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    latencyMs: Type.Number(),
  }),
  dispatcher: Type.Object({ ok: Type.Boolean(), state: Type.String() }),
  printerMonitor: Type.Object({ ok: Type.Boolean(), printers: Type.Integer(), offline: Type.Integer() }),
  uptimeSeconds: Type.Number(),
});

const DB_TIMEOUT_MS = 2_000;

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();

  app.get(
    '/healthz',
    {
      config: { roles: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Tình trạng cơ sở dữ liệu và bộ điều phối in',
        description: '200 khi cơ sở dữ liệu trả lời, 503 khi không hoặc khi máy chủ đang dừng.',
        response: { 200: Envelope(Health), 503: Envelope(Health) },
      },
    },
    async (_request, reply) => {
      const t0 = performance.now();
      let dbOk = false;
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          app.db.query('SELECT 1'),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database timeout')), DB_TIMEOUT_MS);
          }),
        ]);
        dbOk = true;
      } catch (error) {
        app.log.warn({ err: error }, 'health check: database not answering');
      } finally {
        clearTimeout(timer);
      }
      const stopping = isStopping(app);
      const health: HealthStatus = {
        status: stopping ? 'stopping' : dbOk && app.dispatcher.ok ? 'ok' : 'degraded',
        database: { ok: dbOk, driver: app.db.driver, latencyMs: Math.round((performance.now() - t0) * 100) / 100 },
        dispatcher: { ok: app.dispatcher.ok, state: app.dispatcher.state },
        printerMonitor: {
          ok: app.printerMonitor.ok,
          printers: app.printerMonitor.printers,
          offline: app.printerMonitor.offline,
        },
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
      // no-store: set with the security headers for every /healthz answer (plugins/security-headers.ts)
      if (stopping) {
        // the load balancer takes this instance out while it hands back its work
        return reply.status(503).send({
          success: false,
          message: 'Máy chủ đang dừng, vui lòng thử lại',
          data: health,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      if (!dbOk) {
        return reply.status(503).send({
          success: false,
          message: 'Cơ sở dữ liệu không phản hồi',
          data: health,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      return { success: true, message: 'Hệ thống hoạt động bình thường', data: health };
    },
  );
}
