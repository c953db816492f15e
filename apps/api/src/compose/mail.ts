import type { Kysely } from 'kysely';
import type { RuntimeConfig } from '../config/config';
import type { DB } from '../db/schema';
import { MailDeliveriesRepository } from '../mail/mail-deliveries.repository';
import { MailOutbox, type OutboxLog } from '../mail/mail-outbox';
import { MailPump } from '../mail/mail-pump';
import { smtpSender, type MailSender } from '../mail/mail-sender';
import { NoticeSettingsRepository } from '../mail/notice-settings.repository';
import { NoticeSettingsService } from '../mail/notice-settings.service';
import { UsersRepository } from '../repositories/users.repository';
import { MAIL_OUTBOX_KEY } from '../services/notifications-stream';
import type { TaskEventBus } from '../tasks/task-event-bus';

/** Notices' e-mail: the outbox, what drives it, and the settings users choose. */
export interface MailServices {
  outbox: MailOutbox;
  pump: MailPump;
  noticeSettings: NoticeSettingsService;
  deliveries: MailDeliveriesRepository;
  /** Starts draining in this process (where workers run): on the bus's wake-ups and a poll. */
  start(bus: TaskEventBus): void;
  close(): Promise<void>;
}

/** What createMailServices needs. */
export interface MailWiring {
  db: Kysely<DB>;
  config: Pick<RuntimeConfig, 'mail' | 'orgTimeZone'>;
  /** PUBLIC_URL, else the listen address: the base of links in mail. */
  baseUrl: () => string;
  log: OutboxLog;
  /** The clock drains read (tests and the bench drain by hand instead). */
  now?: () => Date;
}

/** Wires the mail services; nothing runs until start(). */
export function createMailServices(wiring: MailWiring): MailServices {
  const { db, config } = wiring;
  const deliveries = new MailDeliveriesRepository(db);
  const { smtpUrl, from } = config.mail;
  const sender: MailSender | null =
    smtpUrl === null || from === null ? null : smtpSender(smtpUrl, from);
  const outbox = new MailOutbox({
    deliveries,
    sender,
    baseUrl: wiring.baseUrl,
    timeZone: config.orgTimeZone,
    log: wiring.log,
  });
  const pump = new MailPump(outbox, wiring.log, wiring.now);
  return {
    outbox,
    pump,
    deliveries,
    noticeSettings: new NoticeSettingsService(
      new UsersRepository(db),
      new NoticeSettingsRepository(db),
      deliveries,
      config.mail,
      config.orgTimeZone,
    ),
    start: (bus) => pump.start(bus, MAIL_OUTBOX_KEY),
    async close() {
      await pump.close();
      sender?.close();
    },
  };
}
