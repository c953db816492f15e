import { createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_BACKGROUND_VIDEO_BYTES, type BackgroundVideo } from '@meridian/contracts';
import { HttpError, notFound } from '../http/http-error';
import type { SettingsService } from './settings.service';
import type { BackgroundStore } from '../io/background-store';
import { videoUrl } from '../io/background-store';
import { detectVideo } from '../io/video-signature';

const MAX_VIDEO_MB = MAX_BACKGROUND_VIDEO_BYTES / (1024 * 1024);

/** Enough of a file's start to recognise every supported container. */
const HEAD_BYTES = 4096;

async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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

  /**
   * Streams an upload to a hidden file (never the whole video in memory), then
   * keeps it only when its bytes are a video; anything else is deleted and
   * refused with a detail naming the file. A multipart file stream cut at the
   * size limit is marked `truncated` (or fails with FST_REQ_FILE_TOO_LARGE):
   * that answers 413 and keeps nothing, never a shortened video.
   */
  async upload(
    stream: Readable & { truncated?: boolean },
    originalName: string,
  ): Promise<{ name: string; url: string }> {
    await this.store.ensureFolder();
    const temporary = this.store.temporaryPath();
    const tooLarge = () =>
      new HttpError(413, `The video is larger than the limit of ${MAX_VIDEO_MB} MB`);
    try {
      await pipeline(stream, createWriteStream(temporary, { mode: 0o640 }));
      if (stream.truncated === true) throw tooLarge();
      const kind = detectVideo(await readHead(temporary));
      if (kind === null) {
        throw new HttpError(
          415,
          `'${originalName}' is not a supported video: upload an MP4, QuickTime, WebM or Ogg video file`,
        );
      }
      const name = await this.store.keep(temporary, originalName, kind.extension);
      return { name, url: videoUrl(name) };
    } catch (error) {
      await unlink(temporary).catch(() => undefined);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
      throw error;
    }
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
