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
