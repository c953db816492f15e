import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config/config';
import { lastDigestTime } from '../src/mail/digest-time';
import { escapeHtml, noticeMail } from '../src/mail/notice-mail';

// SMTP_URL and MAIL_FROM are read with the rest of the configuration: a bad
// value stops the start with one clear line, and never prints the password.

const parse = (env: Record<string, string>) => parseConfig({ DATA_DIR: '/tmp/x', ...env }).mail;

describe('SMTP_URL and MAIL_FROM', () => {
  it('leaves e-mail off without SMTP_URL', () => {
    expect(parse({})).toEqual({ smtpUrl: null, server: null, from: null });
  });

  it('takes smtp and smtps URLs with credentials, and keeps them out of the shown address', () => {
    const mail = parse({
      SMTP_URL: 'smtp://user:p%40ss@mail.example.org:587',
      MAIL_FROM: 'Meridian <scheduler@example.org>',
    });
    expect(mail).toEqual({
      smtpUrl: 'smtp://user:p%40ss@mail.example.org:587',
      server: 'smtp://mail.example.org:587',
      from: 'Meridian <scheduler@example.org>',
    });
    expect(
      parse({ SMTP_URL: 'smtps://[::1]:465', MAIL_FROM: 'scheduler@example.org' }).server,
    ).toBe('smtps://[::1]:465');
  });

  it.each([
    ['http://user:hunter2@mail.example.org', /^SMTP_URL must look like smtp:\/\//],
    ['mail.example.org:587', /^SMTP_URL must look like/],
    ['smtp://', /^SMTP_URL must look like/],
  ])('refuses SMTP_URL %s with a clear error', (url, message) => {
    const run = () => parse({ SMTP_URL: url, MAIL_FROM: 'a@example.org' });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(message);
    try {
      run();
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('needs a usable MAIL_FROM with SMTP_URL', () => {
    expect(() => parse({ SMTP_URL: 'smtp://mail.example.org' })).toThrow(
      /^MAIL_FROM must be set when SMTP_URL is/,
    );
    expect(() =>
      parse({ SMTP_URL: 'smtp://mail.example.org', MAIL_FROM: 'Meridian <not an address>' }),
    ).toThrow(/^MAIL_FROM must be an address or Name <address>/);
  });
});

describe('the daily digest time', () => {
  it('is 07:00 in the organisation’s zone: today’s once passed, else yesterday’s', () => {
    const zone = 'America/Chicago';
    // 2026-01-05 13:00 UTC is 07:00 in Chicago (UTC-6).
    expect(lastDigestTime(zone, new Date('2026-01-05T13:00:00Z'))).toEqual({
      at: new Date('2026-01-05T13:00:00Z'),
      day: '2026-01-05',
    });
    expect(lastDigestTime(zone, new Date('2026-01-05T12:59:59Z'))).toEqual({
      at: new Date('2026-01-04T13:00:00Z'),
      day: '2026-01-04',
    });
    // Summer time (UTC-5), and the morning after the clocks go forward (2026-03-08).
    expect(lastDigestTime(zone, new Date('2026-07-01T18:00:00Z')).at).toEqual(
      new Date('2026-07-01T12:00:00Z'),
    );
    expect(lastDigestTime(zone, new Date('2026-03-08T20:00:00Z')).at).toEqual(
      new Date('2026-03-08T12:00:00Z'),
    );
  });
});

describe('a notice as mail', () => {
  it('escapes every markup character in the HTML part and keeps headers on one line', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const mail = noticeMail(
      { email: 'a@example.org', username: 'ann\r\nBcc: x@evil.org' },
      {
        message: 'Plain <script>alert(1)</script> news\r\nBcc: y@evil.org',
        created_at: new Date(),
      },
      'https://m.example.org',
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text.split('\n')[0]).toBe('Hello ann Bcc: x@evil.org,');
  });
});
