import type { Readable } from 'node:stream';
import { MAX_BACKGROUND_VIDEO_BYTES, type BackgroundVideo } from '@meridian/contracts';
import { HttpError, notFound } from '../http/http-error';
import type { SettingsService } from './settings.service';
import { videoUrl } from '../io/background-url';
import { detectVideo, type VideoKind } from '../io/video-signature';
import type { FolderImport, MediaCollection, MediaLibrary, UploadRules } from './media-library';

const MAX_VIDEO_MB = MAX_BACKGROUND_VIDEO_BYTES / (1024 * 1024);

/** Background videos in the media tables; before migration 0028, in DATA_DIR/media/backgrounds. */
export const BACKGROUND_MEDIA: MediaCollection = {
  kind: 'background',
  folder: 'backgrounds',
  // Names the server gives stored videos; anything else is refused.
  storedName: /^[a-z0-9][a-z0-9-]{0,63}\.(mp4|mov|webm|ogv)$/,
  fallbackStem: 'video',
};

/** Videos are recognised by their first bytes: 413 over the cap, 415 otherwise. */
const VIDEO_RULES: UploadRules<VideoKind> = {
  detect: detectVideo,
  tooLarge: () => new HttpError(413, `The video is larger than the limit of ${MAX_VIDEO_MB} MB`),
  notSupported: (file) =>
    new HttpError(
      415,
      `'${file}' is not a supported video: upload an MP4, QuickTime, WebM or Ogg video file`,
    ),
};

/** Background videos: upload checked by content, list, delete, and the active one's address. */
export class BackgroundsService {
  constructor(
    /** The stored videos; public so the routes can serve them. */
    readonly library: MediaLibrary,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<BackgroundVideo[]> {
    const { activeVideo } = await this.settings.getAppearance();
    return (await this.library.list()).map((video) => ({
      name: video.name,
      url: videoUrl(video.name),
      size_bytes: video.sizeBytes,
      uploaded_at: video.modified.toISOString(),
      active: video.name === activeVideo,
    }));
  }

  /** Keeps an upload only when its bytes are a video (see MediaLibrary.store): 413 over the cap, 415 otherwise. */
  async upload(
    stream: Readable & { truncated?: boolean },
    originalName: string,
  ): Promise<{ name: string; url: string }> {
    const stored = await this.library.store(stream, originalName, VIDEO_RULES);
    // A fresh random name taken by another file: as unlikely as a collision of 32 random bits.
    if (stored === null) throw new Error('a new background video name was already taken');
    return { name: stored.name, url: videoUrl(stored.name) };
  }

  /** Start-up: videos an earlier version kept in DATA_DIR/media/backgrounds move into the database. */
  importFolder(dir: string): Promise<FolderImport> {
    return this.library.importFolder(dir, VIDEO_RULES);
  }

  /** Deletes a video; when it was the active one, the landing goes back to no video. */
  async remove(name: string): Promise<void> {
    if (!(await this.library.remove(name))) throw notFound(`No background video named '${name}'`);
    const appearance = await this.settings.getAppearance();
    if (appearance.activeVideo === name) {
      await this.settings.putAppearance({ ...appearance, activeVideo: null });
    }
  }

  /** The active video's address, or null when none is chosen or its file is gone. */
  async activeUrl(): Promise<string | null> {
    const { activeVideo } = await this.settings.getAppearance();
    return activeVideo !== null && (await this.library.has(activeVideo))
      ? videoUrl(activeVideo)
      : null;
  }
}
