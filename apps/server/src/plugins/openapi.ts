import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from the route zod schemas: /openapi.json, browsable at /docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vocalis API',
        version: '0.1.0',
        description:
          "Self-hostable voice platform. The public API follows ElevenLabs' API: authenticate with the `xi-api-key` header.",
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'xi-api-key' },
          session: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ apiKey: [] }, { session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { deepLinking: true } });
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
}
