import { existsSync } from 'node:fs';
import path from 'node:path';
import { AppearanceSettingsSchema, type AppearanceSettings } from '@meridian/contracts';
import {
  DEFAULT_THEME,
  DEFAULT_WEIGHTS,
  WeightsSchema,
  type ThemeName,
  type Weights,
} from '@meridian/domain';
import { badRequest } from '../http/http-error';
import { MUSIC_TRACKS, MUSIC_TRACK_KEYS, isMusicTrackKey, musicTrackPath } from './music-catalogue';
import type { SettingsRepository } from '../repositories/settings.repository';

const APPEARANCE_KEY = 'appearance';
const WEIGHTS_KEY = 'optimizer_weights';

/** Appearance before an admin saves anything: default theme, no video, the whole playlist. */
export const DEFAULT_APPEARANCE: AppearanceSettings = {
  theme: DEFAULT_THEME,
  activeVideo: null,
  music: { mode: 'playlist', keys: [...MUSIC_TRACK_KEYS] },
};

/** What the music player needs: the saved choice plus playable urls. */
export interface MusicSettingsRead {
  mode: 'playlist' | 'radio';
  keys: string[];
  urls: Record<string, string>;
  url: string | null;
  name: string | null;
}

/** Theme, background, music and optimizer weights, stored as JSON settings. */
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    /** DATA_DIR/media/music: where optional track files are looked up. */
    private readonly musicDir: string,
    /** Whether a background video of that name is stored (the active one must be). */
    private readonly hasVideo: (name: string) => boolean,
  ) {}

  /** Saved appearance, or the defaults; a stored value that no longer parses falls back too. */
  async getAppearance(): Promise<AppearanceSettings> {
    const parsed = AppearanceSettingsSchema.safeParse(await this.settings.get(APPEARANCE_KEY));
    return parsed.success ? parsed.data : DEFAULT_APPEARANCE;
  }

  /** Saves appearance after checking track keys and that the active video exists. */
  async putAppearance(input: AppearanceSettings): Promise<AppearanceSettings> {
    const unknown = input.music.keys.find((key) => !isMusicTrackKey(key));
    if (unknown !== undefined)
      throw badRequest(`Invalid body field 'music.keys': unknown track '${unknown}'`);
    if (input.activeVideo !== null && !this.hasVideo(input.activeVideo)) {
      throw badRequest(
        `Invalid body field 'activeVideo': no background video named '${input.activeVideo}'`,
      );
    }
    const value: AppearanceSettings = {
      ...input,
      music: { ...input.music, keys: [...new Set(input.music.keys)] },
    };
    await this.settings.put(APPEARANCE_KEY, value);
    return value;
  }

  /** The active theme name. */
  async getTheme(): Promise<ThemeName> {
    return (await this.getAppearance()).theme;
  }

  /** Music settings with urls only for tracks whose files are actually present. */
  async getMusic(): Promise<MusicSettingsRead> {
    const { music } = await this.getAppearance();
    const urls: Record<string, string> = {};
    for (const key of music.keys) {
      if (this.hasTrackFile(key)) urls[key] = musicTrackPath(key);
    }
    // Radio needs a station URL, which this installation does not configure: say so with nulls.
    const first = music.mode === 'playlist' ? Object.keys(urls)[0] : undefined;
    return {
      mode: music.mode,
      keys: music.keys,
      urls,
      url: first === undefined ? null : (urls[first] ?? null),
      name: first === undefined ? null : (MUSIC_TRACKS[first] ?? null),
    };
  }

  /** The file of a catalogue track, or null when the key is unknown or the file absent. */
  trackFile(key: string): string | null {
    return isMusicTrackKey(key) && this.hasTrackFile(key)
      ? path.join(this.musicDir, `${key}.mp3`)
      : null;
  }

  /**
   * Optimizer weights, or DEFAULT_WEIGHTS when never saved or when the stored
   * value does not parse (migration 0006 brought values saved above MAX_WEIGHT
   * before the cap down to it, so a cap alone never discards a choice).
   */
  async getWeights(): Promise<Weights> {
    const parsed = WeightsSchema.safeParse(await this.settings.get(WEIGHTS_KEY));
    return parsed.success ? parsed.data : DEFAULT_WEIGHTS;
  }

  /** Saves the optimizer weights (validated 0 to MAX_WEIGHT at the edge, 400 naming the field). */
  async putWeights(weights: Weights): Promise<Weights> {
    await this.settings.put(WEIGHTS_KEY, weights);
    return weights;
  }

  private hasTrackFile(key: string): boolean {
    return existsSync(path.join(this.musicDir, `${key}.mp3`));
  }
}
