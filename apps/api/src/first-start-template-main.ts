// `node dist/first-start-template-main.js <folder>`, run by the build (apps/api
// scripts/build.mjs) after bundling: makes the data folder a first start on a
// new DATA_DIR unpacks (src/db/first-start-template.ts). It runs the very code
// a start runs on a new folder (initdb, every migration, the zip table), in
// memory, then dumps it with its manifest. Nothing per installation is made
// here: the secret, the administrator and any id come at the first start.
import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from './db/database';
import { currentManifest, writeTemplate } from './db/first-start-template';
import { ZipDataRepository } from './repositories/zip-data.repository';

async function main(): Promise<void> {
  const outDir = process.argv[2];
  if (outDir === undefined) throw new Error('usage: first-start-template-main.js <folder>');
  const database = await createDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  try {
    const zips = await new ZipDataRepository(database.db).ensureLoaded();
    if (zips.inserted === 0) throw new Error('the zip table was not loaded');
    // Written to the data files now, so a first start has no log to replay.
    await sql`checkpoint`.execute(database.db);
    const archive = await database.dumpEmbedded?.();
    if (archive === undefined) throw new Error('the embedded database cannot be dumped');
    await writeTemplate(path.resolve(outDir), archive, await currentManifest());
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`first-start template: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
