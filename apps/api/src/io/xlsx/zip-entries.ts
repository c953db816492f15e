import { createInflateRaw, crc32 } from 'node:zlib';

/** Where one file of a zip lies and what its central directory says about it. */
export interface ZipEntryRef {
  name: string;
  method: number;
  crc: number;
  /** Uncompressed size as declared: checked after inflating, never trusted before. */
  declared: number;
  /** The compressed data's offset and length in the zip. */
  start: number;
  compressed: number;
}

/** Bytes inflated so far across every part a reader takes from one zip, against one limit. */
export interface InflateBudget {
  left: number;
}

/** Why a zip was refused: not one we read, or more files than the limit. */
export type ZipListing =
  | { ok: true; entries: Map<string, ZipEntryRef> }
  | { ok: false; reason: 'invalid' | 'too_many_entries' };

/** Thrown while inflating: the budget ran out, or the data is not what its header says. */
export class ZipEntryError extends Error {
  override name = 'ZipEntryError';
  constructor(readonly reason: 'too_large' | 'invalid') {
    super(reason === 'too_large' ? 'the zip inflates past its limit' : 'a zip entry is corrupt');
  }
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/**
 * Lists a plain (non-ZIP64, unencrypted) zip from its central directory
 * without inflating anything: names are keyed in lower case (OPC part names
 * are case-insensitive). More than `maxEntries` files is refused before any
 * is looked at; each entry's local header must agree with its directory
 * record (method, CRC and sizes, unless a data descriptor follows the data).
 */
export function listZip(bytes: Uint8Array, maxEntries: number): ZipListing {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u16 = (at: number): number => view.getUint16(at, true);
  // The end-of-central-directory record sits in the last 22 + 65,535 bytes.
  let end = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 65_557); i--) {
    if (u32(i) === END) {
      end = i;
      break;
    }
  }
  if (end < 0) return { ok: false, reason: 'invalid' };
  const count = u16(end + 10);
  if (count > maxEntries) return { ok: false, reason: 'too_many_entries' };
  let at = u32(end + 16);
  const entries = new Map<string, ZipEntryRef>();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.byteLength || u32(at) !== CENTRAL) return { ok: false, reason: 'invalid' };
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressed = u32(at + 20);
    const declared = u32(at + 24);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    if (at + 46 + nameLength > bytes.byteLength) return { ok: false, reason: 'invalid' };
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    // Encrypted entries and ZIP64 sizes are nothing a spreadsheet program writes for our sizes.
    if (flags & 1 || compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff)
      return { ok: false, reason: 'invalid' };
    if (local + 30 > bytes.byteLength || u32(local) !== LOCAL)
      return { ok: false, reason: 'invalid' };
    const described = (u16(local + 6) & 8) !== 0;
    const agrees =
      u16(local + 8) === method &&
      (described ||
        (u32(local + 14) === crc &&
          u32(local + 18) === compressed &&
          u32(local + 22) === declared));
    if (!agrees) return { ok: false, reason: 'invalid' };
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > bytes.byteLength) return { ok: false, reason: 'invalid' };
    entries.set(name.toLowerCase(), { name, method, crc, declared, start, compressed });
  }
  return { ok: true, entries };
}

/**
 * Inflates one entry chunk by chunk into `onChunk`, counting every byte
 * against the shared budget as it comes (so a part that lies about its size
 * costs no more than the budget), then checks the total and CRC-32 against
 * the directory. Throws ZipEntryError('too_large') past the budget and
 * ZipEntryError('invalid') for corrupt data; whatever `onChunk` throws ends
 * the inflating and is passed on.
 */
export async function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntryRef,
  budget: InflateBudget,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  const raw = bytes.subarray(entry.start, entry.start + entry.compressed);
  let total = 0;
  let crc = 0;
  const take = (chunk: Buffer): void => {
    total += chunk.byteLength;
    budget.left -= chunk.byteLength;
    if (budget.left < 0) throw new ZipEntryError('too_large');
    crc = crc32(chunk, crc);
    onChunk(chunk);
  };
  if (entry.method === 0) {
    for (let at = 0; at < raw.byteLength; at += 64 * 1024)
      take(Buffer.from(raw.subarray(at, Math.min(raw.byteLength, at + 64 * 1024))));
  } else if (entry.method === 8) {
    const inflater = createInflateRaw({ chunkSize: 64 * 1024 });
    inflater.end(raw);
    try {
      for await (const chunk of inflater) take(chunk as Buffer);
    } catch (error) {
      inflater.destroy();
      // zlib's own errors (Z_DATA_ERROR, Z_BUF_ERROR, ...) mean corrupt data.
      if (/^Z_/.test((error as { code?: string }).code ?? '')) throw new ZipEntryError('invalid');
      throw error;
    }
  } else {
    throw new ZipEntryError('invalid');
  }
  if (total !== entry.declared || crc !== entry.crc) throw new ZipEntryError('invalid');
}
