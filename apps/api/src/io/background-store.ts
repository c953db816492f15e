import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Where the public copies are served from (see backgrounds.routes.ts). */
export const BACKGROUNDS_URL_PREFIX = '/media/backgrounds/';

/** Names the server gives stored videos; anything else (../, NUL, dotfiles) is refused. */
const STORED_NAME = /^[a-z0-9][a-z0-9-]{0,63}\.(mp4|mov|webm|ogv)$/;

/** A stored video file as the folder lists it. */
export interface StoredVideo {
  name: string;
  sizeBytes: number;
  modified: Date;
}

/** Whether a name could be one the server chose (checked before any file system call). */
export const isStoredVideoName = (name: string): boolean => STORED_NAME.test(name);

/** The public address of a stored video. */
export const videoUrl = (name: string): string => `${BACKGROUNDS_URL_PREFIX}${name}`;

/** A short, safe stem from the uploader's file name, so admins recognise their videos. */
function stemOf(originalName: string): string {
  const stem = path
    .basename(originalName, path.extname(originalName))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return stem === '' ? 'video' : stem;
}

/**
 * The folder of background videos (DATA_DIR/media/backgrounds). Files only:
 * which one is active lives in the appearance settings.
 */
export class BackgroundStore {
  constructor(readonly dir: string) {}

  async ensureFolder(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** A fresh hidden path for an upload in progress (dotfiles are never served or listed). */
  temporaryPath(): string {
    return path.join(this.dir, `.upload-${randomBytes(8).toString('hex')}`);
  }

  /** Moves a checked upload to its server-chosen name: the uploader's stem, a random tag, the detected extension. */
  async keep(temporary: string, originalName: string, extension: string): Promise<string> {
    const name = `${stemOf(originalName)}-${randomBytes(4).toString('hex')}${extension}`;
    await rename(temporary, path.join(this.dir, name));
    return name;
  }

  has(name: string): boolean {
    return isStoredVideoName(name) && existsSync(path.join(this.dir, name));
  }

  async list(): Promise<StoredVideo[]> {
    const names = existsSync(this.dir) ? await readdir(this.dir) : [];
    const videos = await Promise.all(
      names.filter(isStoredVideoName).map(async (name) => {
        const info = await stat(path.join(this.dir, name));
        return { name, sizeBytes: info.size, modified: info.mtime };
      }),
    );
    return videos.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Deletes a stored video; false when there is no such file. */
  async remove(name: string): Promise<boolean> {
    if (!this.has(name)) return false;
    await unlink(path.join(this.dir, name));
    return true;
  }
}
