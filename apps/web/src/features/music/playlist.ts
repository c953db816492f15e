import type { z } from 'zod';
import type { MusicSettingsReadSchema } from '@meridian/contracts';

type MusicSettingsRead = z.infer<typeof MusicSettingsReadSchema>;

/** One entry the player can show; url is null when no audio file is available for it. */
export interface PlayerTrack {
  key: string;
  name: string;
  url: string | null;
}

/**
 * The tracks the player steps through: the playlist's keys in order, or the
 * one radio station. Names come from the track catalogue; a key without a
 * url is still listed (with its name) so the player can say it has no audio.
 */
export function buildPlaylist(
  settings: MusicSettingsRead,
  names: Readonly<Record<string, string>>,
): PlayerTrack[] {
  if (settings.mode === 'radio') {
    return [{ key: 'radio', name: settings.name ?? 'Classical radio', url: settings.url }];
  }
  return settings.keys.map((key) => ({
    key,
    name: names[key] ?? key,
    url: settings.urls[key] ?? null,
  }));
}
