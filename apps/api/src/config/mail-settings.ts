import { z } from 'zod';

/** SMTP_URL or MAIL_FROM that cannot be used; parseConfig turns it into a ConfigError. */
export class MailSettingsError extends Error {
  override name = 'MailSettingsError';
}

/** Where notices' e-mail goes out, or null server: nothing is sent. */
export interface MailSettings {
  /** SMTP_URL as given (credentials included): nodemailer reads it. Null: e-mail is off. */
  smtpUrl: string | null;
  /** The server's address without credentials, for logs and the admin page (`smtp://host:587`). */
  server: string | null;
  /** MAIL_FROM: the sender of every notice. */
  from: string | null;
}

/** No mail server: what a start without SMTP_URL gets. */
export const MAIL_OFF: MailSettings = { smtpUrl: null, server: null, from: null };

const SmtpUrlSchema = z
  .url({ protocol: /^smtps?$/ })
  .refine((text) => new URL(text).hostname !== '', 'a host is required');

const Address = z.email();
/** `Name <address>` or a bare address. */
const FromSchema = z.string().refine((text) => {
  const named = /^[^<>\r\n]*<([^<>\s]+)>$/.exec(text);
  return Address.safeParse(named ? named[1] : text).success;
});

/** The URL with any user name and password left out (never print a password). */
function withoutCredentials(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(not a URL)';
  }
}

/**
 * Reads SMTP_URL (`smtp://user:pass@host:587`, `smtps://host:465`; unset: no
 * e-mail) and MAIL_FROM (`Meridian <scheduler@example.org>`, required with
 * SMTP_URL: the sender a mail server and its SPF record must accept is the
 * operator's to choose, not ours to guess).
 */
export function parseMailSettings(env: Record<string, string | undefined>): MailSettings {
  const url = env.SMTP_URL?.trim() ?? '';
  const from = env.MAIL_FROM?.trim() ?? '';
  if (url === '') {
    if (from !== '' && !FromSchema.safeParse(from).success) {
      throw new MailSettingsError(
        `MAIL_FROM must be an address or Name <address>, got '${from.replace(/[\r\n]/g, ' ')}'`,
      );
    }
    return MAIL_OFF;
  }
  if (!SmtpUrlSchema.safeParse(url).success) {
    throw new MailSettingsError(
      `SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465, got '${withoutCredentials(url)}'`,
    );
  }
  if (from === '') {
    throw new MailSettingsError(
      'MAIL_FROM must be set when SMTP_URL is: the sender of notices, such as Meridian <scheduler@example.org>',
    );
  }
  if (!FromSchema.safeParse(from).success) {
    throw new MailSettingsError(
      `MAIL_FROM must be an address or Name <address>, got '${from.replace(/[\r\n]/g, ' ')}'`,
    );
  }
  return { smtpUrl: url, server: withoutCredentials(url), from };
}
