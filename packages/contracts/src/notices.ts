import { z } from 'zod';

/** How a user's notices reach their e-mail: every notice at once, or one mail a day. */
export const NOTICE_DELIVERIES = ['immediate', 'daily_digest'] as const;
export const NoticeDeliverySchema = z.enum(NOTICE_DELIVERIES);
export type NoticeDelivery = z.infer<typeof NoticeDeliverySchema>;

/**
 * GET /api/v1/me/notice-settings: the signed-in user's choice, the address
 * their mail goes to, and whether this server sends e-mail at all.
 */
export const NoticeSettingsSchema = z.object({
  email: z.string(),
  email_on: z.boolean(),
  delivery: NoticeDeliverySchema,
  /** False when the server has no mail server (SMTP_URL unset): nothing is sent. */
  server_sends_mail: z.boolean(),
  /** When a daily digest goes out, in words (`07:00 America/Chicago`). */
  digest_time: z.string(),
});
export type NoticeSettings = z.infer<typeof NoticeSettingsSchema>;

/** PUT /api/v1/me/notice-settings: both choices, nothing else. */
export const NoticeSettingsUpdateSchema = z.strictObject({
  email_on: z.boolean(),
  delivery: NoticeDeliverySchema,
});
export type NoticeSettingsUpdate = z.infer<typeof NoticeSettingsUpdateSchema>;

/** A delivery that failed, for the admin page. */
export const MailFailureSchema = z.object({
  notification_id: z.number().int(),
  username: z.string(),
  attempts: z.number().int(),
  state: z.enum(['queued', 'failed']),
  error: z.string(),
});
export type MailFailure = z.infer<typeof MailFailureSchema>;

/** GET /api/v1/admin/mail: whether e-mail is on, and how deliveries stand. */
export const MailStatusSchema = z.object({
  enabled: z.boolean(),
  /** One line for the admin page: "E-mail is off: SMTP_URL is not set", or where mail goes. */
  summary: z.string(),
  from: z.string().nullable(),
  counts: z.object({
    queued: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
  /** The latest deliveries with an error (waiting for a retry, or given up), newest first. */
  recent_failures: z.array(MailFailureSchema),
});
export type MailStatus = z.infer<typeof MailStatusSchema>;
