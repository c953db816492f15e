import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { requireRole } from '../http/authenticate';
import type { BackupService } from '../services/backup.service';

/** GET /api/v1/admin/backup: the embedded database as a restorable archive, admin only. */
export const backupRoutes: FastifyPluginCallbackZod<{ backup: BackupService }> = (
  app,
  { backup },
  done,
) => {
  app.get(
    '/api/v1/admin/backup',
    {
      onRequest: requireRole('admin'),
      config: { answers: [409], produces: ['application/gzip'] },
      schema: { tags: ['admin'], summary: 'Download an online backup of the embedded database' },
    },
    async (_request, reply) => {
      const archive = await backup.archive();
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .header('cache-control', 'no-store')
        .send(archive.bytes);
    },
  );
  done();
};
