import type { PublishAnswer, PublishPreview } from '@meridian/contracts';
import { dayNumber, type PlanWindow } from '@meridian/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PlanWindowReader } from '../services/schedule.service';
import { badRequest, conflict } from '../http/http-error';
import type { PlanPublicationsRepository } from './plan-publications.repository';
import type { PublishedNotices } from './published-notices';

/** How far ahead a plan may be published: a year is a planner's horizon, more is a typo. */
const MAX_PUBLISH_DAYS_AHEAD = 366;

/** "12 Dec 2026": how a notice names the published-through date. */
export const readableDate = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The title of a notice about one's published jobs. */
export const publishedTitle = (window: PlanWindow): string =>
  `Your confirmed schedule through ${readableDate(window.published_through ?? window.today)}`;

/**
 * The planning window: today in the organisation's time zone and the date
 * the plan is published through (docs/optimization.md, "Planning over time").
 */
export class PlanWindowService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly readWindow: PlanWindowReader,
    private readonly publications: PlanPublicationsRepository,
    private readonly notices: PublishedNotices,
  ) {}

  /** Today and the published-through date, read in `db` when given (a transaction). */
  window(db: Kysely<DB> = this.db): Promise<PlanWindow> {
    return this.readWindow(db);
  }

  /**
   * Publishes the plan through `through` and tells every linked physicist
   * whose published jobs are new or changed since they were last told. The
   * date may not be in the past, nor move the window back (people were told:
   * a published week is changed job by job, on purpose).
   */
  async publish(through: string, publishedBy: string): Promise<PublishAnswer> {
    const told = await this.db.transaction().execute(async (trx) => {
      await this.publications.lock(trx);
      const window = await this.window(trx);
      this.checkThrough(through, window);
      const next = { ...window, published_through: through };
      const users = await this.notices.tell(next, publishedTitle, trx);
      await this.publications.insert({ through, publishedBy, notified: users.length }, trx);
      return users;
    });
    await this.notices.wake(told);
    return { published_through: through, notified: told.length };
  }

  /**
   * What a publish through `through` would do, without doing it: the people
   * it would tell and the jobs it would newly publish. Read in a transaction
   * that is rolled back, so nothing is stored or sent.
   */
  async preview(through: string): Promise<PublishPreview> {
    const rolledBack = new Error('preview only');
    let answer: PublishPreview | null = null;
    await this.db
      .transaction()
      .execute(async (trx) => {
        const window = await this.window(trx);
        this.checkThrough(through, window);
        const next = { ...window, published_through: through };
        const users = await this.notices.tell(next, publishedTitle, trx);
        // Jobs from today on, past the dates already published, become published.
        const stillOpen =
          window.published_through === null || window.published_through < window.today;
        const jobs = await this.publications.jobsStartingBetween(
          stillOpen ? window.today : window.published_through!,
          through,
          stillOpen,
          trx,
        );
        answer = { through, people_to_tell: users.length, jobs_newly_published: jobs };
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    return answer!;
  }

  private checkThrough(through: string, window: PlanWindow): void {
    if (through < window.today)
      throw badRequest(
        `Invalid body field 'through': ${through} is before today (${window.today})`,
      );
    if (dayNumber(through) - dayNumber(window.today) > MAX_PUBLISH_DAYS_AHEAD)
      throw badRequest(
        `Invalid body field 'through': ${through} is more than a year after today (${window.today})`,
      );
    if (window.published_through !== null && through < window.published_through)
      throw conflict(
        `The plan is already published through ${window.published_through}; publishing only moves forward`,
      );
  }
}
