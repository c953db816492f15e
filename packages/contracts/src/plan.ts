import { z } from 'zod';
import { IsoDateSchema, PlanWindowSchema } from '@meridian/domain';

/** GET /api/v1/plan/window. */
export const PlanWindowAnswerSchema = PlanWindowSchema;

/** POST /api/v1/plan/publish: publish the plan through a date (admin, manager). */
export const PublishRequestSchema = z.strictObject({ through: IsoDateSchema });
export type PublishRequest = z.infer<typeof PublishRequestSchema>;

/** Its answer: the new window's end and how many people were told of new or changed jobs. */
export const PublishAnswerSchema = z.object({
  published_through: IsoDateSchema,
  notified: z.number().int(),
});
export type PublishAnswer = z.infer<typeof PublishAnswerSchema>;

/** GET /api/v1/plan/publish-preview?through=: who a publish through that date would tell. */
export const PublishPreviewQuerySchema = z.strictObject({ through: IsoDateSchema });
export const PublishPreviewSchema = z.object({
  through: IsoDateSchema,
  /** Linked people with a published job that is new or changed since they were last told. */
  people_to_tell: z.number().int(),
  /** Jobs that would newly be published (start after the current published date, through `through`). */
  jobs_newly_published: z.number().int(),
});
export type PublishPreview = z.infer<typeof PublishPreviewSchema>;
