import { createTransport } from 'nodemailer';
import type { MailMessage } from './notice-mail';

/** Why a send failed, and whether trying again can help. */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    /** True when the server refused the recipient for good (5xx to RCPT TO): no retry. */
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Sends one message or throws MailSendError. */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
  /** Lets go of open connections (the end of a drain). */
  release(): void;
  close(): void;
}

/** What nodemailer's errors carry beyond the message. */
interface SmtpErrorFields {
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
}

/** One line, no credentials (nodemailer does not echo them), bounded for the record. */
function describe(error: unknown): MailSendError {
  const fields = (error ?? {}) as SmtpErrorFields;
  const text = error instanceof Error ? error.message : String(error);
  const line = text.replace(/[\r\n]+/g, ' ').slice(0, 500);
  const code = fields.responseCode ?? 0;
  const permanent = code >= 500 && code < 600 && /^RCPT/i.test(fields.command ?? '');
  return new MailSendError(line, permanent);
}

/** Connections a drain may hold open at once (and sends in flight: MailOutbox). */
export const SMTP_CONNECTIONS = 5;

/**
 * Sends through the SMTP server of SMTP_URL with nodemailer over a small
 * pool of connections, so a publish that tells 160 people does not pay a
 * connection, greeting and login per mail. The outbox releases the pool at
 * the end of every drain: no connection idles between drains, and each
 * drain meets the server as it is now. Timeouts are short: a mail server
 * that hangs must not hold a delivery (or the process's shutdown) for
 * nodemailer's default minutes; the delivery is retried instead.
 */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  let transport: ReturnType<typeof createTransport> | null = null;
  const open = () =>
    (transport ??= createTransport(
      {
        url: smtpUrl,
        pool: true,
        maxConnections: SMTP_CONNECTIONS,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      { from },
    ));
  const release = () => {
    transport?.close();
    transport = null;
  };
  return {
    async send(message) {
      try {
        await open().sendMail(message);
      } catch (error) {
        throw describe(error);
      }
    },
    release,
    close: release,
  };
}
