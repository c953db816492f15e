import { IssueList, MAX_UPLOAD_BYTES, invalid, tooLarge } from './issues';
import type { InvalidResult, TooLargeResult } from './issues';

/**
 * Turns an upload into text: bytes are checked against the 20 MB limit before
 * anything else and must be valid UTF-8 (a byte order mark is allowed and
 * dropped later by the reader). A string is measured by its UTF-8 size so the
 * limit means the same thing whichever way the route hands the file over.
 */
export function decodeUpload(
  input: string | Uint8Array,
): { ok: true; text: string } | TooLargeResult | InvalidResult {
  if (typeof input === 'string') {
    if (Buffer.byteLength(input, 'utf8') > MAX_UPLOAD_BYTES) return tooLarge('bytes');
    return { ok: true, text: input };
  }
  if (input.byteLength > MAX_UPLOAD_BYTES) return tooLarge('bytes');
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(input) };
  } catch {
    const errors = new IssueList();
    errors.add(1, '', '', 'the file is not UTF-8 text (save it as "CSV UTF-8")');
    return invalid(errors);
  }
}
