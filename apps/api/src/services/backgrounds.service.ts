import type { Readable } from 'node:stream';
import { MAX_BACKGROUND_VIDEO_BYTES, type BackgroundVideo } from '@meridian/contracts';
import { HttpError, notFound } from '../http/http-error';
import type { SettingsService } from './settings.service';
import type { BackgroundStore } from '../io/background-store';
import { videoUrl } from '../io/background-store';
import { detectVideo } from '../io/video-signature';
import { storeCheckedUpload } from './media-upload';

const MAX_VIDEO_MB = MAX_BACKGROUND_VIDEO_BYTES / (1024 * 1024);

/** Background videos: upload checked by content, list, delete, and the active one's address. */
export class BackgroundsService {
  constructor(
    /** The folder; public so the routes can serve it. */
    readonly store: BackgroundStore,
    private readonly settings: SettingsService,
  ) {}

  async list(): Promise<BackgroundVideo[]> {
    const { activeVideo } = await this.settings.getAppearance();
    return (await this.store.list()).map((video) => ({
      name: video.name,
      url: videoUrl(video.name),
      size_bytes: video.sizeBytes,
      uploaded_at: video.modified.toISOString(),
      active: video.name === activeVideo,
    }));
  }

  /** Keeps an upload only when its bytes are a video (see storeCheckedUpload): 413 over the cap, 415 otherwise. */
  async upload(
    stream: Readable & { truncated?: boolean },
    originalName: string,
  ): Promise<{ name: string; url: string }> {
    const { name } = await storeCheckedUpload(this.store, stream, originalName, {
      detect: detectVideo,
      tooLarge: () =>
        new HttpError(413, `The video is larger than the limit of ${MAX_VIDEO_MB} MB`),
      notSupported: (file) =>
        new HttpError(
          415,
          `'${file}' is not a supported video: upload an MP4, QuickTime, WebM or Ogg video file`,
        ),
    });
    return { name, url: videoUrl(name) };
  }

  /** Deletes a video; when it was the active one, the landing goes back to no video. */
  async remove(name: string): Promise<void> {
    if (!(await this.store.remove(name))) throw notFound(`No background video named '${name}'`);
    const appearance = await this.settings.getAppearance();
    if (appearance.activeVideo === name) {
      await this.settings.putAppearance({ ...appearance, activeVideo: null });
    }
  }

  /** The active video's address, or null when none is chosen or its file is gone. */
  async activeUrl(): Promise<string | null> {
    const { activeVideo } = await this.settings.getAppearance();
    return activeVideo !== null && this.store.has(activeVideo) ? videoUrl(activeVideo) : null;
  }
}
