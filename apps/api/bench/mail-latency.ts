/**
 * How soon a notice's e-mail leaves in immediate mode (the target: within 5 s
 * of the notice; docs/performance.md). A real SMTP server (smtp-server) on loopback
 * receives; the app runs as in production: the notice is written by
 * POST /notifications/notify-all, its wake-up after commit starts a drain
 * (mail/mail-pump.ts), nodemailer sends. Each figure runs from before the
 * request to the moment the server holds the whole message, so it includes
 * the request itself.
 * Run: npm run bench:mail   (embedded database; BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { buildApp } from '../src/compose/app';
import { parseConfig } from '../src/config/config';
import type { Database } from '../src/db/database';
import { generateDemoData } from '../src/demo/demo-data';
import { SmtpInbox } from '../test/support/smtp-inbox';
import { machineLine, openBenchDatabase } from './bench-app';

const SINGLE_ROUNDS = 20;
const BURST_USERS = 160;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const row = (name: string, ms: number[]) =>
  `| ${name} | ${ms.length} | ${(quantile(ms, 0.5) / 1000).toFixed(3)} | ${(quantile(ms, 0.95) / 1000).toFixed(3)} | ${(Math.max(...ms) / 1000).toFixed(3)} |`;

async function openDatabase(): Promise<{ database: Database; label: string }> {
  const url = process.env.BENCH_DATABASE_URL;
  const label = url === undefined || url === '' ? 'embedded (PGlite in memory)' : 'PostgreSQL';
  return { database: await openBenchDatabase(url), label };
}

async function main(): Promise<void> {
  const inbox = await SmtpInbox.start();
  const { database, label } = await openDatabase();
  const config = {
    ...parseConfig({
      PUBLIC_URL: 'https://meridian.example.org',
      SMTP_URL: inbox.url,
      MAIL_FROM: 'Meridian <scheduler@example.org>',
    }),
    jwtSecret: 'bench-secret-0123456789-abcdefghijklmnop',
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const r = app.services.repositories;
  const admin = await app.services.users.create({
    username: 'bench',
    email: 'bench@example.org',
    password: 'bench-password-1',
    role: 'admin',
  });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'username=bench&password=bench-password-1',
  });
  const headers = {
    authorization: `Bearer ${login.json<{ access_token: string }>().access_token}`,
  };
  const demo = generateDemoData({ today: '2026-11-22' });
  const physicists = await app.services.physicists.insertMany(
    Array.from({ length: BURST_USERS }, (_, i) => ({
      ...demo.physicists[i % demo.physicists.length]!,
      name: `Bench Physicist ${i + 1}`,
    })),
  );
  /** Links `count` new accounts to physicists (no argon2: these accounts never sign in). */
  const linkUsers = async (from: number, count: number) => {
    for (let i = from; i < from + count; i++) {
      const user = await r.users.insert({
        username: `phys${i}`,
        email: `phys${i}@example.org`,
        passwordHash: 'not-a-hash',
        role: 'regular',
      });
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${user.id}`,
        headers,
        payload: { physicist_id: physicists[i]!.id },
      });
      if (res.statusCode !== 200) throw new Error(`link: ${res.statusCode} ${res.body}`);
    }
  };
  const notify = async (message: string, expected: number) => {
    const before = inbox.received.length;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/notifications/notify-all',
      headers,
      payload: { message },
    });
    if (res.statusCode !== 200) throw new Error(`notify-all: ${res.statusCode}`);
    await inbox.waitFor(before + expected);
    return inbox.received.slice(before).map((m) => m.arrivedAt - t0);
  };

  console.log(`${machineLine()}; database: ${label}; admin id ${admin.id}`);
  await linkUsers(0, 1);
  await notify('Warm-up.', 1);
  const single: number[] = [];
  for (let round = 0; round < SINGLE_ROUNDS; round++) {
    single.push(...(await notify(`Round ${round}: the schedule changed.`, 1)));
  }
  await linkUsers(1, BURST_USERS - 1);
  const burst = await notify('The plan is published through March.', BURST_USERS);

  console.log('| case | mails | median s | p95 s | max s |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(row('one notice, one user (each of 20 rounds)', single));
  console.log(row(`one notice to ${BURST_USERS} users at once`, burst));
  const deliveries = await app.mail.deliveries.counts();
  console.log(`deliveries: ${JSON.stringify(deliveries)}`);
  await app.close();
  await database.close();
  await inbox.stop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
