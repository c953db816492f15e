import { ExportQuerySchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ExportsService } from '../services/exports.service';
import { requireSignedIn } from '../http/authenticate';
import { EXPORT_MEDIA_TYPES } from '../io/export';

/** GET /api/v1/export: a page's table as a CSV or XLSX attachment. */
export const exportsRoutes: FastifyPluginCallbackZod<{ exports: ExportsService }> = (
  app,
  { exports },
  done,
) => {
  app.get(
    '/api/v1/export',
    {
      // The service refuses the manager pages to regular users (403).
      config: { loadClass: 'lists', produces: EXPORT_MEDIA_TYPES, answers: [403] },
      // Every role may export assignments and unavailability; the service refuses the manager pages.
      onRequest: requireSignedIn(),
      schema: {
        tags: ['export'],
        summary: 'Export a page as {page}_export.csv or .xlsx (formula-safe)',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { page, format } = request.query;
      const file = await exports.export(page, format, request.user!.role);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
  done();
};
