import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { MAX_MUSIC_FILE_BYTES, type MusicUpload } from '@meridian/contracts';
import { MUSIC_TRACKS, isBuiltInTrackKey } from '@meridian/domain';
import { HttpError, badRequest, notFound } from '../http/http-error';
import { detectAudio, type AudioKind } from '../io/audio-signature';
import { musicFileUrl } from '../io/music-url';
import type { SettingsRepository } from '../repositories/settings.repository';
import type { FolderImport, MediaCollection, MediaLibrary, UploadRules } from './media-library';
import type { SettingsService } from './settings.service';

/** Titles of uploaded files by stored name (the uploader's file name, kept for the top bar). */
const TITLES_KEY = 'music_titles';
const TitlesSchema = z.record(z.string(), z.string());
const MAX_MUSIC_MB = MAX_MUSIC_FILE_BYTES / (1024 * 1024);

/** Uploaded music in the media tables; before migration 0028, in DATA_DIR/media/music. */
export const MUSIC_MEDIA: MediaCollection = {
  kind: 'music',
  folder: 'music',
  // Names the server gives stored music files. They contain a dot, which no
  // built-in track key does, so a playlist key says which kind it is.
  storedName: /^[a-z0-9][a-z0-9-]{0,63}\.(mp3|ogg|opus|wav|flac)$/,
  fallbackStem: 'track',
};

/** Audio is recognised by its first bytes: 413 over the cap, 400 naming the file otherwise. */
const AUDIO_RULES: UploadRules<AudioKind> = {
  detect: detectAudio,
  tooLarge: () =>
    new HttpError(413, `The music file is larger than the limit of ${MAX_MUSIC_MB} MB`),
  notSupported: (file) =>
    badRequest(
      `'${file}' is not a supported audio file: upload an MP3, Ogg (Opus or Vorbis), WAV or FLAC file`,
    ),
};

/** What the player needs: the saved choice plus playable urls (GET /api/v1/music/settings). */
export interface MusicSettingsRead {
  mode: 'playlist' | 'radio';
  keys: string[];
  station: { url: string; name: string } | null;
  urls: Record<string, string>;
  url: string | null;
  name: string | null;
}

/** A title from an uploader's file name: no folder, no extension, at most 100 characters. */
const titleOf = (originalName: string): string => {
  const title = path.basename(originalName, path.extname(originalName)).trim().slice(0, 100);
  return title === '' ? 'Uploaded track' : title;
};

/**
 * Music: the built-in pieces (synthesised by the browser) and the files an
 * admin uploads (in the database), the playlist the player steps
 * through and the radio station.
 */
export class MusicService {
  constructor(
    /** The stored files; public so the routes can serve them. */
    readonly library: MediaLibrary,
    private readonly settings: SettingsService,
    private readonly settingsRepository: SettingsRepository,
  ) {}

  /** Key -> name of every track a playlist may name: built-in pieces first, then uploads. */
  async tracks(): Promise<Record<string, string>> {
    const uploads = await this.uploads();
    return {
      ...MUSIC_TRACKS,
      ...Object.fromEntries(uploads.map((upload) => [upload.key, upload.name])),
    };
  }

  /** The uploaded files with their titles. */
  async uploads(): Promise<MusicUpload[]> {
    const titles = await this.titles();
    return (await this.library.list()).map((file) => ({
      key: file.name,
      name: (Object.hasOwn(titles, file.name) ? titles[file.name] : undefined) ?? file.name,
      url: musicFileUrl(file.name),
      size_bytes: file.sizeBytes,
      uploaded_at: file.modified.toISOString(),
    }));
  }

  /** Keeps an upload only when its bytes are audio: 413 over the cap, 400 naming the file otherwise. */
  async upload(
    stream: Readable & { truncated?: boolean },
    originalName: string,
  ): Promise<MusicUpload> {
    const stored = await this.library.store(stream, originalName, AUDIO_RULES);
    // A fresh random name taken by another file: as unlikely as a collision of 32 random bits.
    if (stored === null) throw new Error('a new music file name was already taken');
    const { name } = stored;
    const title = titleOf(originalName);
    await this.settingsRepository.put(TITLES_KEY, { ...(await this.titles()), [name]: title });
    const uploaded = (await this.uploads()).find((upload) => upload.key === name);
    if (uploaded === undefined) throw new Error(`stored music file ${name} is not listed`);
    return uploaded;
  }

  /** Deletes an uploaded file and takes it out of the saved playlist. */
  async remove(key: string): Promise<void> {
    if (!(await this.library.remove(key))) throw notFound(`No uploaded music file named '${key}'`);
    const { [key]: _removed, ...titles } = await this.titles();
    await this.settingsRepository.put(TITLES_KEY, titles);
    const appearance = await this.settings.getAppearance();
    if (appearance.music.keys.includes(key)) {
      const keys = appearance.music.keys.filter((k) => k !== key);
      await this.settings.putAppearance({ ...appearance, music: { ...appearance.music, keys } });
    }
  }

  /**
   * The saved choice with what the player needs: the playlist's keys that
   * still exist (a built-in piece, or an uploaded file still stored), the
   * address of each uploaded one (built-in pieces have none: the browser
   * synthesises them), and the url and name of what plays first (the
   * station in radio mode).
   */
  async read(): Promise<MusicSettingsRead> {
    const { music } = await this.settings.getAppearance();
    const stored = new Set((await this.library.list()).map((file) => file.name));
    const keys = music.keys.filter((key) => isBuiltInTrackKey(key) || stored.has(key));
    const urls: Record<string, string> = Object.fromEntries(
      keys.filter((key) => !isBuiltInTrackKey(key)).map((key) => [key, musicFileUrl(key)]),
    );
    const base = { mode: music.mode, keys, station: music.station, urls };
    if (music.mode === 'radio') {
      return { ...base, url: music.station?.url ?? null, name: music.station?.name ?? null };
    }
    const first = keys[0];
    if (first === undefined) return { ...base, url: null, name: null };
    const titles = isBuiltInTrackKey(first) ? MUSIC_TRACKS : await this.titles();
    return {
      ...base,
      url: Object.hasOwn(urls, first) ? (urls[first] ?? null) : null,
      name: Object.hasOwn(titles, first) ? (titles[first] ?? first) : first,
    };
  }

  /** Start-up: files an earlier version kept in DATA_DIR/media/music move into the database. */
  importFolder(dir: string): Promise<FolderImport> {
    return this.library.importFolder(dir, AUDIO_RULES);
  }

  private async titles(): Promise<Record<string, string>> {
    const parsed = TitlesSchema.safeParse(await this.settingsRepository.get(TITLES_KEY));
    return parsed.success ? parsed.data : {};
  }
}
