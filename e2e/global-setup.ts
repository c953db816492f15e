import { appendFileSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SmtpInbox } from '../apps/api/test/support/smtp-inbox';
import { apiToken, createUser } from './support/api';
import type { Credentials } from './support/provided';
import { startFreshServer } from './support/server';
import { E2E_TODAY } from './support/today';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the real server on a free port with a fresh data folder, creates a
 * manager, a regular user and a regular kit editor (KIT_EDITOR_USERNAMES)
 * through the admin API, and hands the base URL, the logins and the mailbox
 * of a real SMTP server the server sends its e-mail to, to the tests.
 * Everything is removed afterwards.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` before the browser tests');
  }
  if (!existsSync(path.join(REPO_ROOT, 'apps/api/dist/main.js'))) {
    throw new Error('apps/api/dist is missing: run `npm run build` before the browser tests');
  }
  // A real SMTP server receives the notices' e-mail; tests read it from a file (support/mailbox.ts).
  const mailDir = await mkdtemp(path.join(tmpdir(), 'meridian-e2e-mail-'));
  const mailbox = path.join(mailDir, 'received.jsonl');
  const inbox = await SmtpInbox.start((mail) =>
    appendFileSync(mailbox, `${JSON.stringify(mail)}\n`),
  );
  const { baseUrl, admin, stop } = await startFreshServer('e2e', {
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Meridian planner <planner@example.org>',
    // The register tests need self-registration, which is closed by default outside demo mode.
    REGISTRATION: 'open',
    // Every browser test signs in afresh from one address; the default cap of 30 a minute is for people.
    AUTH_RATE_PER_MINUTE: '10000',
    // A regular user who may edit and assign kits (KIT_EDITOR_USERNAMES).
    KIT_EDITOR_USERNAMES: 'e2e.kiteditor',
    // A fixed "today" before the tests' jobs (2026-03 on): they are to come whatever the date.
    PLAN_TODAY: E2E_TODAY,
  });
  const teardown = async () => {
    await stop();
    await inbox.stop();
    await rm(mailDir, { recursive: true, force: true });
  };
  try {
    const adminToken = await apiToken(baseUrl, admin);
    const manager: Credentials = { username: 'e2e.manager', password: 'manager-pass-1' };
    const regular: Credentials = { username: 'e2e.regular', password: 'regular-pass-1' };
    await createUser(baseUrl, adminToken, {
      ...manager,
      email: 'manager@example.org',
      role: 'manager',
    });
    await createUser(baseUrl, adminToken, {
      ...regular,
      email: 'regular@example.org',
      role: 'regular',
    });
    const kitEditor: Credentials = { username: 'e2e.kiteditor', password: 'kiteditor-pass-1' };
    await createUser(baseUrl, adminToken, {
      ...kitEditor,
      email: 'kiteditor@example.org',
      role: 'regular',
    });
    project.provide('baseUrl', baseUrl);
    project.provide('admin', admin);
    project.provide('manager', manager);
    project.provide('regular', regular);
    project.provide('kitEditor', kitEditor);
    project.provide('mailbox', mailbox);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
