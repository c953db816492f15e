/* eslint-disable security/detect-non-literal-fs-filename -- files live under the configured media folder with server-chosen names, never a name from a request */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** A stored file as the folder lists it. */
export interface StoredMedia {
  name: string;
  sizeBytes: number;
  modified: Date;
}

/** A short, safe stem from the uploader's file name, so admins recognise their files. */
function stemOf(originalName: string, fallback: string): string {
  const stem = path
    .basename(originalName, path.extname(originalName))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return stem === '' ? fallback : stem;
}

/**
 * A folder of uploaded media files (background videos, music) under
 * DATA_DIR/media. Files only: which ones are in use lives in the settings.
 * Stored names are chosen by the server and must match `storedName`, so a
 * name from a request (../, NUL, dotfiles) never reaches the file system.
 */
export class MediaStore {
  constructor(
    readonly dir: string,
    private readonly storedName: RegExp,
    /** The stem when the uploader's file name has none we can use. */
    private readonly fallbackStem: string,
  ) {}

  /** Whether a name could be one the server chose (checked before any file system call). */
  isStoredName(name: string): boolean {
    return this.storedName.test(name);
  }

  async ensureFolder(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  /** A fresh hidden path for an upload in progress (dotfiles are never served or listed). */
  temporaryPath(): string {
    return path.join(this.dir, `.upload-${randomBytes(8).toString('hex')}`);
  }

  /** Moves a checked upload to its server-chosen name: the uploader's stem, a random tag, the detected extension. */
  async keep(temporary: string, originalName: string, extension: string): Promise<string> {
    const stem = stemOf(originalName, this.fallbackStem);
    const name = `${stem}-${randomBytes(4).toString('hex')}${extension}`;
    await rename(temporary, path.join(this.dir, name));
    return name;
  }

  has(name: string): boolean {
    return this.isStoredName(name) && existsSync(path.join(this.dir, name));
  }

  async list(): Promise<StoredMedia[]> {
    const names = existsSync(this.dir) ? await readdir(this.dir) : [];
    const files = await Promise.all(
      names
        .filter((name) => this.isStoredName(name))
        .map(async (name) => {
          const info = await stat(path.join(this.dir, name));
          return { name, sizeBytes: info.size, modified: info.mtime };
        }),
    );
    return files.sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Deletes a stored file; false when there is no such file. */
  async remove(name: string): Promise<boolean> {
    if (!this.has(name)) return false;
    await unlink(path.join(this.dir, name));
    return true;
  }
}
