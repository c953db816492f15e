import type { z } from 'zod';
import type { MusicSettingsReadSchema } from '@meridian/contracts';
import type { Score } from './scores/notation';

type MusicSettingsRead = z.infer<typeof MusicSettingsReadSchema>;

/** Where a track's sound comes from: a built-in score, an uploaded file, or the radio station. */
export type TrackSource =
  { kind: 'score'; score: Score } | { kind: 'file'; url: string } | { kind: 'stream'; url: string };

/** One entry the player steps through; source is null when there is nothing to play for it. */
export interface PlayerTrack {
  key: string;
  name: string;
  source: TrackSource | null;
}

/**
 * The tracks the player steps through: the playlist's keys in order (a
 * built-in piece plays its bundled score, an uploaded file its address), or
 * the one radio station. Names come from the track list; a key with neither
 * a score nor a file is still listed with its name, unplayable.
 */
export function buildPlaylist(
  settings: MusicSettingsRead,
  names: Readonly<Record<string, string>>,
  scores: Readonly<Record<string, Score>>,
): PlayerTrack[] {
  if (settings.mode === 'radio') {
    const source = settings.url === null ? null : { kind: 'stream' as const, url: settings.url };
    return [{ key: 'radio', name: settings.name ?? 'No station set', source }];
  }
  return settings.keys.map((key) => {
    const score = Object.hasOwn(scores, key) ? scores[key] : undefined;
    const url = Object.hasOwn(settings.urls, key) ? settings.urls[key] : undefined;
    const source: TrackSource | null = score
      ? { kind: 'score', score }
      : url
        ? { kind: 'file', url }
        : null;
    const name = Object.hasOwn(names, key) ? (names[key] ?? key) : key;
    return { key, name, source };
  });
}
