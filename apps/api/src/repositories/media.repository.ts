import { sql, type Kysely } from 'kysely';
import type { DB, MediaFilesTable } from '../db/schema';

/** Which collection a media file belongs to. */
export type MediaKind = MediaFilesTable['kind'];

/** A complete stored media file, without its content. */
export interface MediaFileRow {
  id: number;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  chunkBytes: number;
  createdAt: Date;
}

/** What a finished upload records. */
export interface FinishedMedia {
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** PostgreSQL's unique_violation: a name some other upload or node took first. */
const UNIQUE_VIOLATION = '23505';

/**
 * SQL for media_files and media_chunks (migration 0028): uploaded media in the
 * database, so every API node serves them. The chunks are part of their file
 * (deleted with it), so one repository owns both tables. Every statement is
 * short and on its own: an upload writes its chunks one by one as they
 * arrive, never in one long transaction that would hold the embedded
 * database's one session for the length of a network transfer.
 */
export class MediaRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Starts a file: an unnamed, incomplete row that nothing lists or serves; answers its id. */
  async begin(kind: MediaKind, chunkBytes: number): Promise<number> {
    const row = await this.db
      .insertInto('media_files')
      .values({ kind, chunk_bytes: chunkBytes })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Writes chunk `idx` of an incomplete file. */
  async putChunk(mediaId: number, idx: number, data: Uint8Array): Promise<void> {
    await this.db.insertInto('media_chunks').values({ media_id: mediaId, idx, data }).execute();
  }

  /**
   * Names a file and makes it visible. False when another complete file of
   * the kind already has the name (the caller discards this one).
   */
  async finish(mediaId: number, file: FinishedMedia): Promise<boolean> {
    try {
      await this.db
        .updateTable('media_files')
        .set({
          name: file.name,
          content_type: file.contentType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          complete: true,
        })
        .where('id', '=', mediaId)
        .execute();
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
      throw error;
    }
  }

  /** Deletes a file row of any state and its chunks (a refused or failed upload). */
  async discard(mediaId: number): Promise<void> {
    await this.db.deleteFrom('media_files').where('id', '=', mediaId).execute();
  }

  /**
   * Deletes incomplete files started before `before`: what a process that
   * stopped in the middle of an upload left behind.
   */
  async discardIncomplete(before: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('media_files')
      .where('complete', '=', false)
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A complete file of the kind by name, or undefined. */
  async find(kind: MediaKind, name: string): Promise<MediaFileRow | undefined> {
    const row = await this.selectComplete(kind).where('name', '=', name).executeTakeFirst();
    return row === undefined ? undefined : toFile(row);
  }

  /** The complete files of a kind, by name. */
  async list(kind: MediaKind): Promise<MediaFileRow[]> {
    const rows = await this.selectComplete(kind).orderBy('name').execute();
    return rows.map(toFile);
  }

  /**
   * `length` bytes of chunk `idx` from offset `from` (0-based), read in the
   * database so a byte range near a chunk's end moves only what it asks for.
   */
  async readChunk(mediaId: number, idx: number, from: number, length: number): Promise<Buffer> {
    const row = await this.db
      .selectFrom('media_chunks')
      .select(sql<Uint8Array>`substring(data from ${from + 1}::int for ${length}::int)`.as('data'))
      .where('media_id', '=', mediaId)
      .where('idx', '=', idx)
      .executeTakeFirst();
    if (row === undefined) throw new Error(`media ${mediaId} has no chunk ${idx}`);
    const { data } = row;
    return Buffer.isBuffer(data)
      ? data
      : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  }

  /** Deletes a complete file of the kind and its chunks; false when there is none. */
  async remove(kind: MediaKind, name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('media_files')
      .where('kind', '=', kind)
      .where('name', '=', name)
      .where('complete', '=', true)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private selectComplete(kind: MediaKind) {
    return this.db
      .selectFrom('media_files')
      .select(['id', 'name', 'content_type', 'size_bytes', 'sha256', 'chunk_bytes', 'created_at'])
      .where('kind', '=', kind)
      .where('complete', '=', true);
  }
}

interface SelectedFile {
  id: number;
  name: string | null;
  content_type: string;
  size_bytes: number;
  sha256: string | null;
  chunk_bytes: number;
  created_at: Date;
}

const toFile = (row: SelectedFile): MediaFileRow => ({
  id: row.id,
  // Complete rows always have both (the table's check).
  name: row.name ?? '',
  contentType: row.content_type,
  sizeBytes: row.size_bytes,
  sha256: row.sha256 ?? '',
  chunkBytes: row.chunk_bytes,
  createdAt: new Date(row.created_at),
});
