import { z } from 'zod';
import { JobPhaseSchema, RoleSchema } from '@meridian/domain';
import { decimalInteger, MAX_DB_INTEGER, RowIdParamsSchema, RowIdSchema } from './ids';

/**
 * Accounts linked to physicists, a schedule of one's own, its calendar feed and
 * the notifications that reach people.
 */

/**
 * PUT /api/v1/admin/users/{id}: the role, the linked physicist (an id, or
 * null to unlink), or both; at least one of them.
 */
export const UpdateUserRequestSchema = z
  .strictObject({
    role: RoleSchema.optional(),
    physicist_id: RowIdSchema.nullable().optional(),
  })
  .refine((body) => body.role !== undefined || body.physicist_id !== undefined, {
    message: 'Give role, physicist_id or both',
  });
export type UpdateUserRequest = z.infer<typeof UpdateUserRequestSchema>;

/** One suggested link: an unlinked account whose name or e-mail matches an unlinked physicist. */
export const LinkSuggestionSchema = z.object({
  user_id: z.number().int(),
  physicist_id: z.number().int(),
  physicist_name: z.string(),
  matched_on: z.enum(['name', 'email']),
});
export type LinkSuggestion = z.infer<typeof LinkSuggestionSchema>;

/** GET /api/v1/admin/users/link-suggestions. */
export const LinkSuggestionListSchema = z.array(LinkSuggestionSchema);

/** The user's slot on a job. */
export const ScheduleSlotSchema = z.enum(['lead', 'data_acq']);
export type ScheduleSlot = z.infer<typeof ScheduleSlotSchema>;

/** One of the signed-in user's assignments. */
export const ScheduleEntrySchema = z.object({
  job_id: z.number().int(),
  customer: z.string(),
  location: z.string(),
  zip_code: z.string(),
  /** YYYY-MM-DD, inclusive; null when the job has no dates yet. */
  start: z.string().nullable(),
  end: z.string().nullable(),
  slot: ScheduleSlotSchema,
  /** The physicist in the job's other slot, or null when it is empty. */
  partner: z.string().nullable(),
  kit: z.string().nullable(),
  /** Great-circle miles from the physicist's home zip; null when a zip has no coordinates. */
  miles_from_home: z.number().nullable(),
  /** Published jobs are confirmed, draft ones tentative (the plan may still change them). */
  phase: JobPhaseSchema,
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

/** GET /api/v1/me/schedule: the physicist linked to the account (null when unlinked) and their jobs in date order. */
export const MyScheduleSchema = z.object({
  physicist: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  entries: z.array(ScheduleEntrySchema),
});
export type MySchedule = z.infer<typeof MyScheduleSchema>;

/** POST /api/v1/me/calendar: the new private feed URL (the old one stops working). */
export const CalendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;

/**
 * GET /api/v1/me/calendar: whether a feed is live, and its URL while it is
 * (re-derived by the server, never stored in clear). `url` is null when there
 * is no feed, or for a feed made before URLs could be shown again (rotate it).
 */
export const CalendarFeedStatusSchema = z.object({
  active: z.boolean(),
  url: z.string().nullable(),
});

/** GET /api/v1/calendar/{file}: the file is `<secret>.ics`. */
export const CalendarFileParamsSchema = z.object({ file: z.string().max(200) });

/** One notification of the signed-in user. */
export const NotificationSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/v1/notifications: newest first, with the number unread. */
export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

/** The longest message "Notify all physicists" sends (characters, after trimming). */
export const NOTIFY_ALL_MESSAGE_MAX = 500;

/** POST /api/v1/notifications/notify-all. */
export const NotifyAllRequestSchema = z.strictObject({
  message: z.string().trim().min(1).max(NOTIFY_ALL_MESSAGE_MAX).optional(),
});

/**
 * POST /api/v1/notifications/notify-affected: with `job_id`, only the people of
 * that job hear, and only about it (a row's icon); without, everyone about everything.
 */
export const NotifyAffectedQuerySchema = z.strictObject({
  job_id: decimalInteger(1, MAX_DB_INTEGER).optional(),
});

/** Answer of both notify routes: how many users were notified. */
export const NotifiedSchema = z.object({ notified: z.number().int() });

/** Event of GET /api/v1/notifications/stream: the user's notifications changed. */
export const NotificationsStreamEventSchema = z.object({
  unread: z.number().int(),
  latest_id: z.number().int().nullable(),
});
export type NotificationsStreamEvent = z.infer<typeof NotificationsStreamEventSchema>;

export const NotificationIdParamsSchema = RowIdParamsSchema;
