import { z } from 'zod';
import { THEMES, WeightsSchema } from '@meridian/domain';

export const ThemeNameSchema = z.enum(THEMES);

/** GET /api/v1/theme/active. */
export const ActiveThemeSchema = z.object({ theme_name: ThemeNameSchema });

/** A live station for radio mode: an http(s) stream address and the name the top bar shows. */
export const RadioStationSchema = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })),
  name: z.string().trim().min(1, 'must not be empty').max(100),
});
export type RadioStation = z.infer<typeof RadioStationSchema>;

export const MusicSettingsSchema = z.object({
  mode: z.enum(['playlist', 'radio']),
  /** Playlist order: built-in keys (see MUSIC_TRACKS) and uploaded tracks' file names. */
  keys: z.array(z.string()),
  /** The radio station; settings saved before radio existed have none. */
  station: RadioStationSchema.nullable().default(null),
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

/** GET /api/v1/music/tracks: key -> track name (built-in pieces, then uploaded files). */
export const MusicTracksSchema = z.record(z.string(), z.string());

/** Largest music file the server accepts (413 above); the web app checks it before sending. */
export const MAX_MUSIC_FILE_BYTES = 50 * 1024 * 1024;

/** One uploaded music file in GET /api/v1/admin/music/uploads. */
export const MusicUploadSchema = z.object({
  /** The key a playlist names it by: the server-chosen file name. */
  key: z.string(),
  /** The title shown in the top bar (the uploader's file name unless given). */
  name: z.string(),
  /** Public address of the file (an <audio> element cannot send a bearer header). */
  url: z.string(),
  size_bytes: z.number().int().nonnegative(),
  uploaded_at: z.string(),
});
export type MusicUpload = z.infer<typeof MusicUploadSchema>;
export const MusicUploadListSchema = z.array(MusicUploadSchema);

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
