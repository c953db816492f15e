import type { MailStatus, NoticeSettings, NoticeSettingsUpdate } from '@meridian/contracts';
import type { MailSettings } from '../config/mail-settings';
import { notFound } from '../http/http-error';
import type { UsersRepository } from '../repositories/users.repository';
import { DIGEST_HOUR } from './digest-time';
import type { MailDeliveriesRepository } from './mail-deliveries.repository';
import { MAIL_OFF_REASON } from './mail-outbox';
import type { NoticeSettingsRepository } from './notice-settings.repository';

/** How many failed deliveries the admin page lists. */
const FAILURES_LISTED = 10;

/** Each user's choice of how notices reach their e-mail, and the admin's view of the mail. */
export class NoticeSettingsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly settings: NoticeSettingsRepository,
    private readonly deliveries: MailDeliveriesRepository,
    private readonly mail: MailSettings,
    private readonly timeZone: string,
  ) {}

  /** The user's choice, their address and whether this server sends mail at all. */
  async get(userId: number): Promise<NoticeSettings> {
    const user = await this.users.findById(userId);
    if (user === undefined) throw notFound(`User ${userId} not found`);
    const choice = await this.settings.get(userId);
    return {
      email: user.email,
      ...choice,
      server_sends_mail: this.mail.smtpUrl !== null,
      digest_time: `${String(DIGEST_HOUR).padStart(2, '0')}:00 ${this.timeZone}`,
    };
  }

  /** Stores the user's choice; answers the settings as now stored. */
  async put(userId: number, update: NoticeSettingsUpdate): Promise<NoticeSettings> {
    await this.settings.put(userId, update);
    return this.get(userId);
  }

  /** Whether e-mail is on and how deliveries stand (admin page). */
  async status(): Promise<MailStatus> {
    const [counts, failures] = await Promise.all([
      this.deliveries.counts(),
      this.deliveries.recentFailures(FAILURES_LISTED),
    ]);
    const enabled = this.mail.smtpUrl !== null;
    return {
      enabled,
      summary: enabled
        ? `E-mail is on: notices go out through ${this.mail.server ?? ''} from ${this.mail.from ?? ''}`
        : MAIL_OFF_REASON,
      from: this.mail.from,
      counts,
      recent_failures: failures,
    };
  }
}
