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

/**
 * Sends through the SMTP server of SMTP_URL with nodemailer, one connection
 * per message (the outbox runs three at once): no idle connection outlives a
 * drain, and every attempt meets the server as it is now. Timeouts are
 * short: a mail server that hangs must not hold a delivery (or the
 * process's shutdown) for nodemailer's default minutes; the delivery is
 * retried instead.
 */
export function smtpSender(smtpUrl: string, from: string): MailSender {
  const transport = createTransport(
    {
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from },
  );
  return {
    async send(message) {
      try {
        await transport.sendMail(message);
      } catch (error) {
        throw describe(error);
      }
    },
    close() {
      transport.close();
    },
  };
}
