import { appendFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SmtpInbox } from '../apps/api/test/support/smtp-inbox';
import { apiToken, createUser } from './support/api';
import type { Credentials, E2eServer } from './support/provided';
import { startFreshServer } from './support/server';
import { E2E_TODAY } from './support/today';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The logins the setup creates on each server, beside its first admin. */
const MANAGER: Credentials = { username: 'e2e.manager', password: 'manager-pass-1' };
const REGULAR: Credentials = { username: 'e2e.regular', password: 'regular-pass-1' };
const KIT_EDITOR: Credentials = { username: 'e2e.kiteditor', password: 'kiteditor-pass-1' };

/**
 * Starts one real server per test worker (support/provided.ts: a file uses its worker's), each on
 * a free port with a fresh data folder and its own SMTP inbox, creates a manager, a regular user
 * and a regular kit editor (KIT_EDITOR_USERNAMES) on each through the admin API, and hands the
 * servers to the tests, so that the two files running at once (vitest.config.ts) never share a
 * server. Everything is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/api/dist/main.js'))) {
    throw new Error('apps/api/dist is missing: run `npm run build` before the browser tests');
  }
  const workers = project.config.maxWorkers || project.vitest.config.maxWorkers || 1;
  const started = await Promise.allSettled(
    Array.from({ length: workers }, (_, index) => startE2eServer(index + 1)),
  );
  const stops = started.flatMap((result) =>
    result.status === 'fulfilled' ? [result.value.stop] : [],
  );
  const teardown = async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide(
    'servers',
    started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.server] : [])),
  );
  return teardown;
}

/** One server for the worker with pool id `poolId`, its logins and its mailbox. */
async function startE2eServer(
  poolId: number,
): Promise<{ server: E2eServer; stop: () => Promise<void> }> {
  // A real SMTP server receives the notices' e-mail; tests read it from a file (support/mailbox.ts).
  const workerDir = await mkdtemp(path.join(tmpdir(), `meridian-e2e-${poolId}-`));
  const mailbox = path.join(workerDir, 'received.jsonl');
  const inbox = await SmtpInbox.start((mail) =>
    appendFileSync(mailbox, `${JSON.stringify(mail)}\n`),
  );
  // The browser profile its files share, one after another (support/harness.ts).
  const profileDir = path.join(workerDir, 'profile');
  const stopInbox = async () => {
    await inbox.stop();
    await rm(workerDir, { recursive: true, force: true });
  };
  let fresh: Awaited<ReturnType<typeof startFreshServer>>;
  try {
    fresh = await startFreshServer(`e2e-${poolId}`, {
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Meridian planner <planner@example.org>',
      // The register tests need self-registration, which is closed by default outside demo mode.
      REGISTRATION: 'open',
      // Every browser test signs in afresh from one address; the default cap of 30 a minute is for people.
      AUTH_RATE_PER_MINUTE: '10000',
      // A regular user who may edit and assign kits (KIT_EDITOR_USERNAMES).
      KIT_EDITOR_USERNAMES: KIT_EDITOR.username,
      // A fixed "today" before the tests' jobs (2026-03 on): they are to come whatever the date.
      PLAN_TODAY: E2E_TODAY,
    });
  } catch (error) {
    await stopInbox();
    throw error;
  }
  const stop = async () => {
    await fresh.stop();
    await stopInbox();
  };
  try {
    const { baseUrl, admin } = fresh;
    const adminToken = await apiToken(baseUrl, admin);
    await createUser(baseUrl, adminToken, {
      ...MANAGER,
      email: 'manager@example.org',
      role: 'manager',
    });
    await createUser(baseUrl, adminToken, {
      ...REGULAR,
      email: 'regular@example.org',
      role: 'regular',
    });
    await createUser(baseUrl, adminToken, {
      ...KIT_EDITOR,
      email: 'kiteditor@example.org',
      role: 'regular',
    });
    const server: E2eServer = {
      baseUrl,
      admin,
      manager: MANAGER,
      regular: REGULAR,
      kitEditor: KIT_EDITOR,
      mailbox,
      profileDir,
    };
    return { server, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
