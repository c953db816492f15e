import { CurrentUserSchema, EmailChangedSchema, NotificationListSchema } from '@meridian/contracts';
import type { User } from '@meridian/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSignedInUser } from './support/accounts';
import { SmtpInbox } from './support/smtp-inbox';
import { createTestApp, type TestApp } from './support/test-app';

// PUT /api/v1/me/email (account self-service): the old address is told through
// the mail outbox, received here by a real SMTP server; mail goes to the new one from then
// on. Drains are called by hand (drainMail: false), as in mail-delivery.test.ts.

const FROM = 'Meridian <scheduler@example.org>';
let t: TestApp;
let inbox: SmtpInbox;

const changeEmail = (token: string, body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/me/email', headers: t.bearer(token), payload: body });
const me = async (token: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/auth/me',
    headers: t.bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return CurrentUserSchema.parse(res.json());
};
const detail = (res: { json: <T>() => T }) => res.json<{ detail: string }>().detail;
const drain = () => t.app.mail.outbox.drain(new Date());

beforeAll(async () => {
  inbox = await SmtpInbox.start();
  t = await createTestApp({
    config: {
      publicUrl: 'https://meridian.example.org',
      mail: { smtpUrl: inbox.url, server: `smtp://127.0.0.1:${inbox.port}`, from: FROM },
    },
    drainMail: false,
  });
});
afterAll(async () => {
  await t?.close();
  await inbox?.stop();
});

describe('changing one’s own e-mail address', () => {
  it('refuses a bad address with a 400 naming the problem, and bodies that are not the form', async () => {
    const { password } = t.users.regular;
    const cases: [object, string][] = [
      [
        { current_password: password, email: 'not-an-address' },
        "Invalid body field 'email': Enter an e-mail address such as name@example.org",
      ],
      [
        { current_password: password, email: `${'a'.repeat(250)}@example.org` },
        "Invalid body field 'email': An e-mail address has at most 254 characters",
      ],
      [{ current_password: password }, "Invalid body field 'email': "],
      [{ email: 'new@example.org' }, "Invalid body field 'current_password': "],
      [{ current_password: password, email: 'new@example.org', role: 'admin' }, 'role'],
    ];
    for (const [body, words] of cases) {
      const res = await changeEmail(t.tokens.regular, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(detail(res)).toContain(words);
    }
    const unsigned = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/email',
      payload: { current_password: password, email: 'new@example.org' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await me(t.tokens.regular)).email).toBe('regular1@example.org');
  });

  it('is 409 when another account has the address (in any case), 400 when it is already one’s own', async () => {
    const { password } = t.users.regular;
    const taken = await changeEmail(t.tokens.regular, {
      current_password: password,
      email: 'Manager1@Example.org',
    });
    expect(taken.statusCode).toBe(409);
    expect(detail(taken)).toBe('An account with this email already exists');
    const same = await changeEmail(t.tokens.regular, {
      current_password: password,
      email: 'REGULAR1@example.org',
    });
    expect(same.statusCode).toBe(400);
    expect(detail(same)).toBe('REGULAR1@example.org is already your e-mail address');
  });

  it('tells the old address by mail, answers the new one, and sends later mail there', async () => {
    const before = inbox.received.length;
    const res = await changeEmail(t.tokens.regular, {
      current_password: t.users.regular.password,
      email: 'ada.new@example.net',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(EmailChangedSchema.parse(res.json())).toEqual({
      email: 'ada.new@example.net',
      message: 'Your e-mail is now ada.new@example.net. Your old address was told of the change.',
    });
    // The session goes on, and the account shows the new address to the user and the admin.
    expect((await me(t.tokens.regular)).email).toBe('ada.new@example.net');
    const users = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/users',
        headers: t.bearer(t.tokens.admin),
      })
    ).json<User[]>();
    expect(users.find((u) => u.username === 'regular1')!.email).toBe('ada.new@example.net');

    expect(await drain()).toMatchObject({ sent: 1, failed: 0 });
    await inbox.waitFor(before + 1);
    const mail = inbox.received[before]!;
    expect(mail.rcpt).toEqual(['regular1@example.org']);
    expect(mail.to).toBe('regular1@example.org');
    expect(mail.from).toBe(FROM);
    expect(mail.subject).toBe('Meridian: Your e-mail was changed to ada.new@example.net');
    expect(mail.text).toContain(
      'Your e-mail was changed to ada.new@example.net. From now on notices go there. If you did not change it, tell an administrator at once.',
    );
    // Its footer says why it came whatever the settings, not that notices are on.
    expect(mail.text).toContain("this was your account's e-mail address until now");
    expect(mail.text).not.toContain('because e-mail notices are on');
    // The notice is in the app too.
    const notices = NotificationListSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/notifications',
          headers: t.bearer(t.tokens.regular),
        })
      ).json(),
    );
    expect(notices.items[0]!.message).toMatch(
      /^Your e-mail was changed to ada\.new@example\.net\./,
    );
    const [record] = await t.app.mail.deliveries.forNotifications([notices.items[0]!.id]);
    expect(record).toMatchObject({ state: 'sent', sent_to: 'regular1@example.org' });

    // The next notice goes to the new address.
    await t.database.db
      .insertInto('notifications')
      .values({ user_id: t.users.regular.id, message: 'Kits are in the depot.' })
      .execute();
    expect(await drain()).toMatchObject({ sent: 1 });
    await inbox.waitFor(before + 2);
    expect(inbox.received[before + 1]!.rcpt).toEqual(['ada.new@example.net']);
    expect(inbox.received[before + 1]!.text).toContain('because e-mail notices are on');
  });

  it('tells the old address at once even when the user turned e-mail off or chose a digest', async () => {
    for (const [name, settings] of [
      ['quiet1', { email_on: false, delivery: 'immediate' }],
      ['digest1', { email_on: true, delivery: 'daily_digest' }],
    ] as const) {
      const u = await newSignedInUser(t, name);
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/me/notice-settings',
        headers: t.bearer(u.token),
        payload: settings,
      });
      expect(put.statusCode, put.body).toBe(200);
      const before = inbox.received.length;
      const res = await changeEmail(u.token, {
        current_password: u.password,
        email: `${name}.moved@example.net`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await drain()).toMatchObject({ sent: 1 });
      await inbox.waitFor(before + 1);
      expect(inbox.received[before]!.rcpt).toEqual([`${name}@example.org`]);
    }
  });

  it('checks the current password as a sign-in: 403, then the account’s throttle (429) on both routes', async () => {
    const u = await newSignedInUser(t, 'guess1');
    const body = (password: string) => ({ current_password: password, email: 'guess@example.net' });
    const wrong = await changeEmail(u.token, body('not-my-password'));
    expect(wrong.statusCode).toBe(403);
    expect(detail(wrong)).toBe('Your current password is not correct');
    // The throttle allows 5 failures per account, as for the password change.
    for (let i = 0; i < 4; i += 1)
      expect((await changeEmail(u.token, body(`guess-${i}`))).statusCode).toBe(403);
    const locked = await changeEmail(u.token, body(u.password));
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const password = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/me/password',
      headers: t.bearer(u.token),
      payload: { current_password: u.password, new_password: 'violet-harbour-lantern-9' },
    });
    expect(password.statusCode).toBe(429);
    expect((await me(u.token)).email).toBe('guess1@example.org');
  });
});
