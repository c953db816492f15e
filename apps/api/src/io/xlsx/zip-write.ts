import { crc32, deflateRawSync } from 'node:zlib';

/** One file to put in a zip. */
export interface ZipFile {
  name: string;
  data: Buffer;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
/** 1980-01-01 00:00 in MS-DOS time: the files carry no time of their own, so equal inputs give equal bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/**
 * Packs files into a plain zip, each deflated (the form every spreadsheet
 * program reads): local headers, then the central directory, then its end
 * record. Names are marked UTF-8. No ZIP64: an export is far below 4 GB.
 */
export function writeZip(files: readonly ZipFile[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = deflateRawSync(data);
    const crc = crc32(data);
    const header = (size: number, signature: number): Buffer => {
      const at = signature === CENTRAL ? 2 : 0; // the central record has "made by" before the rest
      const record = Buffer.alloc(size);
      record.writeUInt32LE(signature, 0);
      if (at) record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 4 + at); // version needed: 2.0 (deflate)
      record.writeUInt16LE(0x0800, 6 + at); // names are UTF-8
      record.writeUInt16LE(8, 8 + at); // deflate
      record.writeUInt16LE(0, 10 + at); // time
      record.writeUInt16LE(DOS_DATE, 12 + at);
      record.writeUInt32LE(crc, 14 + at);
      record.writeUInt32LE(packed.byteLength, 18 + at);
      record.writeUInt32LE(data.byteLength, 22 + at);
      record.writeUInt16LE(nameBytes.byteLength, 26 + at);
      return record;
    };
    const record = header(46, CENTRAL);
    record.writeUInt32LE(offset, 42);
    parts.push(header(30, LOCAL), nameBytes, packed);
    central.push(record, nameBytes);
    offset += 30 + nameBytes.byteLength + packed.byteLength;
  }
  const centralSize = central.reduce((sum, part) => sum + part.byteLength, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, ...central, end]);
}
