import type { DatabaseKind } from '../db/database';
import { conflict } from '../http/http-error';

/** A backup file to hand to an admin. */
export interface BackupArchive {
  filename: string;
  bytes: Buffer;
}

/**
 * The online backup (docs/operations.md). The embedded database can be read
 * only by the server that holds it, so the server writes the archive; a
 * PostgreSQL installation backs up with pg_dump, which reads a consistent
 * snapshot from outside while every node keeps running.
 */
export class BackupService {
  constructor(
    private readonly kind: DatabaseKind,
    private readonly dumpEmbedded: (() => Promise<Blob>) | undefined,
  ) {}

  async archive(now = new Date()): Promise<BackupArchive> {
    if (this.kind !== 'embedded' || this.dumpEmbedded === undefined) {
      throw conflict(
        'This server runs on PostgreSQL: back it up with pg_dump (see the operations guide)',
      );
    }
    const blob = await this.dumpEmbedded();
    return {
      filename: `meridian-backup-${now.toISOString().slice(0, 10)}.tgz`,
      bytes: Buffer.from(await blob.arrayBuffer()),
    };
  }
}
