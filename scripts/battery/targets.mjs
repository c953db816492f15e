// Fresh data for each part: a new data folder, and on PostgreSQL a new
// database (battery_*, dropped and created again) on the server that
// BATTERY_PG_URL names (default: the local one, user postgres).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const PG_URL = process.env.BATTERY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const made = [];

async function admin(statement) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty place for one part's data: { kind, dataDir, databaseUrl? }.
 * The database is named after the part and the battery's port, so batteries
 * run at once on other ports never share one.
 */
export async function freshTarget(kind, name, port) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `meridian-battery-${name}-`));
  made.push(dataDir);
  if (kind === 'embedded') return { kind, dataDir };
  const database = `battery_${name.replaceAll(/[^a-z0-9]/g, '_')}_${port}`;
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  const url = new URL(PG_URL);
  url.pathname = `/${database}`;
  return { kind, dataDir, databaseUrl: url.toString(), database };
}

/** Empties a target again (first-start kills need a new database each time). */
export async function resetTarget(target) {
  rmSync(target.dataDir, { recursive: true, force: true });
  if (target.database !== undefined) {
    await admin(`drop database if exists ${target.database} with (force)`);
    await admin(`create database ${target.database}`);
  }
}

/** Removes the data folders the run made (the databases stay for a look afterwards). */
export function cleanUp() {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
