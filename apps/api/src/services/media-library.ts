/* eslint-disable security/detect-non-literal-fs-filename -- reads and moves files of DATA_DIR/media whose names match the server's own pattern, never a name from a request */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { HttpError } from '../http/http-error';
import type { MediaFileRow, MediaKind, MediaRepository } from '../repositories/media.repository';

/** Size of every stored chunk but a file's last: 1 MB. */
export const MEDIA_CHUNK_BYTES = 1024 * 1024;

/** Enough of a file's start to recognise every supported container. */
const HEAD_BYTES = 4096;

/** An incomplete upload older than this was left by a process that stopped: start-up deletes it. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Where start-up moves a file of DATA_DIR/media once it is in the database. */
export const IMPORTED_FOLDER = 'imported-to-database';

/** A collection of uploaded media: its kind, folder name under DATA_DIR/media and stored names. */
export interface MediaCollection {
  kind: MediaKind;
  /** The folder under DATA_DIR/media the files lived in before migration 0028. */
  folder: string;
  /** Names the server gives; any other name is refused before a query. */
  storedName: RegExp;
  /** The stem when the uploader's file name has none we can use. */
  fallbackStem: string;
}

/** How one kind of upload is recognised and refused. */
export interface UploadRules<Kind extends { extension: string; mime: string }> {
  /** The kind of file from its first bytes, or null when it is not one we keep. */
  detect: (head: Uint8Array) => Kind | null;
  /** The error for a file over the size cap (413). */
  tooLarge: () => HttpError;
  /** The error for a file whose bytes are not of the kind (names the file). */
  notSupported: (originalName: string) => HttpError;
}

/** A stored file as the library lists it. */
export interface StoredMedia {
  name: string;
  sizeBytes: number;
  modified: Date;
}

/** A stored file ready to be served: its metadata and a reader of any byte range. */
export interface MediaFile {
  name: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the content. */
  sha256: string;
  createdAt: Date;
  /** Streams bytes start..end (inclusive), one chunk read at a time as the consumer pulls. */
  read(start: number, end: number): Readable;
}

/** What start-up did with the files of one DATA_DIR/media folder. */
export interface FolderImport {
  imported: string[];
  /** Already in the database (an earlier start, or another node on a shared folder). */
  present: string[];
  /** Left on disk: not of the kind by their bytes. */
  refused: string[];
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
 * Uploaded media of one collection (background videos, or music files), kept
 * in the database in 1 MB chunks (media.repository.ts), so every API node
 * serves every file. Which files are in use lives in the settings. A name
 * from a request must match the collection's pattern before any query.
 */
export class MediaLibrary {
  constructor(
    private readonly repository: MediaRepository,
    readonly collection: MediaCollection,
  ) {}

  /** Whether a name could be one the server chose. */
  isStoredName(name: string): boolean {
    return this.collection.storedName.test(name);
  }

  async has(name: string): Promise<boolean> {
    return (await this.find(name)) !== undefined;
  }

  async list(): Promise<StoredMedia[]> {
    return (await this.repository.list(this.collection.kind)).map((file) => ({
      name: file.name,
      sizeBytes: file.sizeBytes,
      modified: file.createdAt,
    }));
  }

  /** Deletes a stored file and its content; false when there is no such file. */
  async remove(name: string): Promise<boolean> {
    return this.isStoredName(name) && this.repository.remove(this.collection.kind, name);
  }

  /** A stored file to serve, or null. */
  async open(name: string): Promise<MediaFile | null> {
    const file = await this.find(name);
    if (file === undefined) return null;
    return {
      name: file.name,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      createdAt: file.createdAt,
      read: (start, end) => Readable.from(this.chunks(file, start, end)),
    };
  }

  /**
   * Streams an upload into the database a chunk at a time (never the whole
   * file in memory), then keeps it under a server-chosen name only when its
   * first bytes are of the kind; anything else is refused and nothing stays.
   * Once the first bytes show a refused kind, the rest is read and dropped
   * (the client is still sending it), never written. A multipart file stream
   * cut at the size limit is marked `truncated` (or fails with
   * FST_REQ_FILE_TOO_LARGE): that answers 413 and keeps nothing.
   */
  async store<Kind extends { extension: string; mime: string }>(
    stream: AsyncIterable<Uint8Array> & { truncated?: boolean },
    originalName: string,
    rules: UploadRules<Kind>,
    /** Start-up's import keeps a file's name; an upload gets a new one. */
    keepName?: string,
  ): Promise<{ name: string; kind: Kind } | null> {
    const hash = createHash('sha256');
    const pending: Buffer[] = [];
    let pendingBytes = 0;
    let head: Buffer | null = null;
    let kind: Kind | null = null;
    let refused = false;
    let mediaId: number | null = null;
    let chunkIdx = 0;
    let size = 0;
    const flush = async (all: boolean) => {
      while (pendingBytes >= MEDIA_CHUNK_BYTES || (all && pendingBytes > 0)) {
        const joined = Buffer.concat(pending);
        const chunk = joined.subarray(0, MEDIA_CHUNK_BYTES);
        const rest = joined.subarray(chunk.length);
        pending.length = 0;
        if (rest.length > 0) pending.push(rest);
        pendingBytes = rest.length;
        mediaId ??= await this.repository.begin(this.collection.kind, MEDIA_CHUNK_BYTES);
        await this.repository.putChunk(mediaId, chunkIdx, chunk);
        chunkIdx += 1;
      }
    };
    try {
      for await (const piece of stream) {
        if (refused) continue;
        const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece);
        size += bytes.length;
        hash.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (head === null && pendingBytes >= HEAD_BYTES) {
          head = Buffer.concat(pending).subarray(0, HEAD_BYTES);
          kind = rules.detect(head);
          refused = kind === null;
        }
        if (!refused) await flush(false);
      }
      if (stream.truncated === true) throw rules.tooLarge();
      if (head === null) kind = rules.detect(Buffer.concat(pending));
      if (kind === null) throw rules.notSupported(originalName);
      await flush(true);
      if (mediaId === null) throw new Error('an accepted media file has no content');
      const name =
        keepName ??
        `${stemOf(originalName, this.collection.fallbackStem)}-${randomBytes(4).toString('hex')}${kind.extension}`;
      const finished = await this.repository.finish(mediaId, {
        name,
        contentType: kind.mime,
        sizeBytes: size,
        sha256: hash.digest('hex'),
      });
      if (!finished) {
        await this.repository.discard(mediaId);
        return null;
      }
      return { name, kind };
    } catch (error) {
      if (mediaId !== null) await this.repository.discard(mediaId).catch(() => undefined);
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
      throw error;
    }
  }

  /**
   * Moves the files an earlier version kept in `dir` (DATA_DIR/media/<folder>)
   * into the database under their own names, so the settings that name them
   * still hold, then moves each to DATA_DIR/media/imported-to-database/<folder>.
   * Idempotent: a name already stored is only moved. Also deletes what an
   * interrupted upload left (incomplete files over a day old).
   */
  async importFolder(
    dir: string,
    rules: UploadRules<{ extension: string; mime: string }>,
  ): Promise<FolderImport> {
    await this.repository.discardIncomplete(new Date(Date.now() - ABANDONED_AFTER_MS));
    const outcome: FolderImport = { imported: [], present: [], refused: [] };
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => this.isStoredName(name)).sort();
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return outcome;
      throw error;
    }
    const done = path.join(dir, '..', IMPORTED_FOLDER, this.collection.folder);
    for (const name of names) {
      const file = path.join(dir, name);
      if (await this.has(name)) {
        outcome.present.push(name);
      } else {
        try {
          const stored = await this.store(createReadStream(file), name, rules, name);
          (stored === null ? outcome.present : outcome.imported).push(name);
        } catch {
          outcome.refused.push(name);
          continue;
        }
      }
      await mkdir(done, { recursive: true });
      // Another node sharing the folder may have moved it first.
      await rename(file, path.join(done, name)).catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      });
    }
    return outcome;
  }

  private async find(name: string): Promise<MediaFileRow | undefined> {
    if (!this.isStoredName(name)) return undefined;
    return this.repository.find(this.collection.kind, name);
  }

  /**
   * The bytes start..end of a file, read chunk by chunk as the stream is
   * pulled, with the next chunk's read already under way while the current
   * one is written to the client (at most two chunks in memory).
   */
  private async *chunks(file: MediaFileRow, start: number, end: number): AsyncGenerator<Buffer> {
    const size = file.chunkBytes;
    const last = Math.floor(end / size);
    const read = (idx: number) => {
      const from = Math.max(start - idx * size, 0);
      const to = Math.min(end - idx * size, size - 1);
      return this.repository.readChunk(file.id, idx, from, to - from + 1);
    };
    let next: Promise<Buffer> | null = read(Math.floor(start / size));
    let idx = Math.floor(start / size);
    try {
      while (next !== null) {
        const current: Buffer = await next;
        idx += 1;
        next = idx <= last ? read(idx) : null;
        yield current;
      }
    } finally {
      // A client that went away leaves one read in flight: its outcome no longer matters.
      next?.catch(() => undefined);
    }
  }
}
