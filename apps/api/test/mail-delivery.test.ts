import type { JobRecord, MailStatus, NoticeSettings, NotificationList } from '@meridian/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastDigestTime } from '../src/mail/digest-time';
import type { DrainResult } from '../src/mail/mail-outbox';
import { MAIL_OFF_REASON, RETRY_DELAYS_MS, USER_OFF_REASON } from '../src/mail/mail-outbox';
import { addPhysicist, call, listJobs, linkRegular, uploadSchedule } from './scheduling-fixtures';
import { SmtpInbox } from './support/smtp-inbox';
import { createTestApp, type TestApp } from './support/test-app';

// Notices reach people's e-mail through a real SMTP server
// started here. Drains are called with a given time (app built with
// drainMail: false), so retries and the digest never wait on the clock.

const PUBLIC_URL = 'https://meridian.example.org/app';
const LINK = `${PUBLIC_URL}/my-schedule`;
const CUSTOMER = 'Smith & <Sons> Clinic';
const FROM = 'Meridian <scheduler@example.org>';

let t: TestApp;
let inbox: SmtpInbox;
/** The time drains act at; each test moves it forward. */
let clock = new Date();
const at = (ms: number) => new Date(clock.getTime() + ms);

const drain = (when: Date = clock): Promise<DrainResult> => t.app.mail.outbox.drain(when);
const newestNotice = async () =>
  (await call(t, 'GET', '/api/v1/notifications', undefined, 'regular')).json<NotificationList>()
    .items[0]!;
const deliveryOf = async (notificationId: number) => {
  const [record] = await t.app.mail.deliveries.forNotifications([notificationId]);
  return record!;
};
const notifyAll = async (message: string) => {
  const res = await call(t, 'POST', '/api/v1/notifications/notify-all', { message });
  expect(res.statusCode, res.body).toBe(200);
  return newestNotice();
};
const setNotices = (body: object) => call(t, 'PUT', '/api/v1/me/notice-settings', body, 'regular');

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      mail: { smtpUrl: inbox.url, server: `smtp://127.0.0.1:${inbox.port}`, from: FROM },
    },
    drainMail: false,
  });
  const lead = await addPhysicist(t, 'Regular One', 'lead', '10001');
  await uploadSchedule(
    t,
    [
      'record_type,customer,zip_code,start,end,comment,physicist_name',
      `job,"${CUSTOMER}",11201,2026-01-12,2026-01-13,,`,
      'job,March Clinic,60601,2026-03-02,2026-03-03,,',
    ].join('\n'),
  );
  const job = (await listJobs(t)).find((j: JobRecord) => j.customer === CUSTOMER)!;
  const assign = await call(t, 'POST', '/api/v1/assignments/manual', {
    job_id: job.id,
    role: 'lead',
    physicist_id: lead.id,
  });
  expect(assign.statusCode, assign.body).toBe(200);
  await linkRegular(t, lead.id);
}, 300_000);

afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

describe('notices by e-mail', () => {
  it('queues a delivery with the publish and sends it: To, Subject, the job, its dates, the link', async () => {
    const res = await call(t, 'POST', '/api/v1/plan/publish', { through: '2026-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    const notice = await newestNotice();
    expect(await deliveryOf(notice.id)).toMatchObject({ state: 'queued', attempts: 0 });
    expect(inbox.received).toHaveLength(0);

    expect(await drain()).toMatchObject({ sent: 1, retrying: 0, failed: 0 });
    expect(inbox.received).toHaveLength(1);
    const mail = inbox.received[0]!;
    expect(mail.rcpt).toEqual(['regular1@example.org']);
    expect(mail.to).toBe('regular1@example.org');
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('Meridian: Your confirmed schedule through 31 Jan 2026 (1 change)');
    expect(mail.text).toContain(`- New: ${CUSTOMER} (lead), 2026-01-12 to 2026-01-13`);
    expect(mail.text).toContain(`Open My schedule: ${LINK}`);
    expect(mail.text).not.toContain('March Clinic');
    // The HTML part escapes the customer's name and carries the same link.
    expect(mail.html).toContain('Smith &amp; &lt;Sons&gt; Clinic (lead), 2026-01-12 to 2026-01-13');
    expect(mail.html).not.toContain('<Sons>');
    expect(mail.html).toContain(`<a href="${LINK}">Open My schedule</a>`);
    expect(await deliveryOf(notice.id)).toMatchObject({
      state: 'sent',
      attempts: 1,
      sent_to: 'regular1@example.org',
      in_digest: false,
      last_error: null,
    });
    // Nothing is sent twice.
    expect(await drain(at(60_000))).toMatchObject({ sent: 0 });
    expect(inbox.received).toHaveLength(1);
  });

  it('retries a plan change notice with backoff while the server refuses, and the change itself succeeds', async () => {
    inbox.answer = 451;
    const rcptBefore = inbox.rcptAttempts;
    const job = (await listJobs(t)).find((j) => j.customer === CUSTOMER)!;
    const res = await call(t, 'POST', '/api/v1/assignments/manual', {
      job_id: job.id,
      role: 'lead',
      physicist_id: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = await newestNotice();
    expect(notice.message).toMatch(/^Your confirmed schedule changed \(1 change\): Removed: /);

    clock = new Date();
    expect(await drain()).toMatchObject({ sent: 0, retrying: 1 });
    let record = await deliveryOf(notice.id);
    expect(record).toMatchObject({ state: 'queued', attempts: 1 });
    expect(record.last_error).toContain('451');
    expect(record.next_attempt_at?.getTime()).toBe(at(RETRY_DELAYS_MS[0]).getTime());

    // Not yet due: no attempt.
    expect(await drain(at(RETRY_DELAYS_MS[0] - 1))).toMatchObject({ sent: 0, retrying: 0 });
    expect(inbox.rcptAttempts - rcptBefore).toBe(1);
    // Due: a second attempt, then a longer wait.
    clock = at(RETRY_DELAYS_MS[0]);
    expect(await drain()).toMatchObject({ retrying: 1 });
    record = await deliveryOf(notice.id);
    expect(record).toMatchObject({ state: 'queued', attempts: 2 });
    expect(record.next_attempt_at?.getTime()).toBe(at(RETRY_DELAYS_MS[1]).getTime());

    inbox.answer = 'accept';
    clock = at(RETRY_DELAYS_MS[1]);
    expect(await drain()).toMatchObject({ sent: 1 });
    expect(inbox.rcptAttempts - rcptBefore).toBe(3);
    const mail = inbox.received.at(-1)!;
    expect(mail.subject).toBe('Meridian: Your confirmed schedule changed (1 change)');
    expect(mail.text).toContain(`- Removed: ${CUSTOMER} (lead), 2026-01-12 to 2026-01-13`);
    expect(await deliveryOf(notice.id)).toMatchObject({ state: 'sent', attempts: 3 });
  });

  it('retries while the server is down, and the notice is written all the same', async () => {
    await inbox.stop();
    const notice = await notifyAll('Kits are in the depot. Collect yours before Monday.');
    clock = new Date();
    expect(await drain()).toMatchObject({ sent: 0, retrying: 1 });
    const record = await deliveryOf(notice.id);
    expect(record).toMatchObject({ state: 'queued', attempts: 1 });
    expect(record.last_error).toMatch(/ECONNREFUSED/);

    await inbox.listen();
    const before = inbox.received.length;
    clock = at(RETRY_DELAYS_MS[0]);
    expect(await drain()).toMatchObject({ sent: 1 });
    const mail = inbox.received[before]!;
    expect(mail.subject).toBe('Meridian: Kits are in the depot');
    expect(mail.text).toContain('Kits are in the depot. Collect yours before Monday.');
    expect(mail.text).toContain(LINK);
  });

  it('gives up at once when the server refuses the recipient for good, and the admin page lists it', async () => {
    inbox.answer = 550;
    const rcptBefore = inbox.rcptAttempts;
    const notice = await notifyAll('Bounce me.');
    expect(await drain()).toMatchObject({ failed: 1, retrying: 0 });
    expect(await drain(at(24 * 3600_000))).toMatchObject({ failed: 0, retrying: 0 });
    expect(inbox.rcptAttempts - rcptBefore).toBe(1);
    const record = await deliveryOf(notice.id);
    expect(record).toMatchObject({ state: 'failed', attempts: 1 });
    expect(record.last_error).toContain('550');
    inbox.answer = 'accept';

    const status = await call(t, 'GET', '/api/v1/admin/mail', undefined, 'admin');
    expect(status.statusCode).toBe(200);
    const body = status.json<MailStatus>();
    expect(body.enabled).toBe(true);
    expect(body.summary).toBe(
      `E-mail is on: notices go out through smtp://127.0.0.1:${inbox.port} from ${FROM}`,
    );
    expect(body.summary).not.toContain('secret-pass');
    expect(body.counts).toMatchObject({ sent: 3, failed: 1, queued: 0 });
    expect(body.recent_failures[0]).toMatchObject({
      notification_id: notice.id,
      username: 'regular1',
      attempts: 1,
      state: 'failed',
    });
    expect((await call(t, 'GET', '/api/v1/admin/mail', undefined, 'manager')).statusCode).toBe(403);
  });
});

describe('each user chooses', () => {
  it('answers the defaults: e-mail on, at once, to the account address', async () => {
    const res = await call(t, 'GET', '/api/v1/me/notice-settings', undefined, 'regular');
    expect(res.statusCode).toBe(200);
    expect(res.json<NoticeSettings>()).toEqual({
      email: 'regular1@example.org',
      email_on: true,
      delivery: 'immediate',
      server_sends_mail: true,
      digest_time: '07:00 America/Chicago',
    });
  });

  it('refuses bad settings with a 4xx naming the problem', async () => {
    const wrongType = await setNotices({ email_on: 'yes', delivery: 'immediate' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ detail: string }>().detail).toContain('email_on');
    const wrongMode = await setNotices({ email_on: true, delivery: 'hourly' });
    expect(wrongMode.statusCode).toBe(400);
    expect(wrongMode.json<{ detail: string }>().detail).toContain('delivery');
    const extra = await setNotices({ email_on: true, delivery: 'immediate', email: 'x@y.org' });
    expect(extra.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/notice-settings',
      headers: { ...t.bearer(t.tokens.regular), 'content-type': 'text/plain' },
      payload: 'email_on=true',
    });
    expect(text.statusCode).toBe(415);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/me/notice-settings' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends nothing to a user who turned e-mail off, and records why', async () => {
    const res = await setNotices({ email_on: false, delivery: 'immediate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NoticeSettings>()).toMatchObject({ email_on: false });
    const before = inbox.received.length;
    const notice = await notifyAll('Quiet please.');
    expect(await drain()).toMatchObject({ sent: 0, skipped: 1 });
    expect(inbox.received).toHaveLength(before);
    expect(await deliveryOf(notice.id)).toMatchObject({
      state: 'skipped',
      attempts: 0,
      last_error: USER_OFF_REASON,
    });
  });

  it('gathers a digest user’s notices into one mail at the next digest time, once', async () => {
    expect((await setNotices({ email_on: true, delivery: 'daily_digest' })).statusCode).toBe(200);
    const before = inbox.received.length;
    const first = await notifyAll('First of the day.');
    const second = await notifyAll('Second of the day.');
    clock = new Date();
    // Written after the last digest time: they wait for the next one.
    expect(await drain()).toMatchObject({ sent: 0, digests: 0 });
    expect(inbox.received).toHaveLength(before);

    const next = lastDigestTime(
      'America/Chicago',
      new Date(lastDigestTime('America/Chicago', clock).at.getTime() + 25 * 3600_000),
    );
    expect(next.at.getTime()).toBeGreaterThan(clock.getTime());
    expect(await drain(next.at)).toMatchObject({ sent: 2, digests: 1 });
    expect(inbox.received).toHaveLength(before + 1);
    const mail = inbox.received.at(-1)!;
    expect(mail.subject).toBe(`Meridian: your daily digest of ${next.day} (2 notices)`);
    expect(mail.text.indexOf('First of the day.')).toBeGreaterThan(-1);
    expect(mail.text.indexOf('Second of the day.')).toBeGreaterThan(
      mail.text.indexOf('First of the day.'),
    );
    expect(mail.text).toContain(LINK);
    for (const id of [first.id, second.id]) {
      expect(await deliveryOf(id)).toMatchObject({ state: 'sent', in_digest: true });
    }
    expect(await drain(new Date(next.at.getTime() + 3600_000))).toMatchObject({ sent: 0 });
  });

  it('in immediate mode, sends on its own after the notice commits (the pump woken by the bus)', async () => {
    expect((await setNotices({ email_on: true, delivery: 'immediate' })).statusCode).toBe(200);
    const before = inbox.received.length;
    t.app.mail.start(t.app.work.tasks.bus);
    await notifyAll('Straight away.');
    // No drain called: the notice's wake-up after commit starts one.
    await inbox.waitFor(before + 1);
    expect(inbox.received.at(-1)?.text).toContain('Straight away.');
    await t.app.mail.pump.idle();
  });
});

describe('the OpenAPI document', () => {
  it('lists every status of the mail operations, errors with their {detail} body', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    type Op = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
    const paths = doc.json<{ paths: Record<string, Record<string, Op>> }>().paths;
    const statuses = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses('/api/v1/me/notice-settings', 'get')).toEqual(['200', '400', '401', '500']);
    expect(statuses('/api/v1/me/notice-settings', 'put')).toEqual([
      '200',
      '400',
      '401',
      '413',
      '415',
      '500',
    ]);
    expect(statuses('/api/v1/admin/mail', 'get')).toEqual(['200', '400', '401', '403', '500']);
    const error = paths['/api/v1/me/notice-settings']?.put?.responses['400'];
    expect(JSON.stringify(error?.content?.['application/json']?.schema)).toContain('detail');
  });
});

describe('without SMTP_URL', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ drainMail: false });
  }, 300_000);
  afterAll(async () => {
    await off?.close();
  });

  it('sends nothing, records why, and the admin page says e-mail is off', async () => {
    const res = await call(off, 'POST', '/api/v1/notifications/notify-all', { message: 'Hello.' });
    expect(res.statusCode, res.body).toBe(200);
    const status = (
      await call(off, 'GET', '/api/v1/admin/mail', undefined, 'admin')
    ).json<MailStatus>();
    expect(status).toMatchObject({ enabled: false, summary: MAIL_OFF_REASON, from: null });
    const settings = await call(off, 'GET', '/api/v1/me/notice-settings', undefined, 'regular');
    expect(settings.json<NoticeSettings>().server_sends_mail).toBe(false);
    // notify-all tells linked users only; here nobody is linked, so a notice of our own:
    await off.database.db
      .insertInto('notifications')
      .values({ user_id: off.users.regular.id, message: 'Direct.' })
      .execute();
    expect(await off.app.mail.outbox.drain(new Date())).toMatchObject({ sent: 0, skipped: 1 });
    const counts = (
      await call(off, 'GET', '/api/v1/admin/mail', undefined, 'admin')
    ).json<MailStatus>().counts;
    expect(counts).toMatchObject({ skipped: 1, queued: 0, sent: 0 });
  });
});
