import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseScheduleXlsx } from '../../src/io/parse-schedule';
import { MAX_XLSX_EXPANDED_BYTES } from '../../src/io/xlsx-reader';
import { OPTIONS, expectInvalid, expectOk } from './helpers';

/** Offsets of every record with this signature, in file order. */
function signatures(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let i = 0; i + 4 <= bytes.byteLength; i++) {
    if (view.getUint32(i, true) === signature) found.push(i);
  }
  return found;
}

/**
 * A zip with one deflated entry whose headers (local and central) declare
 * `declared` bytes while the data inflates to `actual` zero bytes: the bomb
 * the declared-size guard let through.
 */
function lyingZip(name: string, actual: number, declared: number): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(actual), { level: 9 });
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(0, 14); // crc: a lie as well
  local.writeUInt32LE(data.byteLength, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBytes.byteLength, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.byteLength, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBytes.byteLength, 28);
  central.writeUInt32LE(0, 42); // local header at 0
  const centralAt = 30 + nameBytes.byteLength + data.byteLength;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + nameBytes.byteLength, 12);
  end.writeUInt32LE(centralAt, 16);
  return new Uint8Array(Buffer.concat([local, nameBytes, data, central, nameBytes, end]));
}

describe('xlsx unpacking counts the bytes it inflates', () => {
  it('answers too large (413) for an entry declared as 1 KB that inflates past the limit', async () => {
    const bomb = lyingZip('xl/worksheets/sheet1.xml', MAX_XLSX_EXPANDED_BYTES + 1024 * 1024, 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    const started = process.memoryUsage().rss;
    const result = await parseScheduleXlsx(bomb, OPTIONS);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.kind).toBe('too_large');
    expect(!result.ok && result.kind === 'too_large' && result.detail).toContain('200 MB');
    // The inflated bytes were dropped, not kept in memory.
    expect(process.memoryUsage().rss - started).toBeLessThan(400 * 1024 * 1024);
  }, 60_000);

  it('refuses an entry whose CRC does not match its bytes', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Jobs').addRow(['customer', 'start']);
    book.getWorksheet('Jobs')!.addRow(['A', '2026-03-02']);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    expectOk(await parseScheduleXlsx(bytes, OPTIONS));
    const forged = bytes.slice();
    const view = new DataView(forged.buffer);
    for (const at of signatures(forged, 0x02014b50)) {
      view.setUint32(at + 16, view.getUint32(at + 16, true) ^ 0xdeadbeef, true);
    }
    const result = expectInvalid(await parseScheduleXlsx(forged, OPTIONS));
    expect(result.errors[0]!.message).toContain('.xlsx');
  });

  it('refuses an entry that inflates to more or less than it declares', async () => {
    const result = expectInvalid(
      await parseScheduleXlsx(lyingZip('xl/workbook.xml', 5000, 1000), OPTIONS),
    );
    expect(result.errors[0]!.message).toContain('.xlsx');
  });
});
