import { crc32, createInflateRaw } from 'node:zlib';

/** One file of a zip, as inflated (never as declared). */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Why a zip was refused: over the byte budget, or not a zip we can read. */
export type UnpackResult =
  { ok: true; entries: ZipEntry[] } | { ok: false; reason: 'too_large' | 'invalid' };

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** Inflates raw deflate data, stopping (and dropping what it has) once `budget` bytes are passed. */
function inflateCounted(
  data: Uint8Array,
  budget: number,
): Promise<Buffer | 'too_large' | 'invalid'> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw();
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (value: Buffer | 'too_large' | 'invalid'): void => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      if (value !== 'too_large' && value !== 'invalid') resolve(value);
      else {
        inflater.destroy();
        resolve(value);
      }
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      total += chunk.byteLength;
      if (total > budget) finish('too_large');
      else chunks.push(chunk);
    });
    inflater.on('error', () => finish('invalid'));
    inflater.on('end', () => {
      if (!settled) finish(Buffer.concat(chunks, total));
    });
    inflater.end(data);
  });
}

/**
 * Unpacks a plain (non-ZIP64, unencrypted) zip from its central directory,
 * counting the bytes actually inflated against `maxBytes` for all entries
 * together: the sizes the zip declares are never trusted, and each entry must
 * match its declared size and CRC-32, or the zip is refused as invalid.
 */
export async function unpackZip(bytes: Uint8Array, maxBytes: number): Promise<UnpackResult> {
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
  let at = u32(end + 16);
  let budget = maxBytes;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.byteLength || u32(at) !== CENTRAL) return { ok: false, reason: 'invalid' };
    const flags = u16(at + 8);
    const method = u16(at + 10);
    const crc = u32(at + 16);
    const compressed = u32(at + 20);
    const declared = u32(at + 24);
    const nameLength = u16(at + 28);
    const local = u32(at + 42);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    at += 46 + nameLength + u16(at + 30) + u16(at + 32);
    // Encrypted entries and ZIP64 sizes are nothing a spreadsheet program writes for our sizes.
    if (flags & 1 || compressed === 0xffffffff || declared === 0xffffffff || local === 0xffffffff) {
      return { ok: false, reason: 'invalid' };
    }
    if (local + 30 > bytes.byteLength || u32(local) !== LOCAL)
      return { ok: false, reason: 'invalid' };
    const start = local + 30 + u16(local + 26) + u16(local + 28);
    if (start + compressed > bytes.byteLength) return { ok: false, reason: 'invalid' };
    const raw = bytes.subarray(start, start + compressed);
    let data: Buffer;
    if (method === 0) {
      if (raw.byteLength > budget) return { ok: false, reason: 'too_large' };
      data = Buffer.from(raw);
    } else if (method === 8) {
      const inflated = await inflateCounted(raw, budget);
      if (inflated === 'too_large' || inflated === 'invalid')
        return { ok: false, reason: inflated };
      data = inflated;
    } else {
      return { ok: false, reason: 'invalid' };
    }
    budget -= data.byteLength;
    if (data.byteLength !== declared || crc32(data) !== crc)
      return { ok: false, reason: 'invalid' };
    entries.push({ name, data });
  }
  return { ok: true, entries };
}

/**
 * Packs entries into a zip that only stores them (no compression), so a
 * reader given it inflates nothing: its sizes are the ones counted above.
 */
export function storeZip(entries: readonly ZipEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(10, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.byteLength, 18);
    local.writeUInt32LE(data.byteLength, 22);
    local.writeUInt16LE(nameBytes.byteLength, 26);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(CENTRAL, 0);
    record.writeUInt16LE(10, 4);
    record.writeUInt16LE(10, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt32LE(crc, 16);
    record.writeUInt32LE(data.byteLength, 20);
    record.writeUInt32LE(data.byteLength, 24);
    record.writeUInt16LE(nameBytes.byteLength, 28);
    record.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    central.push(record, nameBytes);
    offset += 30 + nameBytes.byteLength + data.byteLength;
  }
  const centralSize = central.reduce((sum, part) => sum + part.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
