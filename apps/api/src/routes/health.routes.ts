import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HealthSchema } from '@meridian/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { APP_ROOT } from '../config/app-root';
import type { DatabaseKind } from '../db/database';
import type { DB } from '../db/schema';

// eslint-disable-next-line security/detect-non-literal-fs-filename -- reads the app's own package.json
const { version } = JSON.parse(readFileSync(path.join(APP_ROOT, 'package.json'), 'utf8')) as {
  version: string;
};

/** GET /api/v1/health: no token; checks the database answers. */
export const healthRoutes: FastifyPluginCallbackZod<{
  db: Kysely<DB>;
  kind: DatabaseKind;
}> = (app, { db, kind }, done) => {
  app.get(
    '/api/v1/health',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: kind, version };
    },
  );
  done();
};
