/* eslint-disable security/detect-non-literal-fs-filename -- the demo's files sit in the configured data folder, set by the operator */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Role } from '@meridian/domain';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { AppServices } from '../compose/services';
import { generatePassword, verifyPassword } from '../security/password';
import type { DB } from '../db/schema';
import { generateDemoData } from './demo-data';
import { demoViewerPhysicist, linkDemoViewer, DEMO_VIEWER } from './link-demo-viewer';

/** What demo seeding may use: the database, the data folder and the app's services. */
export interface DemoSeedDeps {
  db: Kysely<DB>;
  dataDir: string;
  services: AppServices;
  /** ADMIN_PASSWORD: the demo admin's password when set (never stored or printed). */
  adminPassword?: string | null;
}

const DemoLoginSchema = z.object({
  username: z.string(),
  password: z.string(),
  role: z.enum(['regular', 'manager', 'admin']),
});
/**
 * One demo account as stored in DATA_DIR/demo-logins.json and printed at
 * start; `fromEnv` marks the admin whose password is ADMIN_PASSWORD's, which
 * is printed as that name, never as the password.
 */
export type DemoLogin = z.infer<typeof DemoLoginSchema> & { fromEnv?: boolean };

/** What seeding did; main prints the logins on every demo start. */
export interface DemoSeedResult {
  logins: DemoLogin[];
  /** The physicist the demo viewer is linked to (their /my-schedule), or null. */
  viewerPhysicist: string | null;
}

const DEMO_ACCOUNTS: ReadonlyArray<{ username: string; role: Role }> = [
  { username: 'admin', role: 'admin' },
  { username: 'manager', role: 'manager' },
  { username: DEMO_VIEWER, role: 'regular' },
];

async function readLogins(file: string): Promise<DemoLogin[] | null> {
  try {
    return z.array(DemoLoginSchema).parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file} is unreadable; delete it to generate new demo logins`, {
      cause: error,
    });
  }
}

/**
 * Demo accounts: created on first start with random passwords kept in
 * DATA_DIR/demo-logins.json (0600), so every later start can print them again.
 * With ADMIN_PASSWORD set the admin's password is that one instead, set again
 * at any start whose admin has another; it is neither stored in the file nor
 * printed. Unsetting it later leaves the admin's password as it is.
 */
async function seedDemoUsers({
  dataDir,
  services,
  adminPassword = null,
}: DemoSeedDeps): Promise<DemoLogin[]> {
  const file = path.join(dataDir, 'demo-logins.json');
  const stored = await readLogins(file);
  const logins =
    stored ?? DEMO_ACCOUNTS.map((account) => ({ ...account, password: generatePassword() }));
  if (stored === null)
    await writeFile(file, `${JSON.stringify(logins, null, 2)}\n`, { mode: 0o600 });
  const effective = logins.map((login): DemoLogin =>
    login.role === 'admin' && adminPassword !== null
      ? { ...login, password: adminPassword, fromEnv: true }
      : login,
  );
  for (const login of effective) {
    const existing = await services.repositories.users.findByUsername(login.username);
    if (existing === undefined) {
      await services.users.create(
        {
          username: login.username,
          password: login.password,
          role: login.role,
          email: `${login.username}@demo.invalid`,
        },
        { fromOperator: true },
      );
    } else if (stored === null) {
      // The file was lost but the account exists: give it the newly printed password.
      await services.users.resetPassword(existing.id, login.password, { fromOperator: true });
    } else if (
      login.fromEnv === true &&
      !(await verifyPassword(existing.password_hash, login.password))
    ) {
      // ADMIN_PASSWORD was set or changed since the last start: the admin follows it.
      await services.users.resetPassword(existing.id, login.password, { fromOperator: true });
    }
  }
  return effective;
}

/** The app_settings key that marks the demo schedule as seeded (value: the day it was). */
export const DEMO_SCHEDULE_KEY = 'demo_schedule_seeded';

/**
 * The demo roster, kits, jobs, leave and preferences (demo-data.ts, around today), written
 * through the scheduling services in one transaction with the marker, so a
 * crash leaves either nothing or everything, and later starts (or a user who
 * emptied the tables on purpose) are left alone. Returns true when it seeded.
 */
export async function seedDemoSchedule(
  { db, services }: DemoSeedDeps,
  given?: string,
): Promise<boolean> {
  const { physicists, kits, scheduleImport } = services;
  // Today in the organisation's time zone: the demo's past, published and draft weeks follow it.
  const today = given ?? (await services.planWindow()).today;
  return db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom('app_settings')
      .select('key')
      .where('key', '=', DEMO_SCHEDULE_KEY)
      .forUpdate()
      .executeTakeFirst();
    if (marker !== undefined) return false;
    const data = generateDemoData({ today });
    await physicists.insertMany(data.physicists, trx);
    await kits.insertMany(data.kits, trx);
    await scheduleImport.replaceAll(data.jobs, data.unavailability, trx);
    const ids = new Map(
      (await trx.selectFrom('physicists').select(['id', 'name']).execute()).map((p) => [
        p.name,
        p.id,
      ]),
    );
    for (const p of data.preferences) {
      const id = ids.get(p.physicist_name);
      if (id === undefined) continue;
      await services.repositories.preferences.replace(id, p.avoid_dates, p.avoid_weekdays, trx);
    }
    await trx
      .insertInto('app_settings')
      .values({ key: DEMO_SCHEDULE_KEY, value: sql`${JSON.stringify({ today })}::jsonb` })
      .execute();
    return true;
  });
}

/**
 * Seeds the demo installation; idempotent, called by main on every `--demo`
 * start. Each step skips work that is already done.
 */
export async function seedDemo(deps: DemoSeedDeps): Promise<DemoSeedResult> {
  const logins = await seedDemoUsers(deps);
  const today = (await deps.services.planWindow()).today;
  // The viewer is linked once, with the schedule; later starts leave any change alone.
  const viewerPhysicist = (await seedDemoSchedule(deps, today))
    ? await linkDemoViewer(deps.services, today)
    : await demoViewerPhysicist(deps.services);
  return { logins, viewerPhysicist };
}

/** The lines main prints on every demo start. */
export function formatDemoLogins(
  logins: DemoLogin[],
  viewerPhysicist: string | null = null,
): string {
  return [
    'Demo logins:',
    ...logins.map(
      (l) =>
        `  username: ${l.username}  password: ${l.fromEnv === true ? '(ADMIN_PASSWORD)' : l.password}  role: ${l.role}` +
        (l.username === DEMO_VIEWER && viewerPhysicist !== null
          ? `  (linked to physicist ${viewerPhysicist}: see My schedule)`
          : ''),
    ),
  ].join('\n');
}
