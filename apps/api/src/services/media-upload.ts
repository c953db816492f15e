/* eslint-disable security/detect-non-literal-fs-filename -- files live under the configured media folder with server-chosen names, never a name from a request */
import { createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpError } from '../http/http-error';
import type { MediaStore } from '../io/media-store';

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

/** How one kind of upload is recognised and refused. */
export interface UploadRules<Kind extends { extension: string }> {
  /** The kind of file from its first bytes, or null when it is not one we keep. */
  detect: (head: Uint8Array) => Kind | null;
  /** The error for a file over the size cap (413). */
  tooLarge: () => HttpError;
  /** The error for a file whose bytes are not of the kind (names the file). */
  notSupported: (originalName: string) => HttpError;
}

/**
 * Streams an upload to a hidden file (never the whole file in memory), then
 * keeps it under a server-chosen name only when its bytes are of the kind;
 * anything else is deleted and refused. A multipart file stream cut at the
 * size limit is marked `truncated` (or fails with FST_REQ_FILE_TOO_LARGE):
 * that answers 413 and keeps nothing, never a shortened file.
 */
export async function storeCheckedUpload<Kind extends { extension: string }>(
  store: MediaStore,
  stream: Readable & { truncated?: boolean },
  originalName: string,
  rules: UploadRules<Kind>,
): Promise<{ name: string; kind: Kind }> {
  await store.ensureFolder();
  const temporary = store.temporaryPath();
  try {
    await pipeline(stream, createWriteStream(temporary, { mode: 0o640 }));
    if (stream.truncated === true) throw rules.tooLarge();
    const kind = rules.detect(await readHead(temporary));
    if (kind === null) throw rules.notSupported(originalName);
    const name = await store.keep(temporary, originalName, kind.extension);
    return { name, kind };
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    throw error;
  }
}
