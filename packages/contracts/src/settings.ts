import { z } from 'zod';
import { THEMES, WeightsSchema } from '@meridian/domain';

export const ThemeNameSchema = z.enum(THEMES);

/** GET /api/v1/theme/active. */
export const ActiveThemeSchema = z.object({ theme_name: ThemeNameSchema });

export const MusicSettingsSchema = z.object({
  mode: z.enum(['playlist', 'radio']),
  keys: z.array(z.string()),
});

/** GET/PUT /api/v1/admin/appearance-settings. */
export const AppearanceSettingsSchema = z.strictObject({
  theme: ThemeNameSchema,
  activeVideo: z.string().nullable(),
  music: MusicSettingsSchema,
});
export type AppearanceSettings = z.infer<typeof AppearanceSettingsSchema>;

/** GET /api/v1/music/settings: the saved choice plus what the player needs. */
export const MusicSettingsReadSchema = MusicSettingsSchema.extend({
  urls: z.record(z.string(), z.string()),
  url: z.string().nullable(),
  name: z.string().nullable(),
});

/** GET /api/v1/music/tracks: key -> track name. */
export const MusicTracksSchema = z.record(z.string(), z.string());

/** GET/PUT /api/v1/admin/settings/weights. */
export const WeightsBodySchema = WeightsSchema.strict();

/** Largest background video the server accepts (413 above); the web app checks it before sending. */
export const MAX_BACKGROUND_VIDEO_BYTES = 200 * 1024 * 1024;

/** One background video in GET /api/v1/admin/backgrounds. */
export const BackgroundVideoSchema = z.object({
  name: z.string(),
  /** Public address of the file (a <video> element cannot send a bearer header). */
  url: z.string(),
  size_bytes: z.number().int().nonnegative(),
  uploaded_at: z.string(),
  active: z.boolean(),
});
export type BackgroundVideo = z.infer<typeof BackgroundVideoSchema>;
export const BackgroundVideoListSchema = z.array(BackgroundVideoSchema);

/** POST /api/v1/admin/backgrounds/upload: the server-chosen name of the stored video. */
export const BackgroundUploadResultSchema = z.object({ name: z.string(), url: z.string() });

/** GET /api/v1/backgrounds/active (public): the login landing's video, if one is chosen. */
export const ActiveBackgroundSchema = z.object({ url: z.string().nullable() });
