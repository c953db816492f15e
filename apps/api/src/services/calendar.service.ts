import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import ical, { ICalEventStatus, type ICalCalendar } from 'ical-generator';
import { dayNumber, fromDayNumber } from '@meridian/domain';
import { conflict, notFound } from '../http/http-error';
import type { CalendarFeedsRepository } from '../repositories/calendar-feeds.repository';
import type { UsersRepository } from '../repositories/users.repository';
import type { ScheduleService, ScheduledSlot } from './schedule.service';

/** 32 random bytes (256 bits) of seed; the secret is an HMAC-SHA256, 43 base64url characters. */
const SEED_BYTES = 32;
const FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;
const SLOT_LABEL = { lead: 'Lead', data_acq: 'Data acquisition' } as const;

/** The stored form of a feed secret: its SHA-256 in hex. */
export const hashFeedSecret = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex');

const NOT_LINKED =
  'Your account is not linked to a physicist yet; ask an admin to link it in User Management';
const NO_FEED = 'No such calendar feed (it may have been rotated or revoked)';

/**
 * Adds the job's events to a calendar: one all-day event per dated
 * assignment, CONFIRMED when published (or past), TENTATIVE when draft.
 */
function addEvents(calendar: ICalCalendar, slots: readonly ScheduledSlot[]): void {
  for (const slot of slots) {
    if (slot.start === null || slot.end === null) continue;
    const customer = slot.customer.trim() === '' ? `Job ${slot.job_id}` : slot.customer;
    const place = [slot.location, slot.zip_code].filter((part) => part.trim() !== '').join(', ');
    const description = [
      `Partner: ${slot.partner ?? 'not assigned yet'}`,
      `Kit: ${slot.kit ?? 'not assigned yet'}`,
      slot.miles_from_home === null ? null : `Miles from home: ${slot.miles_from_home}`,
      `Job ${slot.job_id}`,
    ].filter((line) => line !== null);
    calendar.createEvent({
      // Job and slot identify the event, so an edited job updates it instead of adding another.
      id: `job-${slot.job_id}-${slot.slot}@meridian-scheduler`,
      sequence: slot.version,
      allDay: true,
      start: slot.start,
      // RFC 5545: the end date of an all-day event is exclusive.
      end: fromDayNumber(dayNumber(slot.end) + 1),
      summary: `${customer} (${SLOT_LABEL[slot.slot]})${slot.phase === 'draft' ? ', tentative' : ''}`,
      // Published (and past) jobs are promised; a draft job may still move to someone else.
      status: slot.phase === 'draft' ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      location: place === '' ? `Job ${slot.job_id}` : place,
      description: description.join('\n'),
    });
  }
}

/**
 * Private calendar feeds, one live feed per user. The URL's secret is never
 * stored: the row keeps a random seed and the secret's SHA-256, and the
 * secret is HMAC(server key, user and seed), so the server can show the URL
 * again while the feed lives, and a copy of the database alone cannot.
 */
export class CalendarService {
  constructor(
    private readonly users: UsersRepository,
    private readonly feeds: CalendarFeedsRepository,
    private readonly schedule: ScheduleService,
    /** The server's key for feed secrets (derived from JWT_SECRET; a new one makes URLs unshowable, not valid). */
    private readonly key: Buffer,
  ) {}

  private secretOf(userId: number, seed: string): string {
    return createHmac('sha256', this.key).update(`${userId}:${seed}`).digest('base64url');
  }

  /** Makes a new feed secret for a linked user, killing any earlier one; returns the secret. */
  async rotate(userId: number): Promise<string> {
    const user = await this.users.findById(userId);
    if (user?.physicist_id === null || user === undefined) throw conflict(NOT_LINKED);
    const seed = randomBytes(SEED_BYTES).toString('base64url');
    const secret = this.secretOf(userId, seed);
    await this.feeds.replace(userId, hashFeedSecret(secret), seed);
    return secret;
  }

  /**
   * The live feed's secret, derived again; null when there is no feed, or it
   * cannot be shown (made before seeds were kept, or under another server key).
   */
  async currentSecret(userId: number): Promise<{ active: boolean; secret: string | null }> {
    const row = await this.feeds.find(userId);
    if (row === undefined) return { active: false, secret: null };
    if (row.seed === null) return { active: true, secret: null };
    const secret = this.secretOf(userId, row.seed);
    const derived = Buffer.from(hashFeedSecret(secret), 'hex');
    const stored = Buffer.from(row.secret_hash, 'hex');
    const matches = stored.length === derived.length && timingSafeEqual(stored, derived);
    return { active: true, secret: matches ? secret : null };
  }

  /** Revokes the user's feed (nothing to do when there is none). */
  async revoke(userId: number): Promise<void> {
    await this.feeds.delete(userId);
  }

  /** The iCalendar text of the feed file `<secret>.ics`; 404 for an unknown, rotated or revoked secret. */
  async feed(file: string): Promise<string> {
    const secret = FILE_PATTERN.exec(file)?.[1];
    // eslint-disable-next-line security/detect-possible-timing-attacks -- the secret is never compared: its SHA-256 is looked up in the database, so no timing leaks the secret
    if (secret === undefined) throw notFound(NO_FEED);
    const userId = await this.feeds.userIdFor(hashFeedSecret(secret));
    if (userId === undefined) throw notFound(NO_FEED);
    const physicist = await this.schedule.linkedPhysicist(userId);
    const name = physicist === null ? 'Meridian' : `Meridian: ${physicist.name}`;
    const calendar = ical({ name, prodId: { company: 'Meridian', product: 'Scheduler' } });
    // An account unlinked after the feed was made gets an empty calendar, not an error.
    if (physicist !== null) {
      addEvents(calendar, (await this.schedule.slotsOf([physicist.id])).get(physicist.id) ?? []);
    }
    return calendar.toString();
  }
}
