import {
  AppearanceSettingsSchema,
  SwapApprovalSettingsSchema,
  type AppearanceSettings,
  type SwapApprovalSettings,
} from '@meridian/contracts';
import {
  DEFAULT_THEME,
  DEFAULT_WEIGHTS,
  MUSIC_TRACK_KEYS,
  WeightsSchema,
  completeWeights,
  isBuiltInTrackKey,
  type ThemeName,
  type Weights,
} from '@meridian/domain';
import { badRequest } from '../http/http-error';
import type { SettingsRepository } from '../repositories/settings.repository';

const APPEARANCE_KEY = 'appearance';
const WEIGHTS_KEY = 'optimizer_weights';
const SWAP_APPROVAL_KEY = 'swap_approval';

/**
 * Swaps wait for a manager until an admin says otherwise. When turned on,
 * a swap whose F rises by at most 1 (about 100 miles more travel at the
 * default proximity weight) is approved without one.
 */
export const DEFAULT_SWAP_APPROVAL: SwapApprovalSettings = {
  is_automatic: false,
  max_f_increase: 1,
};

/** Appearance before an admin saves anything: default theme, no video, the whole playlist. */
export const DEFAULT_APPEARANCE: AppearanceSettings = {
  theme: DEFAULT_THEME,
  activeVideo: null,
  music: { mode: 'playlist', keys: [...MUSIC_TRACK_KEYS], station: null },
};

/** The origin of a station address (scheme, host, port): what the CSP's media-src names. */
const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** Theme, background, music and optimizer weights, stored as JSON settings. */
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    /** Whether a background video of that name is stored (the active one must be). */
    private readonly hasVideo: (name: string) => Promise<boolean>,
    /** Whether an uploaded music file of that name is stored (a playlist may name it). */
    private readonly hasUploadedTrack: (name: string) => Promise<boolean>,
  ) {}

  /** The station origin as last read or saved (see stationOrigin). */
  private knownStationOrigin: string | null = null;

  /** Saved appearance, or the defaults; a stored value that no longer parses falls back too. */
  async getAppearance(): Promise<AppearanceSettings> {
    const parsed = AppearanceSettingsSchema.safeParse(await this.settings.get(APPEARANCE_KEY));
    const appearance = parsed.success ? parsed.data : DEFAULT_APPEARANCE;
    this.rememberStation(appearance);
    return appearance;
  }

  /**
   * The saved radio station's origin, or null: the one outside origin the
   * Content-Security-Policy lets media come from. Synchronous because the
   * header is built synchronously; it is as fresh as the last read or save,
   * and compose/app.ts reads the settings before answering each page load.
   */
  stationOrigin(): string | null {
    return this.knownStationOrigin;
  }

  /** Saves appearance after checking track keys, the radio station and that the active video exists. */
  async putAppearance(input: AppearanceSettings): Promise<AppearanceSettings> {
    let unknown: string | undefined;
    for (const key of input.music.keys) {
      if (isBuiltInTrackKey(key) || (await this.hasUploadedTrack(key))) continue;
      unknown = key;
      break;
    }
    if (unknown !== undefined)
      throw badRequest(`Invalid body field 'music.keys': unknown track '${unknown}'`);
    if (input.music.mode === 'radio' && input.music.station === null) {
      throw badRequest(
        "Invalid body field 'music.station': radio mode needs a station (its url and name)",
      );
    }
    if (input.activeVideo !== null && !(await this.hasVideo(input.activeVideo))) {
      throw badRequest(
        `Invalid body field 'activeVideo': no background video named '${input.activeVideo}'`,
      );
    }
    const value: AppearanceSettings = {
      ...input,
      music: { ...input.music, keys: [...new Set(input.music.keys)] },
    };
    await this.settings.put(APPEARANCE_KEY, value);
    this.rememberStation(value);
    return value;
  }

  private rememberStation(appearance: AppearanceSettings): void {
    const { station } = appearance.music;
    this.knownStationOrigin = station === null ? null : originOf(station.url);
  }

  /** The active theme name. */
  async getTheme(): Promise<ThemeName> {
    return (await this.getAppearance()).theme;
  }

  /**
   * Optimizer weights, all five (a stored value from before the stability
   * and preference weights gets their defaults), or DEFAULT_WEIGHTS when
   * never saved or when the stored value does not parse (migration 0006
   * brought values saved above MAX_WEIGHT before the cap down to it, so a
   * cap alone never discards a choice).
   */
  async getWeights(): Promise<Required<Weights>> {
    const parsed = WeightsSchema.safeParse(await this.settings.get(WEIGHTS_KEY));
    return parsed.success ? completeWeights(parsed.data) : DEFAULT_WEIGHTS;
  }

  /**
   * Saves the optimizer weights (validated 0 to MAX_WEIGHT at the edge, 400
   * naming the field). A weight the body leaves out (a client that knows only
   * the spec's three) keeps its saved value.
   */
  async putWeights(weights: Weights): Promise<Required<Weights>> {
    const saved = await this.getWeights();
    const merged = completeWeights({
      ...weights,
      stability: weights.stability ?? saved.stability,
      preference: weights.preference ?? saved.preference,
    });
    await this.settings.put(WEIGHTS_KEY, merged);
    return merged;
  }

  /** Whether accepted swaps are approved without a manager, and up to which rise of F. */
  async getSwapApproval(): Promise<SwapApprovalSettings> {
    const parsed = SwapApprovalSettingsSchema.safeParse(await this.settings.get(SWAP_APPROVAL_KEY));
    return parsed.success ? parsed.data : DEFAULT_SWAP_APPROVAL;
  }

  /** Saves the automatic approval of swaps (validated at the edge). */
  async putSwapApproval(value: SwapApprovalSettings): Promise<SwapApprovalSettings> {
    await this.settings.put(SWAP_APPROVAL_KEY, value);
    return value;
  }
}
