import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/docs';

/** The OpenAPI document built from the route schemas, and its viewer at /docs (public). */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Smart Printing API',
          description:
            'API của hệ thống in ấn thông minh. Mọi câu trả lời có dạng { success, message, data, code? }. ' +
            'Access token hết hạn: 410; refresh token không hợp lệ: 419.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: true,
      // swagger-ui's own policy, with two changes: nobody frames /docs, and inline styles are allowed (the viewer
      // sets style attributes; refused, the browser logs a violation; a style cannot run code, scripts stay 'self')
      transformStaticCSP: (header) =>
        header
          .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
          .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
    });
  },
  { name: 'docs' },
);
