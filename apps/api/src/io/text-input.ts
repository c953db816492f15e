import type { TextEncoding } from '@meridian/contracts';
import { IssueList, MAX_UPLOAD_BYTES, invalid, tooLarge } from './issues';
import type { InvalidResult, TooLargeResult } from './issues';

export type DecodedUpload = { ok: true; text: string; encoding: TextEncoding };

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, i) => bytes[i] === byte);

function strictDecode(bytes: Uint8Array, label: string): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The encoding a file's bytes are in, and its text: UTF-16 by its byte order
 * mark (little- or big-endian), else UTF-8 (with or without a mark) when the
 * bytes are valid UTF-8, else Windows-1252, in which every byte is a
 * character. Null for UTF-16 that is not valid. A decoder drops the mark.
 */
export function detectText(bytes: Uint8Array): { text: string; encoding: TextEncoding } | null {
  if (startsWith(bytes, [0xff, 0xfe])) {
    const text = strictDecode(bytes, 'utf-16le');
    return text === null ? null : { text, encoding: 'UTF-16LE' };
  }
  if (startsWith(bytes, [0xfe, 0xff])) {
    const text = strictDecode(bytes, 'utf-16be');
    return text === null ? null : { text, encoding: 'UTF-16BE' };
  }
  const utf8 = strictDecode(bytes, 'utf-8');
  if (utf8 !== null) return { text: utf8, encoding: 'UTF-8' };
  return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
}

/**
 * Windows-1252's characters at 0x80 to 0x9F (the rest is Latin-1); the five
 * bytes it leaves undefined stay C1 controls, as browsers read them. Node's
 * TextDecoder('windows-1252') reads all 32 as Latin-1's controls (U+0080 to
 * U+009F), so a curly apostrophe (0x92) would become U+0092.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH.charAt(c.charCodeAt(0) - 0x80));
}

/**
 * Turns an upload into text: bytes are checked against the 20 MB limit before
 * anything else, then read in the encoding detectText finds. A string is
 * measured by its UTF-8 size so the limit means the same thing whichever way
 * the route hands the file over.
 */
export function decodeUpload(
  input: string | Uint8Array,
): DecodedUpload | TooLargeResult | InvalidResult {
  if (typeof input === 'string') {
    if (Buffer.byteLength(input, 'utf8') > MAX_UPLOAD_BYTES) return tooLarge('bytes');
    return { ok: true, text: input, encoding: 'UTF-8' };
  }
  if (input.byteLength > MAX_UPLOAD_BYTES) return tooLarge('bytes');
  const decoded = detectText(input);
  if (decoded !== null) return { ok: true, ...decoded };
  const errors = new IssueList();
  errors.add(
    1,
    '',
    '',
    'the file starts with a UTF-16 byte order mark but is not valid UTF-16 text (save it as "CSV UTF-8")',
  );
  return invalid(errors);
}

/** The warning an upload read in another encoding than UTF-8 carries, so the user knows how it was read. */
export function encodingWarning(encoding: TextEncoding | null): string[] {
  return encoding === null || encoding === 'UTF-8'
    ? []
    : [`The file was read as ${encoding} text (it was not saved as UTF-8).`];
}
